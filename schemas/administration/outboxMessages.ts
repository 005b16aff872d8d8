import { defineEntity, f } from '../define';

/** What an outbox message is: not yet handed to the mail server, accepted by it, or refused. */
export const OUTBOX_STATUSES = ['QUEUED', 'SENT', 'FAILED'] as const;

/**
 * The outbox (docs/decisions.md, "sending e-mail"): every e-mail the product sends is a row
 * here, written in the transaction of the write that asked for it, and delivered after commit by
 * `server/mail/outbox.ts` when `SMTP_URL` is set. Without SMTP a row stays `QUEUED` ("not sent");
 * a refused delivery is `FAILED` with the error. Admins read it; nobody writes it through the API.
 */
export const outboxMessages = defineEntity({
  name: 'outboxMessages',
  entityName: 'OutboxMessage',
  label: 'Outbox',
  area: 'administration',
  icon: 'Outbox',
  access: { read: 'admin', write: 'admin', page: 'admin' },
  history: false,
  fields: {
    to: f.text({ required: true, maxLength: 1000, column: 'recipients', label: 'To' }),
    cc: f.text({ maxLength: 1000, label: 'Copies' }),
    from: f.email({ column: 'sender', label: 'Reply to' }),
    subject: f.text({ required: true, singleLine: true }),
    body: f.longText({ maxLength: 20000 }),
    status: f.enum(OUTBOX_STATUSES, { required: true, default: 'QUEUED' }),
    sentDate: f.dateTime({ label: 'Sent' }),
    error: f.longText(),
    attempts: f.number({ integer: true, min: 0, default: 0 }),
    sourceType: f.enum(['LEAD_EMAIL', 'PASSWORD_RESET'], { required: true }),
    sourceId: f.number({ integer: true }),
  },
  genericWrites: { create: false, update: false, delete: false },
  indexes: [
    ['status', 'createdDate'],
    ['sourceType', 'sourceId'],
  ],
  search: ['to', 'subject'],
  recordRepresentation: 'subject',
  list: {
    columns: ['createdDate', 'to', 'subject', 'status', 'sentDate', 'error', 'sourceType'],
    filters: [
      { source: 'search', label: 'Search', alwaysOn: true },
      { source: 'status', field: 'status', label: 'Status' },
    ],
  },
});
