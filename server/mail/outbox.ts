import nodemailer, { type Transporter } from 'nodemailer';
import sanitizeHtml from 'sanitize-html';
import type { Database } from '../db/database';
import { splitAddresses } from '../../schemas/crm/mailAddresses';
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

/** How often a running outbox looks for messages nobody handed over (a start after a crash), ms. */
export const OUTBOX_SWEEP_MS = 60_000;

/** The plain-text part of a message whose body is rich text. */
const plainText = (html: string): string =>
  sanitizeHtml(html.replace(/<\/(p|div|h\d|li|tr)>|<br\s*\/?>/gi, '$&\n'), { allowedTags: [], allowedAttributes: {} })
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .trim();

const running = new Set<Outbox>();

/**
 * Asks every running outbox to deliver what is queued; called after a write that queued a
 * message has committed (the `afterCommit` hook of `server/mail/hooks.ts`). Resolves when they
 * are done; never rejects.
 */
export async function kickOutboxes(): Promise<void> {
  await Promise.all([...running].map((o) => o.deliver()));
}

/**
 * Delivers the outbox (`outbox_messages`, schema `outboxMessages`) through SMTP, one message at
 * a time, oldest first: each `QUEUED` row is claimed, handed to the mail server and marked `SENT`
 * with its date, or `FAILED` with the server's error. Without `SMTP_URL` it does nothing, so the
 * messages stay `QUEUED` ("not sent"). One server process delivers a database's outbox.
 *
 * @example
 * const outbox = new Outbox(db, { smtpUrl: 'smtp://localhost:2525', from: 'bureau@example.kz' });
 * outbox.start(); // delivers now, on every kick, and every OUTBOX_SWEEP_MS
 * await outbox.stop();
 */
export class Outbox {
  private readonly transport: Transporter | null;
  private busy: Promise<void> | null = null;
  private again = false;
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly db: Database,
    private readonly config: MailConfig,
  ) {
    this.transport = config.smtpUrl ? nodemailer.createTransport(config.smtpUrl) : null;
  }

  /** Whether messages are delivered at all (`SMTP_URL` set). */
  get enabled(): boolean {
    return this.transport !== null;
  }

  /** Starts delivering: now, on each {@link kickOutboxes}, and every {@link OUTBOX_SWEEP_MS}. */
  start(): void {
    if (!this.transport || running.has(this)) return;
    running.add(this);
    this.timer = setInterval(() => void this.deliver(), OUTBOX_SWEEP_MS);
    this.timer.unref();
    void this.deliver();
  }

  /** Stops delivering and waits for the message being sent, if any. */
  async stop(): Promise<void> {
    running.delete(this);
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.busy;
    this.transport?.close();
  }

  /**
   * Delivers every queued message; a call while a delivery runs makes it look again before it
   * ends, and resolves with it. Never rejects: a message that fails is marked `FAILED`.
   */
  deliver(): Promise<void> {
    if (!this.transport || !running.has(this)) return Promise.resolve();
    if (this.busy) {
      this.again = true;
      return this.busy;
    }
    this.busy = (async () => {
      do {
        this.again = false;
        while (running.has(this) && (await this.sendNext().catch(() => false)));
      } while (this.again && running.has(this));
    })().finally(() => {
      this.busy = null;
    });
    return this.busy;
  }

  /** Claims, sends and marks the oldest queued message; false when there is none. */
  private async sendNext(): Promise<boolean> {
    const [row] = await this.db.query<OutboxRow>(
      `UPDATE outbox_messages SET attempts = attempts + 1, last_modified_date = now()
        WHERE id = (SELECT id FROM outbox_messages WHERE status = 'QUEUED' ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED)
        RETURNING id, recipients, cc, sender, subject, body`,
    );
    if (!row) return false;
    try {
      const html = row.body ?? '';
      await this.transport!.sendMail({
        from: this.config.from,
        replyTo: row.sender ?? undefined,
        to: splitAddresses(row.recipients),
        cc: splitAddresses(row.cc),
        subject: row.subject,
        html,
        text: plainText(html),
      });
      await this.db.query(
        `UPDATE outbox_messages SET status = 'SENT', sent_date = now(), error = NULL, version = version + 1,
          last_modified_date = now() WHERE id = $1`,
        [row.id],
      );
    } catch (e) {
      const error = (e instanceof Error ? e.message : String(e)).slice(0, 1000);
      await this.db.query(
        `UPDATE outbox_messages SET status = 'FAILED', error = $2, version = version + 1, last_modified_date = now()
          WHERE id = $1`,
        [row.id, error],
      );
    }
    return true;
  }
}
