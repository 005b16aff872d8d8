import { isAdminOrBillingManager } from '../access';
import { rule, type AccessCondition, type AccessRule } from '../accessRule';
import type { AccessSubject, WireRecord } from '../define';
import { codeOf } from '../engagements/rules';

/** PAYER_TYPE codes (`schemas/finance/dictionaries.ts`): who pays a share of a budget. */
export const PAYER_OFFICE = 1;
export const PAYER_DEPARTMENT = 2;
export const PAYER_POSITION = 3;

/**
 * Which payer fields a payer type keeps (BUD-05..07): a position payer (code 3) names the position
 * and the position's office, a department payer (code 2) the department, any other type the office.
 * An unknown type (a form before a type is picked, or a record whose dictionary entry carries only
 * its id) keeps every field: the server decides with the stored code (`normalisePayers`).
 *
 * @example
 * payerKeeps({ payerType: { id: 9, code: 2 } }, 'payerDepartment') // true
 * payerKeeps({ payerType: { id: 9, code: 2 } }, 'payerOffice') // false
 */
export function payerKeeps(payer: WireRecord, field: 'payerOffice' | 'payerDepartment' | 'payerPosition'): boolean {
  const code = codeOf(payer.payerType);
  if (code === undefined || Number.isNaN(code)) return true;
  if (field === 'payerPosition') return code === PAYER_POSITION;
  if (field === 'payerDepartment') return code === PAYER_DEPARTMENT;
  return code !== PAYER_DEPARTMENT;
}

/**
 * Who reads a budget (BUD-10): admins and billing managers every budget, anyone else the budgets
 * whose covering office is their own office; a user without an office none.
 *
 * @example
 * accessRule: budgetAccess
 */
export const budgetOfficeCondition = (user: AccessSubject): AccessCondition =>
  user.employeeOfficeId === null ? false : rule.eq('coverBudgetOffice.id', user.employeeOfficeId);

/** The budgets' record-level rule: {@link budgetOfficeCondition} unless admin or billing manager. */
export const budgetAccess: AccessRule = (user) =>
  isAdminOrBillingManager(user.roles) ? null : budgetOfficeCondition(user);
