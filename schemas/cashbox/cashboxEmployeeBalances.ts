import { defineEntity, f } from '../define';
import { cashboxLine, periodField, byMeComputed } from './line';

/**
 * An employee's balance in one cashbox version (CASH-01..05): the previous closed balance, the
 * month's profits of all the employee's positions, the balance in the period currency and in USD
 * (at the month-end rate), and a comment - the one field a user writes, with `PATCH
 * /cashboxEmployeeBalances/{id}/update` `{ comment }` (CASH-05). Read with `GET
 * /cashboxEmployeeBalances/all?officeId&date=YYYY-MM&employeeId` (CASH-03): the office's balances of
 * that month's latest version.
 * Written by the calculation as part of one period version (`storeCashboxVersion`,
 * server/cashbox/store.ts); read-only through the API. Rows are ruled by CASH-12/13
 * (`ownCashboxRows`, schemas/cashbox/access.ts).
 */
export const cashboxEmployeeBalances = defineEntity({
  name: 'cashboxEmployeeBalances',
  entityName: 'CashboxEmployeeBalance',
  label: 'Cashbox employee balances',
  icon: 'AccountBalance',
  ...cashboxLine(),
  fields: {
    cashboxPeriod: periodField(),
    office: f.ref('offices', { readOnly: true }),
    reportDate: f.date({ readOnly: true, label: 'Month' }),
    recipientEmployeeId: f.refId('employees', { readOnly: true, label: 'Employee' }),
    previousAmount: f.money({ readOnly: true, label: 'Previous balance' }),
    profits: f.money({ readOnly: true, label: 'Profits' }),
    balanceAmount: f.money({ readOnly: true, label: 'Balance' }),
    balanceAmountUsd: f.money({ readOnly: true, label: 'Balance, USD' }),
    comment: f.longText({ readOnly: true, maxLength: 4000 }),
  },
  computed: byMeComputed(),
  projections: { full: { embed: { office: ['gfirmName'] } } },
  actions: {
    // GET /cashboxEmployeeBalances/all?officeId&date=YYYY-MM&employeeId (CASH-03)
    all: {
      level: 'collection',
      methods: ['GET'],
      summary: "The office's employee balances of a month (its latest version), optionally one employee's",
      input: {
        officeId: f.refId('offices', { label: 'Office' }),
        date: f.text({ maxLength: 7, label: 'Month (YYYY-MM)' }),
        employeeId: f.refId('employees', { label: 'Employee' }),
        byMe: f.boolean({ label: 'By me' }),
      },
      access: { allow: () => true },
    },
    // PATCH /cashboxEmployeeBalances/{id}/update { comment } (CASH-05)
    update: {
      level: 'item',
      methods: ['PATCH'],
      summary: "Saves the balance's comment",
      input: { comment: f.longText({ maxLength: 4000 }) },
      access: { privilege: 'update' },
    },
  },
  recordRepresentation: 'id',
  list: { columns: ['recipientEmployeeId', 'balanceAmount', 'balanceAmountUsd', 'comment'] },
});
