import { isAdminOrBillingManager } from '../access';
import { rule } from '../accessRule';
import { defineEntity, f } from '../define';
import { expenseCondition } from './expenseRules';

/**
 * A payer of an expense (EXP-02): a position and its share of the amount, a fraction (0.5 = 50 %)
 * shown as a percent (EXP-03). Written only nested in its expense, which checks that the shares
 * add up to 100 %; readable with its expense (EXP-13).
 */
export const expensePayers = defineEntity({
  name: 'expensePayers',
  entityName: 'ExpensePayer',
  label: 'Expense payers',
  area: 'finance',
  icon: 'Payments',
  module: 'expense',
  hideFromMenu: true,
  genericWrites: { create: false, update: false, delete: false },
  fields: {
    expense: f.ref('expenses', { required: true, onDelete: 'cascade' }),
    payerPosition: f.ref('positions', { required: true, label: 'Position' }),
    percentage: f.percent({ required: true, min: 0, max: 1, default: 1, label: 'Share' }),
  },
  accessRule: (user) => (isAdminOrBillingManager(user.roles) ? null : rule.through('expense', expenseCondition(user))),
  projections: { full: { embed: { payerPosition: 'full' } } },
  recordRepresentation: 'id',
  list: { projection: 'full', columns: ['payerPosition', 'percentage'] },
});
