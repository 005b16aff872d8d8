import nodemailer from 'nodemailer';
import sanitizeHtml from 'sanitize-html';
import { splitAddresses } from '../../schemas/crm/mailAddresses';
import { type JobKind, PermanentJobError } from '../jobs/queue';
import type { MailConfig } from './config';

/** A row of `outbox_messages` as the sender reads it. */
interface OutboxRow {
  id: number;
  recipients: string;
  cc: string | null;
  sender: string | null;
  subject: string;
  body: string | null;
  [key: string]: unknown;
}

/** The job kind that delivers one outbox message. */
export const MAIL_SEND = 'mail.send';

/** The payload of a {@link MAIL_SEND} job: the `outbox_messages` row to deliver. */
export interface MailSendPayload {
  messageId: number;
}

/** The plain-text part of a message whose body is rich text. */
const plainText = (html: string): string =>
  sanitizeHtml(html.replace(/<\/(p|div|h\d|li|tr)>|<br\s*\/?>/gi, '$&\n'), { allowedTags: [], allowedAttributes: {} })
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .trim();

/** Whether the mail server refused for good (an SMTP 5xx reply), so another attempt cannot help. */
const refusedForGood = (e: unknown): boolean => {
  const code = (e as { responseCode?: unknown }).responseCode;
  return typeof code === 'number' && code >= 500;
};

/**
 * The outbox as a job kind (`server/jobs/queue.ts`): each e-mail the product sends is an
 * `outbox_messages` row and a {@link MAIL_SEND} job queued in the same transaction
 * (`server/mail/hooks.ts`). The job hands the row to the mail server and marks it `SENT` with
 * its date. A refusal (SMTP 5xx) marks it `FAILED` with the server's words at once; any other
 * error (the mail server unreachable) is retried with the queue's backoff and marks the row
 * `FAILED` after the last attempt. A row no longer `QUEUED` is left alone, so a job run again
 * after a crash does not send twice what was marked sent.
 *
 * Without `SMTP_URL` there is no kind (null): the jobs stay queued and the messages "not sent"
 * until a server with SMTP runs them.
 *
 * @example
 * const mail = mailJobKind({ smtpUrl: 'smtp://localhost:2525', from: 'bureau@example.kz' });
 * if (mail) runner.register(mail.kind);
 * // on close: mail?.close()
 */
export function mailJobKind(config: MailConfig): { kind: JobKind<MailSendPayload>; close(): void } | null {
  if (!config.smtpUrl) return null;
  const transport = nodemailer.createTransport(config.smtpUrl);
  const kind: JobKind<MailSendPayload> = {
    kind: MAIL_SEND,
    run: async ({ db, payload, attempt, maxAttempts }) => {
      const [row] = await db.query<OutboxRow>(
        `UPDATE outbox_messages SET attempts = attempts + 1, last_modified_date = now()
          WHERE id = $1 AND status = 'QUEUED' RETURNING id, recipients, cc, sender, subject, body`,
        [payload.messageId],
      );
      if (!row) return { skipped: true };
      try {
        const html = row.body ?? '';
        await transport.sendMail({
          from: config.from,
          replyTo: row.sender ?? undefined,
          to: splitAddresses(row.recipients),
          cc: splitAddresses(row.cc),
          // a line break would start another header: rows stored before subjects were one line lose theirs
          subject: row.subject.replace(/[\r\n]+/g, ' '),
          html,
          text: plainText(html),
        });
      } catch (e) {
        const error = (e instanceof Error ? e.message : String(e)).slice(0, 1000);
        const final = refusedForGood(e) || attempt >= maxAttempts;
        await db.query(
          `UPDATE outbox_messages SET status = $3, error = $2, version = version + 1, last_modified_date = now()
            WHERE id = $1`,
          [row.id, error, final ? 'FAILED' : 'QUEUED'],
        );
        throw final ? new PermanentJobError(error) : e;
      }
      await db.query(
        `UPDATE outbox_messages SET status = 'SENT', sent_date = now(), error = NULL, version = version + 1,
          last_modified_date = now() WHERE id = $1`,
        [row.id],
      );
      return { sent: true };
    },
  };
  return { kind, close: () => transport.close() };
}
