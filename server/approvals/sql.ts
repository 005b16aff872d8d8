/**
 * SQL expressions over a verification chain row, shared by the chains' computed fields. A chain
 * is pending while its decision is code 1; its current step is the pending step with the lowest
 * `orderliness` (ties by id). Decision codes live in `base_dictionaries` (VERIFICATION_DECISION).
 */

/** Whether the chain at `row` is pending (decision code 1). */
export const chainPending = (row: string): string =>
  `EXISTS (SELECT 1 FROM base_dictionaries cd WHERE cd.id = ${row}.decision_id AND cd.code = 1)`;

/** The employee id of the current step's approver; NULL when the chain is decided or has no pending step. */
export const currentApproverSql = (row: string): string =>
  `(CASE WHEN ${chainPending(row)} THEN (SELECT a.employee_id FROM verification_approvers a ` +
  `JOIN base_dictionaries ad ON ad.id = a.decision_id ` +
  `WHERE a.verification_chain_id = ${row}.id AND ad.code = 1 ORDER BY a.orderliness, a.id LIMIT 1) END)`;

/** Since when the current step waits: the last decision taken on the chain, else its creation; NULL when decided. */
export const waitingSinceSql = (row: string): string =>
  `(CASE WHEN ${chainPending(row)} THEN COALESCE((SELECT max(a.decision_date) FROM verification_approvers a ` +
  `WHERE a.verification_chain_id = ${row}.id), ${row}.created_date) END)`;
