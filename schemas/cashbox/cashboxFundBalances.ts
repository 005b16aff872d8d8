import { defineEntity, f } from '../define';
import { ownCashboxRows } from './access';

/**
 * What a position's fund moves in one cashbox version (CASH-25, CASH-36): the put amount and where
 * the fund's scheme sends it - an office, a department or a position (CASHBOX "Profit").
 * Written by the calculation as part of one period version (`storeCashboxVersion`,
 * server/cashbox/store.ts); read-only through the API. Rows are ruled by CASH-12/13
 * (`ownCashboxRows`, schemas/cashbox/access.ts).
 */
export const cashboxFundBalances = defineEntity({
  name: 'cashboxFundBalances',
  entityName: 'CashboxFundBalance',
  label: 'Cashbox fund balances',
  area: 'cashbox',
  icon: 'AccountBalanceWallet',
  module: 'cashbox',
  hideFromMenu: true,
  access: { read: 'signedIn', write: 'module', page: 'module' },
  genericWrites: { create: false, update: false, delete: false },
  accessRule: ownCashboxRows,
  fields: {
    cashboxPeriod: f.ref('cashboxPeriods', { required: true, readOnly: true, onDelete: 'cascade', label: 'Period' }),
    position: f.ref('positions', { readOnly: true, label: 'Position' }),
    recipientEmployeeId: f.refId('employees', { readOnly: true, index: true, label: 'Employee' }),
    fundScheme: f.dictionary('FUND_SCHEME', { readOnly: true, label: 'Scheme' }),
    targetOffice: f.ref('offices', { readOnly: true, label: 'To office' }),
    targetDepartment: f.ref('departments', { readOnly: true, label: 'To department' }),
    targetPosition: f.ref('positions', { readOnly: true, label: 'To position' }),
    amount: f.money({ readOnly: true }),
  },
  computed: {
    // true on the user's own rows: `?byMe=true` is the "by me" choice (CASH-13)
    byMe: { type: 'boolean', label: 'By me' },
  },
  projections: { full: { embed: { position: 'full', fundScheme: ['code', 'gname'] } } },
  recordRepresentation: 'id',
  list: { columns: ['position', 'fundScheme', 'amount'] },
});
