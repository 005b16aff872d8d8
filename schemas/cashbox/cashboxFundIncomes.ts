import { defineEntity, f } from '../define';
import { cashboxLine, periodField, recipientField, byMeComputed } from './line';

/**
 * A fund's share of one payment in one cashbox version (CASH-24, CASH-38, docs/areas/cashbox.md waterfall step 3): the fund
 * type, the office where the fund is located (`locateOfficeId`, flat), the distribution row that
 * sent it, and the amount. Office-level: only the roles that see every row read it.
 * Written by the calculation as part of one period version (`storeCashboxVersion`,
 * server/cashbox/store.ts); read-only through the API. Rows are ruled by CASH-12/13
 * (`ownCashboxRows`, schemas/cashbox/access.ts).
 */
export const cashboxFundIncomes = defineEntity({
  name: 'cashboxFundIncomes',
  entityName: 'CashboxFundIncome',
  label: 'Cashbox fund incomes',
  icon: 'Savings',
  ...cashboxLine(),
  fields: {
    cashboxPeriod: periodField(),
    payment: f.ref('paymentHistories', { readOnly: true, onDelete: 'setNull', label: 'Payment' }),
    fundType: f.dictionary('FUND_TYPE', { readOnly: true, label: 'Fund type' }),
    locateOfficeId: f.refId('offices', { readOnly: true, label: 'Fund office' }),
    distributionRowId: f.refId('officeIncomeDistributionPercents', { readOnly: true, label: 'Distribution row' }),
    recipientEmployeeId: recipientField(),
    amount: f.money({ readOnly: true }),
  },
  computed: byMeComputed(),
  projections: { full: { embed: { fundType: ['code', 'gname'] } } },
  actions: {
    // GET /cashboxFundIncomes/all?cashboxPeriodId (CASH-38)
    all: {
      level: 'collection',
      methods: ['GET'],
      summary: 'Fund incomes of a period',
      input: { cashboxPeriodId: f.refId('cashboxPeriods', { label: 'Period' }), byMe: f.boolean({ label: 'By me' }) },
      access: { allow: () => true },
    },
  },
  recordRepresentation: 'id',
  list: { columns: ['fundType', 'locateOfficeId', 'amount'] },
});
