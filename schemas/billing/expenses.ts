import { defineEntity, f } from '../define';

/**
 * Expenses (EXP-01..21, NAV-74..76): money spent on a matter and billed to its client, split
 * between payer positions in shares that add up to 100 %, approved through the approval engine.
 */
export const expenses = defineEntity({
  name: 'expenses',
  entityName: 'Expense',
  label: 'Expenses',
  area: 'finance',
  icon: 'ReceiptLong',
  module: 'expense',
  fields: {
    date: f.date({ required: true }),
    payerMatter: f.ref('matters', { required: true, label: 'Matter' }),
    expenseType: f.dictionary('EXPENSE_TYPE', { required: true, label: 'Expense type' }),
    supplier: f.ref('suppliers'),
    description: f.longText(),
    amount: f.money({ required: true, min: 0 }),
    currency: f.ref('currencies', { required: true }),
    amountUsd: f.money({ readOnly: true, label: 'Amount (USD)' }),
    coverExpenseOffice: f.ref('offices', { label: 'Covering office' }),
    cash: f.boolean({ default: false }),
    increaseInvoice: f.boolean({ default: false, label: 'Increase invoice' }),
    prepaid: f.boolean({ default: false }),
    fundExpense: f.boolean({ default: false, label: 'Fund expense' }),
    unCalculate: f.boolean({ default: false, label: 'Not calculated' }),
    vatEnabled: f.boolean({ default: false, label: 'VAT' }),
    vatPercent: f.percent({ min: 0, max: 1, label: 'VAT %' }),
    billingStatus: f.dictionary('BILLING_STATUS', { label: 'Billing status' }),
    calcDate: f.date({ readOnly: true, label: 'Date of calc' }),
    invoice: f.ref('invoices', { readOnly: true, onDelete: 'setNull' }),
    verificationChain: f.ref('verificationChains', { readOnly: true, onDelete: 'setNull' }),
    expensePayerList: f.children('expensePayers', { via: 'expense', nestedWrite: true, label: 'Payers' }),
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
  },
  defaultSort: [['date', 'desc']],
  search: ['description'],
  recordRepresentation: '%{date} %{description}',
  list: {
    columns: ['date', 'payerMatter', 'expenseType', 'amount', 'currency', 'billingStatus', 'description'],
  },
});
