import { defineEntity, f } from '../define';
import { cashboxLine, periodField, recipientField, byMeComputed } from './line';

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
  icon: 'SwapHoriz',
  ...cashboxLine(),
  fields: {
    cashboxPeriod: periodField(),
    fromGroupProfit: f.ref('cashboxGroupProfits', { readOnly: true, onDelete: 'cascade', label: 'From group' }),
    fromGroupDepartment: f.ref('departments', { readOnly: true, label: 'From department' }),
    toPosition: f.ref('positions', { readOnly: true, label: 'To position' }),
    toOffice: f.ref('offices', { readOnly: true, label: 'To office' }),
    recipientEmployeeId: recipientField(),
    amount: f.money({ readOnly: true }),
  },
  computed: byMeComputed(),
  projections: { full: { embed: { fromGroupDepartment: ['gname'], toOffice: ['gfirmName'] } } },
  recordRepresentation: 'id',
  list: { columns: ['fromGroupDepartment', 'toPosition', 'toOffice', 'amount'] },
});
