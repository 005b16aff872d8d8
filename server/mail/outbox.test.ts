import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../scripts/postgres';
import { enqueueJob, findJob, JobRunner } from '../jobs/queue';
import { createHarness, type Harness } from '../test/harness';
import { MAIL_SEND, mailJobKind } from './outbox';
import { startSmtpSink, type SmtpSink } from './testing';

/**
 * The outbox as a job kind (`server/mail/outbox.ts`) when the mail server is away: the message
 * stays queued with the error, and the retry after the backoff delivers it once the server is
 * back. (A refusal, 5xx, is `FAILED` at once: `server/mail/leadEmails.test.ts`.)
 */
let h: Harness;
let sink: SmtpSink | undefined;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => {
  await sink?.close();
  await h?.close();
});

describe('outbox jobs', () => {
  it('a message the mail server could not be reached for is retried after the backoff and sent once it is back', async () => {
    const port = await freePort();
    const mail = mailJobKind({ smtpUrl: `smtp://127.0.0.1:${port}`, from: 'bureau@firm.kz' })!;
    const runner = new JobRunner(h.db, { pollMs: 50 }).register({ ...mail.kind, backoffMs: () => 400 });
    const [message] = await h.db.query<{ id: number }>(
      `INSERT INTO outbox_messages (recipients, subject, body, status, source_type)
       VALUES ('wile@acme.kz', 'Retried', '<p>Hello</p>', 'QUEUED', 'LEAD_EMAIL') RETURNING id`,
    );
    const job = await enqueueJob(h.db, MAIL_SEND, { messageId: message!.id });
    runner.start();
    try {
      // the first attempt finds nobody listening: still queued, with the error, and the job waits
      const deadline = Date.now() + 10_000;
      let row: { status: string; attempts: number; error: string | null } | undefined;
      while (Date.now() < deadline) {
        [row] = await h.db.query(`SELECT status, attempts, error FROM outbox_messages WHERE id = $1`, [message!.id]);
        if (row!.attempts >= 1 && row!.error) break;
        await new Promise((r) => setTimeout(r, 20));
      }
      expect(row).toMatchObject({ status: 'QUEUED', attempts: 1 });
      expect(row!.error).toMatch(/ECONNREFUSED|connect/i);
      expect((await findJob(h.db, job))!.status).toBe('queued');

      sink = await startSmtpSink(port);
      const [sent] = await sink.waitFor(1);
      expect(sent!.raw).toMatch(/^Subject: Retried$/m);
      const until = Date.now() + 10_000;
      while ((await findJob(h.db, job))!.status !== 'succeeded' && Date.now() < until)
        await new Promise((r) => setTimeout(r, 20));
      expect(await findJob(h.db, job)).toMatchObject({ status: 'succeeded', attempts: 2 });
      const [after] = await h.db.query(`SELECT status, attempts, error FROM outbox_messages WHERE id = $1`, [
        message!.id,
      ]);
      expect(after).toMatchObject({ status: 'SENT', attempts: 2, error: null });
      expect(sink.messages).toHaveLength(1);
    } finally {
      await runner.stop();
      mail.close();
    }
  });
});
