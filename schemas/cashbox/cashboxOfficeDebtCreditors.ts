import { defineEntity, f } from '../define';
import { officeDebtRows } from './access';

/**
 * A creditor of an inter-office debt (OFF-43/44): the office owed, the amount in the debt's
 * currency, and whether it has been paid. The calculation writes the rows; a user with `update`
 * on `cashbox` changes only the payment status (`PATCH /cashboxOfficeDebtCreditors/{id}`
 * `{ paymentStatus: { id } }`), which rolls up into the debt's own status.
 */
export const cashboxOfficeDebtCreditors = defineEntity({
  name: 'cashboxOfficeDebtCreditors',
  entityName: 'CashboxOfficeDebtCreditor',
  label: 'Debt creditors',
  area: 'cashbox',
  icon: 'AccountBalance',
  module: 'cashbox',
  hideFromMenu: true,
  // the rows of the debts they belong to: only who sees every cashbox row (CASH-12)
  accessRule: officeDebtRows,
  genericWrites: { create: false, delete: false },
  fields: {
    cashboxOfficeDebt: f.ref('cashboxOfficeDebts', { readOnly: true, onDelete: 'cascade', label: 'Debt' }),
    office: f.ref('offices', { readOnly: true, label: 'Creditor office' }),
    amount: f.money({ readOnly: true }),
    paymentStatus: f.dictionary('DEBT_PAYMENT_STATUS', { required: true, label: 'Payment status' }),
  },
  projections: { full: { embed: { office: ['gfirmName'], paymentStatus: ['code', 'gname'] } } },
  recordRepresentation: 'id',
  list: { columns: ['office', 'amount', 'paymentStatus'] },
});
