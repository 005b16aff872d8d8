import { defineEntity, f } from '../define';
import { MAIL_ADDRESS_LIST } from './mailAddresses';

/**
 * E-mails to a project's contacts (MAIL-01..05, NAV-43), under the `LEAD_EMAIL` module. A POST
 * queues the message in the outbox in the same transaction (`server/mail/outbox.ts`); it is
 * delivered after commit when SMTP is configured, otherwise it stays "not sent". An e-mail once
 * written is a record of what was sent: it is neither changed nor deleted. `from` is the sender's
 * user e-mail; `status`, `sentDate` and `error` are read from the outbox. The bodies (the outbox
 * copy, the sender, the flat `projectId`) are in `server/crm/leadEmails.ts`.
 */
export const leadEmails = defineEntity({
  name: 'leadEmails',
  entityName: 'LeadEmail',
  label: 'Lead e-mails',
  area: 'crm',
  icon: 'Email',
  module: 'LEAD_EMAIL',
  hideFromMenu: true,
  fields: {
    to: f.text({ required: true, maxLength: 1000, pattern: MAIL_ADDRESS_LIST, column: 'recipients', label: 'To' }),
    cc: f.text({ maxLength: 1000, pattern: MAIL_ADDRESS_LIST, label: 'Copies' }),
    subject: f.text({ required: true, singleLine: true }),
    body: f.longText({ required: true, html: true, maxLength: 20000 }),
    project: f.ref('projects', { required: true, onDelete: 'cascade' }),
    from: f.email({ readOnly: true, column: 'sender', label: 'From' }),
  },
  computed: {
    status: { type: 'text', label: 'Status' },
    sentDate: { type: 'dateTime', label: 'Sent' },
    error: { type: 'text', label: 'Error' },
  },
  genericWrites: { update: false, delete: false },
  projections: { full: { embed: { project: ['id'] } } },
  defaultSort: [['createdDate', 'desc']],
  search: ['subject', 'to', 'cc'],
  recordRepresentation: 'subject',
  indexes: [['project', 'createdDate']],
  list: {
    columns: ['createdDate', 'to', 'from', 'cc', 'subject', 'status', 'body'],
    perPageOptions: [1, 20, 50, 100],
  },
});
