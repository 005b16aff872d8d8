/**
 * The CRM area's bespoke parts: the project card's e-mails tab (NAV-43, view `LEAD_EMAIL`). A
 * projects schema that declares an `emails` tab gets its content replaced; otherwise the tab is
 * added after the generated ones.
 */
import { projects } from '../../schemas/engagements/projects';
import { defineParts, type EntityParts } from '../resources/parts';
import { ProjectEmailsTab } from './ProjectEmailsTab';

const declared = (projects.show?.tabs ?? []).some((t) => t.name === 'emails');

export const projectEmailParts = defineParts(
  projects,
  (declared
    ? { show: { tabs: { emails: ProjectEmailsTab } } }
    : {
        show: { addTabs: [{ name: 'emails', label: 'E-mails', module: 'LEAD_EMAIL', component: ProjectEmailsTab }] },
      }) as EntityParts,
);
