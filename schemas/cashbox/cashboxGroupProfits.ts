import { defineEntity, f } from '../define';
import { rule } from '../accessRule';
import { seesAllCashbox } from './access';

/**
 * A group's profit in one cashbox version (CASH-21, CASH-11): the group department (a sector or
 * business team), its type code, its office, the sum of its members' Sum, GB (budgets charged to
 * the department not closed by a fund, negative) and the total. `/all` is the per-employee view
 * (CASH-29). Written by the calculation as part of one period version (`storeCashboxVersion`,
 * server/cashbox/store.ts); read-only through the API. CASH-12: besides the roles that see every
 * row, a user reads the groups their employee holds a position profit in.
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
  // a group is read by the roles that see every row, and by the members holding a profit in it
  accessRule: (user) =>
    seesAllCashbox(user.roles)
      ? null
      : rule.exists(
          { collection: 'cashboxPositionProfits', via: 'cashboxGroupProfit' },
          rule.eq('recipientEmployeeId', user.employeeId),
        ),
  fields: {
    cashboxPeriod: f.ref('cashboxPeriods', { required: true, readOnly: true, onDelete: 'cascade', label: 'Period' }),
    groupDepartment: f.ref('departments', { readOnly: true, label: 'Group' }),
    groupDepartmentTypeCode: f.number({ readOnly: true, integer: true, label: 'Group type' }),
    groupOffice: f.ref('offices', { readOnly: true, label: 'Office' }),
    membersAmountSum: f.money({ readOnly: true, label: 'Members' }),
    groupBudgetAmount: f.money({ readOnly: true, label: 'GB' }),
    totalAmount: f.money({ readOnly: true, label: 'Total' }),
  },
  computed: {
    // true on the user's own rows: `?byMe=true` is the "by me" choice (CASH-13)
    byMe: { type: 'boolean', label: 'By me' },
  },
  projections: {
    full: {
      embed: {
        cashboxPeriod: ['reportDateGte', 'reportDateLte'],
        groupDepartment: ['gname'],
        groupOffice: ['gfirmName'],
      },
    },
  },
  actions: {
    // GET /cashboxGroupProfits/all?cashboxPeriodId&byMe (CASH-29): the per-employee view
    all: {
      level: 'collection',
      methods: ['GET'],
      summary:
        'Group profits of a period: every group for the roles that see all rows, else the groups holding the user',
      input: { cashboxPeriodId: f.refId('cashboxPeriods', { label: 'Period' }), byMe: f.boolean({ label: 'By me' }) },
      access: { allow: () => true },
    },
  },
  recordRepresentation: 'id',
  list: { columns: ['groupDepartment', 'membersAmountSum', 'groupBudgetAmount', 'totalAmount'] },
});
