import { defineServer } from '../define';
import { solve } from './solve';
import { currentApproverSql, waitingSinceSql } from './sql';

/**
 * The server side of `verificationChains` (`schemas/approvals/verificationChains.ts`): who the
 * chain waits for, since when, and the solve action's body.
 */
export const verificationChainsServer = defineServer('verificationChains', {
  computed: {
    currentApproverId: (row) => currentApproverSql(row),
    currentApprover: (row) =>
      `(SELECT e.gfirst_name || ' ' || e.glast_name FROM employees e WHERE e.id = ${currentApproverSql(row)})`,
    // a user without an employee binds null: the comparison is null, so false
    waitingForMe: (row, user, params) => `COALESCE(${currentApproverSql(row)} = ${params.add(user.employeeId)}, FALSE)`,
    waitingSince: (row) => waitingSinceSql(row),
  },
  actions: { solve },
});
