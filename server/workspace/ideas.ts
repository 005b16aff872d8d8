import type { HookTx } from '../../schemas/define';
import { getSchema } from '../../schemas/index';
import { defineServer } from '../define';
import { systemDelete, systemInsert } from '../rest/system';

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
    // (votes are rows of ideaVotes, written and deleted with their history like any record)
    votes: async ({ tx, id, user, method }) => {
      const ideaId = id!;
      const votes = getSchema('ideaVotes');
      const [mine] = await tx.query<{ id: number }>(
        'SELECT id FROM idea_votes WHERE idea_id = $1 AND employee_id = $2 FOR UPDATE',
        [ideaId, user.employeeId],
      );
      if (mine) await systemDelete(tx, votes, user.username, Number(mine.id));
      const votedByMe = method === 'POST' && !mine;
      if (votedByMe)
        await systemInsert(tx, votes, user.username, {
          idea: { id: ideaId },
          employee: user.employeeId === null ? null : { id: user.employeeId },
        });
      return { votes: await voteCount(tx, ideaId), votedByMe };
    },
  },
});
