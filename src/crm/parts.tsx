/**
 * The CRM area's bespoke parts: the project card's e-mails tab (NAV-43, view `LEAD_EMAIL`), which
 * the projects' parts put in place of the generated `emails` tab. Its code (list, compose dialog)
 * loads when it is opened.
 */
import { lazy, Suspense } from 'react';
import type { TabProps } from '../resources/parts';

const LazyEmailsTab = lazy(() => import('./ProjectEmailsTab').then((m) => ({ default: m.ProjectEmailsTab })));

/** The project card's e-mails tab: the lead e-mails of the project, with the compose dialog. */
export const ProjectEmails = (props: TabProps) => (
  <Suspense fallback={null}>
    <LazyEmailsTab {...props} />
  </Suspense>
);
