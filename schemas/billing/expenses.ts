import { rule } from '../accessRule';
import { defineEntity, f } from '../define';
import { expenseAccess, HIDDEN_BILLING_STATUS } from './expenseRules';

/**
 * Expenses (EXP-01..21, NAV-74..76, INV-30): money spent on a matter and billed to its client,
 * split between payer positions in shares that add up to 100 % (fractions, shown as percents,
 * EXP-02/03), converted to USD at the rate valid on the expense's date (`amountUsd`, read-only),
 * and approved through the approval engine by the expense approvers (APPROVER_TYPE 2) of the
 * covering office (approve decision 2, reject decision 3 with a comment, EXP-04/11/12).
 * Administrators and billing managers see every expense, anyone else those whose access list
 * holds them (EXP-13). The list (`expenseList`, EXP-14) hides billing status code 5 until the
 * filter is cleared (EXP-09); `GET /expenses/totalAmount` totals it exactly (EXP-15);
 * `POST /core/api/excel/generate/expense` exports it (EXP-20/21);
 * `GET /expenses/search/findAllForInvoicePreview` lists what an invoice may still bill (INV-30).
 */
export const expenses = defineEntity({
  name: 'expenses',
  entityName: 'Expense',
  label: 'Expenses',
  area: 'finance',
  icon: 'ReceiptLong',
  module: 'expense',
  trash: true,
  // NAV-76: the card is also at clients/{clientId}/projects/{projectId}/matters/{matterId}/expenses/{expenseId}
  routeAliases: ['clients/:clientId/projects/:projectId/matters/:matterId/expenses'],
  fields: {
    date: f.date({ required: true }),
    payerMatter: f.ref('matters', { required: true, label: 'Matter' }),
    expenseType: f.dictionary('EXPENSE_TYPE', { required: true, label: 'Expense type' }),
    // EXP-05: a supplier object without an id (nothing picked) is sent as null
    supplier: f.ref('suppliers', { nullWhenEmpty: true }),
    description: f.longText(),
    amount: f.money({ required: true, min: 0 }),
    currency: f.ref('currencies', { required: true }),
    amountUsd: f.money({ readOnly: true, serverOwned: true, label: 'Amount (USD)' }),
    coverExpenseOffice: f.ref('offices', { label: 'Covering office' }),
    cash: f.boolean({ default: false }),
    increaseInvoice: f.boolean({ default: false, label: 'Increase invoice' }),
    prepaid: f.boolean({ default: false }),
    fundExpense: f.boolean({ default: false, label: 'Fund expense' }),
    unCalculate: f.boolean({ default: false, label: 'Not calculated' }),
    vatEnabled: f.boolean({ default: false, label: 'VAT' }),
    vatPercent: f.percent({ min: 0, max: 1, label: 'VAT %' }),
    billingStatus: f.dictionary('BILLING_STATUS', { label: 'Billing status' }),
    calcDate: f.date({ readOnly: true, serverOwned: true, label: 'Date of calc' }),
    invoice: f.ref('invoices', { readOnly: true, serverOwned: true, onDelete: 'setNull' }),
    verificationChain: f.ref('verificationChains', { readOnly: true, serverOwned: true, onDelete: 'setNull' }),
    expensePayerList: f.children('expensePayers', { via: 'expense', nestedWrite: true, label: 'Payers' }),
  },
  accessRule: expenseAccess,
  // EXP-10: the payer matter's responsible (payer RM) and its project's business relationship
  // manager (BRM), each as the name of the position's employee
  computed: {
    payerRm: {
      type: 'text',
    },
    brm: {
      type: 'text',
    },
  },
  projections: {
    full: {
      embed: {
        payerMatter: ['number', 'description'],
        expenseType: ['code', 'gname'],
        supplier: ['gname'],
        currency: ['code', 'gname'],
        coverExpenseOffice: ['gfirmName'],
        billingStatus: ['code', 'gname'],
        invoice: ['number'],
        verificationChain: ['decision'],
        expensePayerList: 'full',
      },
    },
    // the expense list (EXP-14): what its columns show, payers included
    expenseList: {
      embed: {
        payerMatter: ['number', 'description'],
        expenseType: ['code', 'gname'],
        supplier: ['gname'],
        currency: ['code', 'gname'],
        coverExpenseOffice: ['gfirmName'],
        billingStatus: ['code', 'gname'],
        invoice: ['number'],
        verificationChain: ['decision'],
        expensePayerList: 'full',
      },
    },
  },
  queryFilters: {
    // EXP-14: the expenses of a client's projects (the payer client of the matter's project)
    clientId: { type: 'number', where: (v) => rule.eq('payerMatter.project.payerClient.id', v) },
    // EXP-14: `payerMatter=<id>`, the spec's parameter (the same as payerMatter.id)
    payerMatter: { type: 'number', where: (v) => rule.eq('payerMatter.id', v) },
  },
  verification: {
    ownerType: 'EXPENSE',
    chainField: 'verificationChain',
  },
  actions: {
    // GET /core/api/expenses/totalAmount?<the list's filters> -> { totalAmount, totalAmountUsd } (EXP-15)
    totalAmount: {
      level: 'collection',
      methods: ['GET'],
      summary:
        'Exact totals (decimal strings) of the amounts and of their USD values over the expenses the list returns for the same filters',
      access: { privilege: 'view' },
    },
    // GET /core/api/expenses/search/findAllForInvoicePreview?projectId=&matterIds=&dateGte=&dateLte= (INV-30)
    findAllForInvoicePreview: {
      level: 'collection',
      methods: ['GET'],
      path: 'search/findAllForInvoicePreview',
      summary:
        'The expenses an invoice of a project may bill (the rule its save applies): approved, unbilled (not invoiced, in a pre-invoice or written off), not in the trash, of the project (and of the matters listed), dated within the period; at most 1000, oldest first',
      input: {
        projectId: f.number({ required: true, integer: true, min: 1, label: 'Project' }),
        matterIds: f.text({ maxLength: 2000, label: 'Matters (ids, comma separated)' }),
        dateGte: f.date({ label: 'From' }),
        dateLte: f.date({ label: 'To' }),
      },
      access: { privilege: 'view' },
    },
  },
  // POST /core/api/excel/generate/expense?<the list's filters> -> expenses.xlsx (EXP-20/21)
  excel: { name: 'expense', fileName: 'expenses.xlsx' },
  defaultSort: [['date', 'desc']],
  search: ['description'],
  recordRepresentation: '%{date} %{description}',
  // a matter's expenses by date; the unfiltered list (EXP-14) newest first, walked backwards
  indexes: [['payerMatter', 'date'], ['date']],
  list: {
    projection: 'expenseList',
    columns: [
      'date',
      'payerMatter',
      'expenseType',
      'supplier',
      'amount',
      'currency',
      'amountUsd',
      'billingStatus',
      'calcDate',
      'createdDate',
      'payerRm',
      'brm',
      'description',
    ],
    filters: [
      { source: 'search', label: 'Search', alwaysOn: true },
      { source: 'date.gte', field: 'date', label: 'From', alwaysOn: true },
      { source: 'date.lte', field: 'date', label: 'To', alwaysOn: true },
      { source: 'payerMatter', field: 'payerMatter', label: 'Matter' },
      { source: 'expenseType.code', field: 'expenseType', label: 'Expense type' },
      { source: 'currency.id', field: 'currency', label: 'Currency' },
      { source: 'billingStatus.code.ne', field: 'billingStatus', label: 'Billing status is not' },
    ],
    // EXP-09: written-off expenses (billing status 5) are left out until the filter is cleared
    defaultFilter: { 'billingStatus.code.ne': HIDDEN_BILLING_STATUS },
  },
  form: {
    layout: 'sections',
    groups: [
      {
        name: 'expense',
        label: 'Expense',
        fields: [
          'date',
          'payerMatter',
          'expenseType',
          'supplier',
          'amount',
          'currency',
          'coverExpenseOffice',
          'description',
          'cash',
          'increaseInvoice',
          'prepaid',
          'fundExpense',
          'unCalculate',
          'vatEnabled',
          'vatPercent',
          'billingStatus',
        ],
      },
      { name: 'payers', label: 'Payers', fields: ['expensePayerList'] },
    ],
  },
  show: {
    tabs: [
      {
        name: 'main',
        label: 'Main',
        fields: [
          'date',
          'payerMatter',
          'expenseType',
          'supplier',
          'amount',
          'currency',
          'amountUsd',
          'coverExpenseOffice',
          'description',
          'cash',
          'increaseInvoice',
          'prepaid',
          'fundExpense',
          'unCalculate',
          'vatEnabled',
          'vatPercent',
          'billingStatus',
          'calcDate',
          'invoice',
          'expensePayerList',
          'verificationChain',
        ],
      },
    ],
  },
});
