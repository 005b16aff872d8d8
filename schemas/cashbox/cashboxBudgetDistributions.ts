import { defineEntity, f } from '../define';
import { cashboxLine, periodField, recipientField, byMeComputed } from './line';

/**
 * A budget's share charged to one payer in one cashbox version (CASH-23, CASH-34): the budget
 * (embedded with cash, responsible position and cover office), its payer, the office, department or
 * position charged, whether a fund closes it, and the amount.
 * `GET /cashboxBudgetDistributions/{budgetId}/closedByFund` answers, per payer of one budget, the
 * part the counting version (`countingVersion`) of the covering office's month closed by fund.
 * Written by the calculation as part of one period version (`storeCashboxVersion`,
 * server/cashbox/store.ts); read-only through the API. Rows are ruled by CASH-12/13
 * (`ownCashboxRows`, schemas/cashbox/access.ts).
 */
export const cashboxBudgetDistributions = defineEntity({
  name: 'cashboxBudgetDistributions',
  entityName: 'CashboxBudgetDistribution',
  label: 'Cashbox budget distributions',
  icon: 'PieChart',
  ...cashboxLine(),
  fields: {
    cashboxPeriod: periodField(),
    budget: f.ref('budgets', { readOnly: true, onDelete: 'setNull' }),
    budgetPayer: f.ref('budgetPayers', { readOnly: true, onDelete: 'setNull', label: 'Payer' }),
    position: f.ref('positions', { readOnly: true, label: 'Position' }),
    department: f.ref('departments', { readOnly: true }),
    office: f.ref('offices', { readOnly: true }),
    recipientEmployeeId: recipientField(),
    closedByFund: f.boolean({ readOnly: true, label: 'Closed by fund' }),
    amount: f.money({ readOnly: true }),
  },
  computed: byMeComputed(),
  projections: {
    full: { embed: { budget: ['cash', 'responsiblePosition', 'coverBudgetOffice', 'description', 'date'] } },
  },
  actions: {
    // GET /cashboxBudgetDistributions/{budgetId}/closedByFund (BUD-18, the budget card's payers):
    // per payer, what the counting version of the covering office's month closed by fund; the id
    // is a budget's, read under the budgets' rule (BUD-10: 404 for one the user may not read)
    closedByFund: {
      level: 'item',
      idOf: 'budgets',
      methods: ['GET'],
      summary:
        "Per payer of a budget, the part the cashbox report of the budget's office and month closed by fund (the counting version)",
      // every signed-in user: the rows summed are those the user reads (CASH-12)
      access: { allow: () => true },
    },
  },
  recordRepresentation: 'id',
  list: { columns: ['budget', 'closedByFund', 'amount'] },
});
