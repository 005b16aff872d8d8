import { defineEntity, f } from '../define';
import { cashboxLine, periodField, recipientField, byMeComputed } from './line';

/** Why a position received the amount: the calculation's roles and the expense recovery. */
export const INCOME_ROLES = [
  'quota',
  'lawyer',
  'international',
  'hunter',
  'projectManager',
  'responsible',
  'softDevelopment',
  'expenseRecovery',
  'unattributed',
] as const;

/** The input of the `/all` reads (CASH-31..33): the period, the group profit, the employee and "by me". */
const INCOME_INPUT = {
  cashboxPeriodId: f.refId('cashboxPeriods', { label: 'Period' }),
  cashboxGroupProfitId: f.refId('cashboxGroupProfits', { label: 'Group profit' }),
  employeeId: f.refId('employees', { label: 'Employee' }),
  byMe: f.boolean({ label: 'By me' }),
};

/**
 * A share of one payment a position received (CASH-25, docs/areas/cashbox.md waterfall step 4), or an expense recovery
 * returned to a payer, or income no position receives (`unattributed`, no position): the
 * position, the role of the share (`quota`, `lawyer`, ...), the category of the side panel (CASH-09: always Income here), the payment,
 * invoice, matter or expense it comes from, and the amount. Read by group profit (CASH-31), by
 * employee (CASH-32) or all (CASH-33).
 * Written by the calculation as part of one period version (`storeCashboxVersion`,
 * server/cashbox/store.ts); read-only through the API. Rows are ruled by CASH-12/13
 * (`ownCashboxRows`, schemas/cashbox/access.ts).
 */
export const cashboxPositionIncomes = defineEntity({
  name: 'cashboxPositionIncomes',
  entityName: 'CashboxPositionIncome',
  label: 'Cashbox position incomes',
  icon: 'Payments',
  ...cashboxLine(),
  fields: {
    cashboxPeriod: periodField(),
    cashboxGroupProfit: f.ref('cashboxGroupProfits', { readOnly: true, onDelete: 'cascade', label: 'Group profit' }),
    recipientPosition: f.ref('positions', { readOnly: true, label: 'Position' }),
    recipientEmployeeId: recipientField(),
    category: f.dictionary('CASHBOX_INCOME_CATEGORY', { readOnly: true, label: 'Category' }),
    role: f.enum(INCOME_ROLES, { readOnly: true, label: 'Role' }),
    payment: f.ref('paymentHistories', { readOnly: true, onDelete: 'setNull', label: 'Payment' }),
    invoice: f.ref('invoices', { readOnly: true, onDelete: 'setNull', label: 'Invoice' }),
    matter: f.ref('matters', { readOnly: true, onDelete: 'setNull', label: 'Matter' }),
    expense: f.ref('expenses', { readOnly: true, onDelete: 'setNull', label: 'Expense' }),
    amount: f.money({ readOnly: true }),
  },
  computed: byMeComputed(),
  projections: { full: { embed: { recipientPosition: 'full', category: ['code', 'gname'] } } },
  actions: {
    // GET /cashboxPositionIncomes/all (CASH-33)
    all: {
      level: 'collection',
      methods: ['GET'],
      summary: 'Position incomes of a period',
      input: INCOME_INPUT,
      access: { allow: () => true },
    },
    // GET /cashboxPositionIncomes/all/byGroupProfit?cashboxGroupProfitId (CASH-31)
    allByGroupProfit: {
      level: 'collection',
      methods: ['GET'],
      path: 'all/byGroupProfit',
      summary: 'Position incomes of one group profit',
      input: INCOME_INPUT,
      access: { allow: () => true },
    },
    // GET /cashboxPositionIncomes/all/byEmployee?employeeId (CASH-32)
    allByEmployee: {
      level: 'collection',
      methods: ['GET'],
      path: 'all/byEmployee',
      summary: "Position incomes of one employee's positions",
      input: INCOME_INPUT,
      access: { allow: () => true },
    },
  },
  recordRepresentation: 'id',
  list: { columns: ['recipientPosition', 'role', 'matter', 'amount'] },
});
