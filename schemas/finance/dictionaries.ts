import { defineDictionary } from '../dictionary';

/** Dictionary types of the area: Budgets, expenses, pre-invoices, invoices and payments. Codes are fixed: data and tests refer to them. */

export const verificationDecision = defineDictionary({
  name: 'VERIFICATION_DECISION',
  code: 15,
  label: 'Verification decision',
  entries: [
    { code: 1, gname: 'Pending' },
    { code: 2, gname: 'Approved' },
    { code: 3, gname: 'Rejected' },
    // MC-6: the document was deleted or cancelled while its chain was open (pinned: the ids
    // after it stay as they were)
    { code: 4, gname: 'Cancelled', id: 9015 },
  ],
});

export const budgetType = defineDictionary({
  name: 'BUDGET_TYPE',
  code: 18,
  label: 'Budget type',
  entries: [
    { code: 1, gname: 'Marketing' },
    { code: 2, gname: 'Business development' },
    { code: 3, gname: 'Office' },
    { code: 4, gname: 'Training' },
  ],
});

export const payerType = defineDictionary({
  name: 'PAYER_TYPE',
  code: 19,
  label: 'Payer type',
  entries: [
    { code: 1, gname: 'Office' },
    { code: 2, gname: 'Department' },
    { code: 3, gname: 'Position' },
  ],
});

export const expenseType = defineDictionary({
  name: 'EXPENSE_TYPE',
  code: 20,
  label: 'Expense type',
  entries: [
    { code: 1, gname: 'Travel' },
    { code: 2, gname: 'Court fees' },
    { code: 3, gname: 'Translation' },
    { code: 4, gname: 'Courier' },
    { code: 5, gname: 'Notary' },
  ],
});

export const invoiceStatus = defineDictionary({
  name: 'INVOICE_STATUS',
  code: 21,
  label: 'Invoice status',
  entries: [
    { code: 1, gname: 'Draft' },
    { code: 2, gname: 'On verification' },
    { code: 3, gname: 'Cancelled' },
    { code: 4, gname: 'Approved' },
    { code: 5, gname: 'Paid' },
    { code: 6, gname: 'Partly paid' },
  ],
});

export const approverType = defineDictionary({
  name: 'APPROVER_TYPE',
  code: 22,
  label: 'Approver type',
  entries: [
    { code: 1, gname: 'Budget' },
    { code: 2, gname: 'Expense' },
    { code: 3, gname: 'Pre-invoice' },
    { code: 4, gname: 'Invoice' },
    { code: 5, gname: 'Matter' },
  ],
});

export const preInvoiceStatus = defineDictionary({
  name: 'PRE_INVOICE_STATUS',
  code: 23,
  label: 'Pre-invoice status',
  entries: [
    { code: 1, gname: 'Draft' },
    { code: 2, gname: 'On verification' },
    { code: 3, gname: 'Rejected' },
    { code: 4, gname: 'Approved' },
    { code: 5, gname: 'Acted', id: 66 },
    { code: 6, gname: 'Closed', id: 67 },
  ],
});

export const nationalBankType = defineDictionary({
  name: 'NATIONAL_BANK_TYPE',
  code: 28,
  label: 'National bank type',
  entries: [
    { code: 1, gname: 'Resident' },
    { code: 2, gname: 'Non-resident' },
  ],
});

export const trafficType = defineDictionary({
  name: 'TRAFFIC_TYPE',
  code: 29,
  label: 'Traffic type',
  entries: [
    { code: 1, gname: 'Inbound' },
    { code: 2, gname: 'Outbound' },
  ],
});

export const documentType = defineDictionary({
  name: 'DOCUMENT_TYPE',
  code: 36,
  label: 'Document type',
  entries: [
    { code: 1, gname: 'Invoice' },
    { code: 2, gname: 'Pre-invoice' },
    { code: 3, gname: 'Act' },
    { code: 4, gname: 'Contract' },
  ],
});

export const templateLocationType = defineDictionary({
  name: 'TEMPLATE_LOCATION_TYPE',
  code: 37,
  label: 'Template location type',
  entries: [
    { code: 1, gname: 'Local' },
    { code: 2, gname: 'International' },
  ],
});

export const debtPaymentStatus = defineDictionary({
  name: 'DEBT_PAYMENT_STATUS',
  code: 41,
  label: 'Debt payment status',
  entries: [
    { code: 1, gname: 'Unpaid' },
    { code: 2, gname: 'Paid' },
  ],
});

/** This area's dictionary types, registered in schemas/dictionaryTypes.ts. */
export const financeDictionaries = [
  verificationDecision,
  budgetType,
  payerType,
  expenseType,
  invoiceStatus,
  approverType,
  preInvoiceStatus,
  nationalBankType,
  trafficType,
  documentType,
  templateLocationType,
  debtPaymentStatus,
] as const;
