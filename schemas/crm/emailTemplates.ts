import { defineEntity, f } from '../define';

/**
 * E-mail templates for lead e-mails (MAIL-06..10, NAV-102/103), under the `project` module. A
 * template belongs to one project (`projectId`, written flat, filter `projectId=`) or, without
 * one, to every project. The body is rich text: the server keeps its safe subset.
 */
export const emailTemplates = defineEntity({
  name: 'emailTemplates',
  entityName: 'EmailTemplate',
  label: 'E-mail templates',
  area: 'crm',
  icon: 'Drafts',
  module: 'project',
  route: 'templates',
  fields: {
    name: f.text({ required: true }),
    subject: f.text({ required: true, singleLine: true }),
    body: f.longText({ html: true, maxLength: 20000, help: 'Rich text: scripts and event handlers are removed' }),
    projectId: f.refId('projects', { label: 'Project', help: 'Empty: offered on every project', onDelete: 'cascade' }),
  },
  defaultSort: [['name', 'asc']],
  search: ['name', 'subject'],
  recordRepresentation: 'name',
  list: {
    columns: ['name', 'subject', 'projectId', 'lastModifiedDate'],
    filters: [
      { source: 'search', label: 'Search', alwaysOn: true },
      { source: 'projectId', field: 'projectId', label: 'Project' },
    ],
  },
});
