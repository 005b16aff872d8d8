import { CURRENCY_GROUP, totalsByCurrency } from '../../schemas/currencyTotals';
import { approversOfOffice } from '../approvals/verification';
import { referenceId } from '../../schemas/engagements/rules';
import { checkPayerShares, normalisePayers } from './rules';
import { defineServer } from '../define';
import { BUDGET_LOCK, lockApprovedFields, lockApprovedPayers } from '../billing/approvedLocks';

export const budgetsServer = defineServer('budgets', {
  hooks: {
    // MC-1: an approved budget keeps its money and its payers (409)
    beforeValidate: [async ({ tx, body }) => normalisePayers(tx, body), lockApprovedPayers(BUDGET_LOCK)],
    beforeChange: [lockApprovedFields(BUDGET_LOCK)],
    afterChange: [async ({ tx, id, mode }) => (mode === 'delete' ? undefined : checkPayerShares(tx, id))],
  },
  verification: {
    // the budget approvers (APPROVER_TYPE 1) of the covering office, else of the creating user's
    approvers: approversOfOffice(
      1,
      ({ record, user }) => referenceId(record.coverBudgetOffice) ?? user.employeeOfficeId,
    ),
    description: ({ record }) => `Budget: ${String(record.description ?? '')}`.trim(),
  },
  actions: {
    // GET /core/api/budgets/totalAmount?<the list's filters> -> { totalAmount } (BUD-13)
    totalAmount: async ({ list }) =>
      totalsByCurrency(await list.aggregateGroups({ totalAmount: { sum: 'amount' } }, [...CURRENCY_GROUP]), [
        'totalAmount',
      ]),
  },
});
