import type { EntityHooks } from '../../schemas/define';
import { getSchema } from '../../schemas/index';
import { enqueueJob, kickJobRunners } from '../jobs/queue';
import { systemInsert } from '../rest/system';
import { MAIL_SEND } from './outbox';

/**
 * Server hooks of `leadEmails`: a new e-mail is copied into the outbox, and its delivery queued
 * as a {@link MAIL_SEND} job, inside the write's transaction (all rows or none); the job runners
 * are kicked once that commits.
 */
export const leadEmailOutboxHooks: EntityHooks = {
  afterChange: async ({ tx, id, mode, user }) => {
    if (mode !== 'create') return;
    const [email] = await tx.query<Record<string, string | null>>(
      'SELECT recipients, cc, sender, subject, body FROM lead_emails WHERE id = $1',
      [id],
    );
    // the message is a record of outboxMessages, validated and written as any other
    const messageId = await systemInsert(tx, getSchema('outboxMessages'), user.username, {
      to: email!.recipients,
      cc: email!.cc,
      from: email!.sender,
      subject: email!.subject,
      body: email!.body,
      status: 'QUEUED',
      sourceType: 'LEAD_EMAIL',
      sourceId: id,
    });
    await enqueueJob(tx, MAIL_SEND, { messageId }, { createdBy: user.username });
  },
  afterCommit: async ({ mode }) => {
    // the answer does not wait for the mail server; the outbox records how the delivery went
    if (mode === 'create') kickJobRunners();
  },
};
