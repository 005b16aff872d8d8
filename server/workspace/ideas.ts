import type { HookTx } from '../../schemas/define';
import { defineServer } from '../define';

/** The number of votes of one idea, read inside the action's transaction. */
async function voteCount(tx: HookTx, ideaId: number): Promise<number> {
  const [row] = await tx.query<{ n: number }>('SELECT count(*)::int AS n FROM idea_votes WHERE idea_id = $1', [ideaId]);
  return row?.n ?? 0;
}

/**
 * The server side of `ideas` (`schemas/workspace/ideas.ts`): the author is the signed-in employee,
 * the votes are counted by the database, and `votes` casts or takes back the user's vote
 * (`{ votes, votedByMe }`).
 */
export const ideasServer = defineServer('ideas', {
  hooks: {
    beforeChange: [
      // the author is the signed-in employee, set on create whatever the body says (a read-only field)
      async ({ user, mode }) => {
        if (mode === 'create') return { author: user.employeeId === null ? null : { id: user.employeeId } };
      },
    ],
  },
  computed: {
    votes: '(SELECT count(*)::int FROM idea_votes v WHERE v.idea_id = {row}.id)',
    // a user without an employee binds null, which matches no vote (and keeps the expression sortable)
    votedByMe: (row, user, params) =>
      `EXISTS (SELECT 1 FROM idea_votes v WHERE v.idea_id = ${row}.id AND v.employee_id = ${params.add(user.employeeId)})`,
  },
  actions: {
    // POST votes (a second POST takes the vote back), DELETE takes it back
    votes: async ({ tx, id, user, method }) => {
      const ideaId = id!;
      const removed = await tx.query('DELETE FROM idea_votes WHERE idea_id = $1 AND employee_id = $2 RETURNING id', [
        ideaId,
        user.employeeId,
      ]);
      const votedByMe = method === 'POST' && removed.length === 0;
      if (votedByMe)
        await tx.query(
          'INSERT INTO idea_votes (idea_id, employee_id, created_by, last_modified_by) VALUES ($1, $2, $3, $3)',
          [ideaId, user.employeeId, user.username],
        );
      return { votes: await voteCount(tx, ideaId), votedByMe };
    },
  },
});
