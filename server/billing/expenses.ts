import { CURRENCY_GROUP, totalsByCurrency } from '../../schemas/currencyTotals';
import { approversOfOffice } from '../approvals/verification';
import {
  checkExpensePayerShares,
  defaultPayer,
  expenseApprovalOffice,
  expenseDerived,
  EXPENSE_APPROVER_TYPE,
  supplierWithoutIdIsNull,
} from './expenseRules';
import { defineServer } from '../define';
import { leaveDraftInvoices } from './billedTrash';
import { billableIds, matterIdList } from './billable';
import { EXPENSE_LOCK, lockApprovedFields, lockApprovedPayers } from './approvedLocks';
import { lockBilledWork } from './invoiceLocks';

/** MC-1: what an invoice bills of an expense, fixed while that invoice is not a draft. */
const BILLED_EXPENSE = ['date', 'payerMatter', 'amount', 'currency', 'vatEnabled', 'vatPercent', 'increaseInvoice'];

/** The name of the employee holding a position, as one text (`Anna Abenova`), for the SQL of a computed column. */
const holderName = (position: string): string =>
  `(SELECT NULLIF(concat_ws(' ', e.gfirst_name, e.glast_name), '') FROM positions p JOIN employees e ON e.id = p.employee_id WHERE p.id = ${position})`;

export const expensesServer = defineServer('expenses', {
  // an expense on a draft invoice leaves it when deleted; one on a sent invoice is not deleted
  beforeTrash: leaveDraftInvoices('expenses', 'expense'),
  hooks: {
    beforeValidate: [
      async ({ tx, body, mode }) => {
        supplierWithoutIdIsNull(body);
        if (mode === 'create') await defaultPayer(tx, body);
      },
      // MC-1: an approved expense keeps its payers
      lockApprovedPayers(EXPENSE_LOCK),
    ],
    beforeChange: [
      // MC-1: an approved expense keeps its money; one a sent invoice bills keeps what it bills
      lockApprovedFields(EXPENSE_LOCK),
      lockBilledWork('expense', BILLED_EXPENSE),
      async ({ tx, data, stored, mode }) =>
        mode === 'delete' ? undefined : expenseDerived(tx, data, stored, mode === 'create'),
    ],
    afterChange: [async ({ tx, id, mode }) => (mode === 'delete' ? undefined : checkExpensePayerShares(tx, id))],
  },
  computed: {
    payerRm: (row) =>
      `(SELECT ${holderName('m.responsible_position_id')} FROM matters m WHERE m.id = ${row}.payer_matter_id)`,
    brm: (row) =>
      `(SELECT ${holderName('pr.business_relationship_manager_position_id')} FROM matters m JOIN projects pr ON pr.id = m.project_id WHERE m.id = ${row}.payer_matter_id)`,
  },
  verification: {
    approvers: approversOfOffice(EXPENSE_APPROVER_TYPE, expenseApprovalOffice),
    description: ({ record }) => `Expense: ${String(record.description ?? '')}`.trim(),
  },
  actions: {
    // GET /core/api/expenses/totalAmount?<the list's filters> -> { totalAmount, totalAmountUsd } (EXP-15)
    totalAmount: async ({ list }) =>
      totalsByCurrency(
        await list.aggregateGroups({ totalAmount: { sum: 'amount' }, totalAmountUsd: { sum: 'amountUsd' } }, [
          ...CURRENCY_GROUP,
        ]),
        ['totalAmount', 'totalAmountUsd'],
      ),
    // GET /core/api/expenses/search/findAllForInvoicePreview?projectId=&matterIds=&dateGte=&dateLte= (INV-30):
    // the expenses an invoice of the project (and matters) for the period may bill - the billing
    // rule of server/billing/billable.ts, the one the invoice's save applies (MC-3):
    // approved, not billed nor written off, not in the trash - at most 1000, oldest first
    findAllForInvoicePreview: async ({ tx, list, input }) => {
      const ids = await billableIds(tx, 'expenses', {
        projectId: Number(input.projectId),
        matterIds: matterIdList(input.matterIds),
        periodGte: typeof input.dateGte === 'string' ? input.dateGte : null,
        periodLte: typeof input.dateLte === 'string' ? input.dateLte : null,
      });
      const page = await list.page({
        'id.in': ids.length > 0 ? ids.join(',') : '0',
        projection: 'expenseList',
        sort: 'date,asc',
        size: '1000',
      });
      return { _embedded: { expenses: page.items }, page: { totalElements: page.totalElements } };
    },
  },
});
