import { defineEntity, f } from '../define';
import { MAIL_ADDRESS_LIST } from './mailAddresses';

/** The delivery state of a lead e-mail, read from its outbox message (`outboxMessages`). */
const OUTBOX_OF = (row: string) =>
  `(SELECT {col} FROM outbox_messages o WHERE o.source_type = 'LEAD_EMAIL' AND o.source_id = ${row}.id ORDER BY o.id DESC LIMIT 1)`;
const outbox = (column: string) => (row: string) => OUTBOX_OF(row).replace('{col}', `o.${column}`);

/**
 * E-mails to a project's contacts (MAIL-01..05, NAV-43), under the `LEAD_EMAIL` module. A POST
 * queues the message in the outbox in the same transaction (`server/mail/outbox.ts`); it is
 * delivered after commit when SMTP is configured, otherwise it stays "not sent". An e-mail once
 * written is a record of what was sent: it is neither changed nor deleted. `from` is the sender's
 * user e-mail; `status`, `sentDate` and `error` are read from the outbox.
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
    subject: f.text({ required: true }),
    body: f.longText({ required: true, html: true, maxLength: 20000 }),
    project: f.ref('projects', { required: true, onDelete: 'cascade' }),
    from: f.email({ readOnly: true, column: 'sender', label: 'From' }),
  },
  computed: {
    status: { type: 'text', label: 'Status', sql: outbox('status') },
    sentDate: { type: 'dateTime', label: 'Sent', sql: outbox('sent_date') },
    error: { type: 'text', label: 'Error', sql: outbox('error') },
  },
  genericWrites: { update: false, delete: false },
  hooks: {
    // MAIL-04: the project may be sent flat as `projectId`, as the spec's compose dialog does
    beforeValidate: async ({ body, mode }) => {
      if (mode !== 'create' || !Object.hasOwn(body, 'projectId')) return;
      if (body.project === undefined && body.projectId != null) body.project = { id: body.projectId };
      delete body.projectId;
    },
    // the sender is the signed-in user, whatever the body says
    beforeChange: async ({ tx, user, mode }) => {
      if (mode !== 'create') return;
      const [row] = await tx.query<{ email: string | null }>('SELECT email FROM app_users WHERE username = $1', [
        user.username,
      ]);
      return { from: row?.email ?? null };
    },
  },
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
