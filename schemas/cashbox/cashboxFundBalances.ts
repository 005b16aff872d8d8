import { defineEntity, f } from '../define';
import { cashboxLine, periodField, recipientField, byMeComputed } from './line';

/**
 * What a position's fund moves in one cashbox version (CASH-25, CASH-36): the put amount and where
 * the fund's scheme sends it - an office, a department or a position (docs/areas/cashbox.md "Per group").
 * Written by the calculation as part of one period version (`storeCashboxVersion`,
 * server/cashbox/store.ts); read-only through the API. Rows are ruled by CASH-12/13
 * (`ownCashboxRows`, schemas/cashbox/access.ts).
 */
export const cashboxFundBalances = defineEntity({
  name: 'cashboxFundBalances',
  entityName: 'CashboxFundBalance',
  label: 'Cashbox fund balances',
  icon: 'AccountBalanceWallet',
  ...cashboxLine(),
  fields: {
    cashboxPeriod: periodField(),
    position: f.ref('positions', { readOnly: true, label: 'Position' }),
    recipientEmployeeId: recipientField(),
    fundScheme: f.dictionary('FUND_SCHEME', { readOnly: true, label: 'Scheme' }),
    targetOffice: f.ref('offices', { readOnly: true, label: 'To office' }),
    targetDepartment: f.ref('departments', { readOnly: true, label: 'To department' }),
    targetPosition: f.ref('positions', { readOnly: true, label: 'To position' }),
    amount: f.money({ readOnly: true }),
  },
  computed: byMeComputed(),
  projections: { full: { embed: { position: 'full', fundScheme: ['code', 'gname'] } } },
  recordRepresentation: 'id',
  list: { columns: ['position', 'fundScheme', 'amount'] },
});
