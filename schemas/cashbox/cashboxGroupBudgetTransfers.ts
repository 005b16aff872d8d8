import { defineEntity, f } from '../define';
import { ownCashboxRows } from './access';

/**
 * A transfer out of a group's budget in one cashbox version (CASH-25, CASH-39): the group profit
 * it leaves, the position or office it goes to, and the amount.
 * Written by the calculation as part of one period version (`storeCashboxVersion`,
 * server/cashbox/store.ts); read-only through the API. Rows are ruled by CASH-12/13
 * (`ownCashboxRows`, schemas/cashbox/access.ts).
 */
export const cashboxGroupBudgetTransfers = defineEntity({
  name: 'cashboxGroupBudgetTransfers',
  entityName: 'CashboxGroupBudgetTransfer',
  label: 'Cashbox group budget transfers',
  area: 'cashbox',
  icon: 'SwapHoriz',
  module: 'cashbox',
  hideFromMenu: true,
  access: { read: 'signedIn', write: 'module', page: 'module' },
  genericWrites: { create: false, update: false, delete: false },
  accessRule: ownCashboxRows,
  fields: {
    cashboxPeriod: f.ref('cashboxPeriods', { required: true, readOnly: true, onDelete: 'cascade', label: 'Period' }),
    fromGroupProfit: f.ref('cashboxGroupProfits', { readOnly: true, onDelete: 'cascade', label: 'From group' }),
    fromGroupDepartment: f.ref('departments', { readOnly: true, label: 'From department' }),
    toPosition: f.ref('positions', { readOnly: true, label: 'To position' }),
    toOffice: f.ref('offices', { readOnly: true, label: 'To office' }),
    recipientEmployeeId: f.refId('employees', { readOnly: true, index: true, label: 'Employee' }),
    amount: f.money({ readOnly: true }),
  },
  computed: {
    // true on the user's own rows: `?byMe=true` is the "by me" choice (CASH-13)
    byMe: { type: 'boolean', label: 'By me' },
  },
  projections: { full: { embed: { fromGroupDepartment: ['gname'], toOffice: ['gfirmName'] } } },
  recordRepresentation: 'id',
  list: { columns: ['fromGroupDepartment', 'toPosition', 'toOffice', 'amount'] },
});
