import { defineEntity, f } from '../define';
import { ownCashboxRows } from './access';

/**
 * A group's profit in one cashbox version (CASH-21, CASH-11): the group department (a sector or
 * business team), its type code, its office, the sum of its members' Sum, GB (budgets charged to
 * the department not closed by a fund, negative) and the total. A group row belongs to no one
 * person: only the roles that see every row read it, and `/all` (CASH-29) gives anyone the groups
 * they hold a position profit in.
 * Written by the calculation as part of one period version (`storeCashboxVersion`,
 * server/cashbox/store.ts); read-only through the API. Rows are ruled by CASH-12/13
 * (`ownCashboxRows`, schemas/cashbox/access.ts).
 */
export const cashboxGroupProfits = defineEntity({
  name: 'cashboxGroupProfits',
  entityName: 'CashboxGroupProfit',
  label: 'Cashbox group profits',
  area: 'cashbox',
  icon: 'Groups',
  module: 'cashbox',
  hideFromMenu: true,
  access: { read: 'signedIn', write: 'module', page: 'module' },
  genericWrites: { create: false, update: false, delete: false },
  accessRule: ownCashboxRows,
  fields: {
    cashboxPeriod: f.ref('cashboxPeriods', { required: true, readOnly: true, onDelete: 'cascade', label: 'Period' }),
    groupDepartment: f.ref('departments', { readOnly: true, label: 'Group' }),
    groupDepartmentTypeCode: f.number({ readOnly: true, integer: true, label: 'Group type' }),
    groupOffice: f.ref('offices', { readOnly: true, label: 'Office' }),
    membersAmountSum: f.money({ readOnly: true, label: 'Members' }),
    groupBudgetAmount: f.money({ readOnly: true, label: 'GB' }),
    totalAmount: f.money({ readOnly: true, label: 'Total' }),
    recipientEmployeeId: f.refId('employees', { readOnly: true, index: true, label: 'Employee' }),
  },
  computed: {
    // true on the user's own rows: `?byMe=true` is the "by me" choice (CASH-13)
    byMe: { type: 'boolean', label: 'By me' },
  },
  projections: { full: { embed: { cashboxPeriod: ['reportDateGte', 'reportDateLte'], groupDepartment: ['gname'], groupOffice: ['gfirmName'] } } },
  actions: {
    // GET /cashboxGroupProfits/all?cashboxPeriodId&byMe (CASH-29): the per-employee view
    all: {
      level: 'collection',
      methods: ['GET'],
      summary: 'Group profits of a period: every group for the roles that see all rows, else the groups holding the user',
      input: { cashboxPeriodId: f.refId('cashboxPeriods', { label: 'Period' }), byMe: f.boolean({ label: 'By me' }) },
      access: { allow: () => true },
    },
  },
  recordRepresentation: 'id',
  list: { columns: ['groupDepartment', 'membersAmountSum', 'groupBudgetAmount', 'totalAmount'] },
});
