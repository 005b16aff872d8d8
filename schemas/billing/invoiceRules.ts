import { rule, type AccessRule } from '../accessRule';
import type { WireRecord } from '../define';
import { matterAccess, projectAccess, unlessAdminOrBilling } from '../engagements/access';
import { referenceId } from '../engagements/rules';

/** BILLING_STATUS codes (`schemas/matters/dictionaries.ts`) of a time entry or an expense. */
export const UNBILLED = 2;
/** The billing status of a time or an expense held by an invoice ("Invoiced"). */
export const INVOICED = 4;

/** INVOICE_STATUS codes (`schemas/finance/dictionaries.ts`). */
export const INVOICE_DRAFT = 1;
export const INVOICE_ON_VERIFICATION = 2;
export const INVOICE_CANCELLED = 3;
export const INVOICE_APPROVED = 4;
export const INVOICE_PAID = 5;
export const INVOICE_PARTLY_PAID = 6;

/** The dictionary type codes of INVOICE_STATUS and BILLING_STATUS (a type's id is its code). */
export const INVOICE_STATUS_TYPE = 21;
export const BILLING_STATUS_TYPE = 14;

/**
 * Who reads an invoice (INV-14): admins and billing managers every invoice; anyone else the
 * invoices on the access list of their project (which holds the project's matters' people), of
 * any of their matters, or that they created.
 *
 * @example
 * accessRule: invoiceAccess
 */
export const invoiceAccess: AccessRule = unlessAdminOrBilling((user) =>
  rule.or(
    projectAccess(user, 'project.id'),
    rule.exists('matterList', matterAccess(user)),
    rule.eq('createdBy', user.username ?? null),
  ),
);

/**
 * The combined display of an invoice's act and payment (INV-08..10): `Paid & Not Acted`,
 * `Acted & Not Paid`, `Paid & Acted`, or `undefined` when neither holds.
 *
 * @example
 * actPaidLabel(false, true) // 'Paid & Not Acted'
 * actPaidLabel(true, true) // 'Paid & Acted'
 */
export function actPaidLabel(signed: unknown, paid: unknown): string | undefined {
  if (signed === true && paid === true) return 'Paid & Acted';
  if (signed === true) return 'Acted & Not Paid';
  if (paid === true) return 'Paid & Not Acted';
  return undefined;
}

/**
 * The list of matters without repeats, first occurrence kept (INV-12); anything that is not a
 * list is returned as is, for validation to judge.
 *
 * @example
 * uniqueMatters([{ id: 3 }, { id: 5 }, { id: 3 }]) // [{ id: 3 }, { id: 5 }]
 */
export function uniqueMatters(list: unknown): unknown {
  if (!Array.isArray(list)) return list;
  const seen = new Set<number | undefined>();
  return list.filter((m) => {
    const id = referenceId(m);
    if (id === undefined) return true;
    if (seen.has(id)) return false;
    seen.add(id);
    return true;
  });
}

/**
 * An office transit account sent without an id is no account (INV-13): `{}` or `{ id: null }`
 * becomes `null`.
 *
 * @example
 * transitAccountOrNull({ name: 'x' }) // null
 * transitAccountOrNull({ id: 4 }) // { id: 4 }
 */
export function transitAccountOrNull(v: unknown): unknown {
  if (v && typeof v === 'object' && !Array.isArray(v) && referenceId(v) === undefined) return null;
  return v;
}

/**
 * The server's normalisation of an invoice body (INV-12, INV-13), run before validation: the
 * matters without repeats, a transit account without an id as null.
 */
export function normaliseInvoiceBody(body: WireRecord): void {
  if (Object.hasOwn(body, 'matterList')) body.matterList = uniqueMatters(body.matterList);
  if (Object.hasOwn(body, 'officeTransitAccount'))
    body.officeTransitAccount = transitAccountOrNull(body.officeTransitAccount);
}
