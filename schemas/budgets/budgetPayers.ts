import { rule } from '../accessRule';
import { isAdminOrBillingManager } from '../access';
import { defineEntity, f, type EntityAction } from '../define';
import { budgetOfficeCondition, payerKeeps } from './rules';

/**
 * The action that sets the closed-by-fund flag of every payer of a budget to `value` (the `true`
 * and `false` actions): `PATCH /budgetPayers/{budgetId}/true|false` - the path names a budget id
 * (BUD-18), not a payer id.
 */
const setClosedByFund = (value: boolean): EntityAction => ({
  level: 'item',
  idOf: 'budgets',
  methods: ['PATCH'],
  summary: `Marks every payer of the budget ${value ? 'closed' : 'not closed'} by a fund: { budgetId, closedByFund, payers }`,
  access: { privilege: 'update' },
});

/**
 * A payer of a budget (BUD-02): who pays which share. Written only nested in its budget (the
 * budget checks the shares and the payer fields, BUD-05..09); the closed-by-fund flag changes only
 * through `PATCH /budgetPayers/{budgetId}/true|false` (BUD-18), for all the budget's payers, which the cashbox reads to leave a paid
 * budget out of a group's budget. Readable with its budget.
 */
export const budgetPayers = defineEntity({
  name: 'budgetPayers',
  entityName: 'BudgetPayer',
  label: 'Budget payers',
  area: 'finance',
  icon: 'Payments',
  module: 'budget',
  hideFromMenu: true,
  genericWrites: { create: false, update: false, delete: false },
  fields: {
    budget: f.ref('budgets', { required: true, onDelete: 'cascade' }),
    payerType: f.dictionary('PAYER_TYPE', { required: true, label: 'Payer type' }),
    payerOffice: f.ref('offices', { label: 'Office', sendWhen: (r) => payerKeeps(r, 'payerOffice') }),
    payerDepartment: f.ref('departments', {
      label: 'Department',
      sendWhen: (r) => payerKeeps(r, 'payerDepartment'),
    }),
    payerPosition: f.ref('positions', { label: 'Position', sendWhen: (r) => payerKeeps(r, 'payerPosition') }),
    // BUD-08/09: a fraction (0.5 = 50 %), 100 % for a single payer
    percentage: f.percent({ required: true, min: 0, max: 1, default: 1, label: 'Share' }),
    closedByFund: f.boolean({ readOnly: true, default: false, label: 'Closed by fund' }),
  },
  accessRule: (user) =>
    isAdminOrBillingManager(user.roles) ? null : rule.through('budget', budgetOfficeCondition(user)),
  actions: {
    true: setClosedByFund(true),
    false: setClosedByFund(false),
  },
  projections: {
    full: {
      embed: {
        payerType: ['code', 'gname'],
        payerOffice: ['gfirmName'],
        payerDepartment: ['gname'],
        payerPosition: 'full',
      },
    },
  },
  recordRepresentation: 'id',
  list: {
    projection: 'full',
    columns: ['payerType', 'payerOffice', 'payerDepartment', 'payerPosition', 'percentage', 'closedByFund'],
  },
});
