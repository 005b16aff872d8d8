import { defineEntity, f } from '../define';
import { cashboxLine, periodField, recipientField, byMeComputed } from './line';

/**
 * A recipient position's row of the cashbox report (CASH-08, CASH-22): Efficiency, Sum, Profit, the
 * put and get ratios, the % shown (CASH-10), whether the position was a junior partner, and the
 * seven lines of the side panel (CASH-09). Filters `cashboxGroupProfit.id` and
 * `transferCashboxFundBalance.id` (CASH-30).
 * Written by the calculation as part of one period version (`storeCashboxVersion`,
 * server/cashbox/store.ts); read-only through the API. Rows are ruled by CASH-12/13
 * (`ownCashboxRows`, schemas/cashbox/access.ts).
 */
export const cashboxPositionProfits = defineEntity({
  name: 'cashboxPositionProfits',
  entityName: 'CashboxPositionProfit',
  label: 'Cashbox position profits',
  icon: 'Person',
  ...cashboxLine(),
  fields: {
    cashboxPeriod: periodField(),
    cashboxGroupProfit: f.ref('cashboxGroupProfits', { readOnly: true, onDelete: 'cascade', label: 'Group profit' }),
    transferCashboxFundBalance: f.ref('cashboxFundBalances', {
      readOnly: true,
      onDelete: 'setNull',
      label: 'Fund balance',
    }),
    recipientPosition: f.ref('positions', { readOnly: true, label: 'Position' }),
    recipientEmployeeId: recipientField(),
    transferType: f.dictionary('TRANSFER_TYPE', { readOnly: true, label: 'Transfer type' }),
    efficiencyAmountLocal: f.money({ readOnly: true, label: 'Efficiency' }),
    sumAmountLocal: f.money({ readOnly: true, label: 'Sum' }),
    profitAmountLocal: f.money({ readOnly: true, label: 'Profit' }),
    get: f.percent({ readOnly: true, label: 'Get' }),
    put: f.percent({ readOnly: true, label: 'Put' }),
    juniorPartner: f.boolean({ readOnly: true, label: 'Junior partner' }),
    percentShown: f.number({ readOnly: true, integer: true, label: '%' }),
    incomeAmount: f.money({ readOnly: true, label: 'Income' }),
    personalBudgetAmount: f.money({ readOnly: true, label: 'Personal budget' }),
    paidExpenseAmount: f.money({ readOnly: true, label: 'Paid expense' }),
    nonCashNotPrepaidExpenseAmount: f.money({ readOnly: true, label: 'Non cash not prepaid expense' }),
    cashBudgetAmount: f.money({ readOnly: true, label: 'Cash budget' }),
    cashPrepaidExpenseAmount: f.money({ readOnly: true, label: 'Cash prepaid expense' }),
    transferAmount: f.money({ readOnly: true, label: 'Transfer amount' }),
  },
  computed: byMeComputed(),
  projections: { full: { embed: { recipientPosition: 'full', transferType: ['code', 'gname'] } } },
  recordRepresentation: 'id',
  list: {
    columns: ['recipientPosition', 'efficiencyAmountLocal', 'sumAmountLocal', 'percentShown', 'profitAmountLocal'],
  },
});
