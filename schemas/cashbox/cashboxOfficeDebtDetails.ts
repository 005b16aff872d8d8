import { defineEntity, f } from '../define';
import { officeDebtRows } from './access';

/** Which side of a debt a detail line explains (OFF-43 `detailSide`). */
export const DETAIL_SIDES = ['DEBTOR', 'CREDITOR'] as const;

/**
 * A detail line of an inter-office debt (OFF-43): what makes up the debt - a transfer or a share
 * earned by another office's position - on the debtor's or the creditor's side, with the creditor
 * office, the amount and a description. Written by the calculation, read-only through the API.
 */
export const cashboxOfficeDebtDetails = defineEntity({
  name: 'cashboxOfficeDebtDetails',
  entityName: 'CashboxOfficeDebtDetail',
  label: 'Debt details',
  area: 'cashbox',
  icon: 'ReceiptLong',
  module: 'cashbox',
  hideFromMenu: true,
  // the rows of the debts they belong to: only who sees every cashbox row (CASH-12)
  accessRule: officeDebtRows,
  genericWrites: { create: false, update: false, delete: false },
  fields: {
    cashboxOfficeDebt: f.ref('cashboxOfficeDebts', { required: true, onDelete: 'cascade', label: 'Debt' }),
    detailSide: f.enum(DETAIL_SIDES, { required: true, label: 'Side' }),
    creditorOffice: f.ref('offices', { label: 'Creditor office' }),
    amount: f.money(),
    description: f.text({ maxLength: 500 }),
    // the payment whose distribution row made this transfer (a calculated debt's DEBTOR detail)
    payment: f.ref('paymentHistories', { readOnly: true, onDelete: 'setNull', label: 'Payment' }),
  },
  projections: { full: { embed: { creditorOffice: ['gfirmName'] } } },
  recordRepresentation: 'description',
  list: { columns: ['detailSide', 'creditorOffice', 'amount', 'description'] },
});
