import { CURRENCY_GROUP, totalsByCurrency } from '../../schemas/currencyTotals';
import { approversOfOffice } from '../approvals/verification';
import { referenceId } from '../../schemas/engagements/rules';
import { checkPayerShares, normalisePayers } from './rules';
import { defineServer } from '../define';

export const budgetsServer = defineServer('budgets', {
  hooks: {
    beforeValidate: [async ({ tx, body }) => normalisePayers(tx, body)],
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
