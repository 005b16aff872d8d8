import type { EntityHooks } from '../../schemas/define';
import { kickOutboxes } from './outbox';

/**
 * Server hooks of `leadEmails`: a new e-mail is copied into the outbox inside the write's
 * transaction (both rows or neither), and handed to the mail server once that commits.
 */
export const leadEmailOutboxHooks: EntityHooks = {
  afterChange: async ({ tx, id, mode, user }) => {
    if (mode !== 'create') return;
    await tx.query(
      `INSERT INTO outbox_messages
         (recipients, cc, sender, subject, body, status, source_type, source_id, created_by, last_modified_by)
       SELECT recipients, cc, sender, subject, body, 'QUEUED', 'LEAD_EMAIL', id, $2, $2 FROM lead_emails WHERE id = $1`,
      [id, user.username],
    );
  },
  afterCommit: async ({ mode }) => {
    // the answer does not wait for the mail server; the outbox records how the delivery went
    if (mode === 'create') void kickOutboxes();
  },
};
