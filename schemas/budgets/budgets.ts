import { rule } from '../accessRule';
import { defineEntity, f } from '../define';
import { budgetAccess } from './rules';

/** Today as `YYYY-MM-DD` (the local calendar day of whoever asks). */
const today = (): string => {
  const d = new Date();
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
};

/**
 * Budgets (BUD-01..17, NAV-29..31): money an office sets aside for a purpose, paid by one or more
 * payers (an office, a department or a position) in shares that add up to 100 % (BUD-09), and
 * approved through the approval engine (the budget approvers, APPROVER_TYPE 1, of the covering
 * office; approve is decision 2, reject decision 3, the comment optional either way, BUD-03/04).
 * Non-admins outside the billing managers see the budgets of their own office (BUD-10). The list
 * opens on the dates 1970-01-01 to today (BUD-11) and totals its amounts with
 * `GET /budgets/totalAmount` over the same filters (BUD-13).
 */
export const budgets = defineEntity({
  name: 'budgets',
  entityName: 'Budget',
  label: 'Budgets',
  area: 'finance',
  icon: 'Savings',
  module: 'budget',
  fields: {
    date: f.date({ required: true, default: today }),
    budgetType: f.dictionary('BUDGET_TYPE', { required: true, label: 'Budget type' }),
    amount: f.money({ required: true, min: 0 }),
    currency: f.ref('currencies', { required: true }),
    coverBudgetOffice: f.ref('offices', { required: true, label: 'Covering office' }),
    cash: f.boolean({ default: false }),
    responsiblePosition: f.ref('positions', { label: 'Responsible' }),
    description: f.longText(),
    closed: f.boolean({ default: false }),
    verificationChain: f.ref('verificationChains', { readOnly: true, serverOwned: true, onDelete: 'setNull' }),
    budgetPayerList: f.children('budgetPayers', { via: 'budget', nestedWrite: true, label: 'Payers' }),
  },
  accessRule: budgetAccess,
  projections: {
    full: {
      embed: {
        budgetType: ['code', 'gname'],
        currency: ['code', 'gname'],
        coverBudgetOffice: ['gfirmName'],
        responsiblePosition: 'full',
        budgetPayerList: 'full',
        verificationChain: ['decision'],
      },
    },
    budgetList: {
      fields: [
        'date',
        'budgetType',
        'amount',
        'currency',
        'coverBudgetOffice',
        'cash',
        'responsiblePosition',
        'description',
        'closed',
        'verificationChain',
      ],
      embed: {
        budgetType: ['code', 'gname'],
        currency: ['code', 'gname'],
        coverBudgetOffice: ['gfirmName'],
        responsiblePosition: 'full',
        verificationChain: ['decision'],
      },
    },
    // the debts page's budgets (OFF-48): the responsible position by id, named from GET /positions (OFF-50)
    debtBudgets: {
      fields: ['date', 'budgetType', 'amount', 'currency', 'description', 'responsiblePosition', 'verificationChain'],
      embed: { budgetType: ['code', 'gname'], currency: ['code'] },
    },
  },
  // OFF-48: the budgets of an inter-office debt (`cashboxOfficeDebtId`): the debt names its budget
  queryFilters: {
    cashboxOfficeDebtId: {
      type: 'number',
      where: (v) => rule.exists({ collection: 'cashboxOfficeDebts', via: 'budget' }, rule.eq('id', v)),
    },
  },
  verification: {
    ownerType: 'BUDGET',
    chainField: 'verificationChain',
    rejectComment: 'optional',
  },
  actions: {
    // GET /core/api/budgets/totalAmount?<the list's filters> -> { totalAmount } (BUD-13)
    totalAmount: {
      level: 'collection',
      methods: ['GET'],
      summary:
        'Total amount of the budgets the list returns for the same filters (narrow by currency.id for one currency)',
      access: { privilege: 'view' },
    },
  },
  // the copy keeps the business fields and the payers (their closed-by-fund state starts over);
  // the chain belongs to the original, the date becomes today
  clone: { clear: ['closed'], today: ['date'] },
  defaultSort: [['date', 'desc']],
  search: ['description'],
  recordRepresentation: '%{date} %{description}',
  indexes: [['coverBudgetOffice', 'date']],
  list: {
    projection: 'budgetList',
    columns: [
      'date',
      'budgetType',
      'amount',
      'currency',
      'coverBudgetOffice',
      'responsiblePosition',
      'cash',
      'closed',
      'verificationChain',
      'description',
    ],
    filters: [
      { source: 'search', label: 'Search', alwaysOn: true },
      { source: 'date.gte', field: 'date', label: 'From', alwaysOn: true },
      { source: 'date.lte', field: 'date', label: 'To', alwaysOn: true },
      { source: 'coverBudgetOffice.id', field: 'coverBudgetOffice', label: 'Office' },
      { source: 'budgetType.code', field: 'budgetType', label: 'Budget type' },
      { source: 'currency.id', field: 'currency', label: 'Currency' },
      { source: 'closed', field: 'closed', label: 'Closed' },
    ],
    // BUD-11: from 1970-01-01 to today, computed when the list opens
    defaultFilter: () => ({ 'date.gte': '1970-01-01', 'date.lte': today() }),
  },
  form: {
    layout: 'sections',
    groups: [
      {
        name: 'budget',
        label: 'Budget',
        fields: [
          'date',
          'budgetType',
          'amount',
          'currency',
          'coverBudgetOffice',
          'responsiblePosition',
          'cash',
          'closed',
          'description',
        ],
      },
      { name: 'payers', label: 'Payers', fields: ['budgetPayerList'] },
    ],
  },
  show: {
    tabs: [
      {
        name: 'main',
        label: 'Main',
        fields: [
          'date',
          'budgetType',
          'amount',
          'currency',
          'coverBudgetOffice',
          'responsiblePosition',
          'cash',
          'closed',
          'description',
          'budgetPayerList',
          'verificationChain',
        ],
      },
    ],
  },
});
