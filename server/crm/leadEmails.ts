import { defineServer } from '../define';
import { leadEmailOutboxHooks } from '../mail/hooks';

/** The delivery state of a lead e-mail, read from its newest outbox message (`outbox_messages`). */
const outbox = (column: string) => (row: string) =>
  `(SELECT o.${column} FROM outbox_messages o WHERE o.source_type = 'LEAD_EMAIL' AND o.source_id = ${row}.id ORDER BY o.id DESC LIMIT 1)`;

/**
 * The server side of `leadEmails` (`schemas/crm/leadEmails.ts`): the flat `projectId` of the
 * compose dialog, the sender (the signed-in user's e-mail), the outbox copy made in the create's
 * transaction and handed to the mail server after commit, and the delivery state read back.
 */
export const leadEmailsServer = defineServer('leadEmails', () => ({
  hooks: {
    beforeValidate: [
      // MAIL-04: the project may be sent flat as `projectId`, as the spec's compose dialog does
      async ({ body, mode }) => {
        if (mode !== 'create' || !Object.hasOwn(body, 'projectId')) return;
        if (body.project === undefined && body.projectId != null) body.project = { id: body.projectId };
        delete body.projectId;
      },
    ],
    beforeChange: [
      // the sender is the signed-in user, whatever the body says
      async ({ tx, user, mode }) => {
        if (mode !== 'create') return;
        const [row] = await tx.query<{ email: string | null }>('SELECT email FROM app_users WHERE username = $1', [
          user.username,
        ]);
        return { from: row?.email ?? null };
      },
    ],
    afterChange: [leadEmailOutboxHooks.afterChange!],
    afterCommit: [leadEmailOutboxHooks.afterCommit!],
  },
  computed: { status: outbox('status'), sentDate: outbox('sent_date'), error: outbox('error') },
}));
