import type { EntityHooks } from '../../schemas/define';
import { enqueueJob, kickJobRunners } from '../jobs/queue';
import { MAIL_SEND } from './outbox';

/**
 * Server hooks of `leadEmails`: a new e-mail is copied into the outbox, and its delivery queued
 * as a {@link MAIL_SEND} job, inside the write's transaction (all rows or none); the job runners
 * are kicked once that commits.
 */
export const leadEmailOutboxHooks: EntityHooks = {
  afterChange: async ({ tx, id, mode, user }) => {
    if (mode !== 'create') return;
    const [message] = await tx.query<{ id: number }>(
      `INSERT INTO outbox_messages
         (recipients, cc, sender, subject, body, status, source_type, source_id, created_by, last_modified_by)
       SELECT recipients, cc, sender, subject, body, 'QUEUED', 'LEAD_EMAIL', id, $2, $2 FROM lead_emails WHERE id = $1
       RETURNING id`,
      [id, user.username],
    );
    await enqueueJob(tx, MAIL_SEND, { messageId: message!.id }, { createdBy: user.username });
  },
  afterCommit: async ({ mode }) => {
    // the answer does not wait for the mail server; the outbox records how the delivery went
    if (mode === 'create') kickJobRunners();
  },
};
