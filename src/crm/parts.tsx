/**
 * The CRM area's bespoke parts: the project card's e-mails tab (NAV-43, view `LEAD_EMAIL`). A
 * projects schema that declares an `emails` tab gets its content replaced; otherwise the tab is
 * added after the generated ones. The tab's code (list, compose dialog) loads when it is opened.
 */
import { lazy, Suspense } from 'react';
import { projects } from '../../schemas/engagements/projects';
import { defineParts, type EntityParts, type TabProps } from '../resources/parts';

const LazyEmailsTab = lazy(() => import('./ProjectEmailsTab').then((m) => ({ default: m.ProjectEmailsTab })));

const ProjectEmails = (props: TabProps) => (
  <Suspense fallback={null}>
    <LazyEmailsTab {...props} />
  </Suspense>
);

const declared = (projects.show?.tabs ?? []).some((t) => t.name === 'emails');

export const projectEmailParts = defineParts(
  projects,
  (declared
    ? { show: { tabs: { emails: ProjectEmails } } }
    : {
        show: { addTabs: [{ name: 'emails', label: 'E-mails', module: 'LEAD_EMAIL', component: ProjectEmails }] },
      }) as EntityParts,
);
