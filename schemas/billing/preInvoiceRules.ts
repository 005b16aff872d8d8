import { isAdmin } from '../access';
import { rule, type AccessRule } from '../accessRule';
import { matterAccess, projectAccess, unlessAdminOrBilling } from '../engagements/access';

/**
 * The rules of pre-invoices and their payments (PRE-01..14, PAY-01..07), run by the schemas'
 * hooks and actions inside the write's transaction. Isomorphic: SQL through the transaction only,
 * money as exact decimals (`schemas/money.ts`).
 */

/** The dictionary type code of PRE_INVOICE_STATUS (`schemas/finance/dictionaries.ts`); a type's id is its code. */
export const PRE_INVOICE_STATUS = 23;
/** The dictionary type code of INVOICE_STATUS. */
export const INVOICE_STATUS = 21;

/** PRE_INVOICE_STATUS codes: 1 Draft, 2 On verification, 3 Rejected, 4 Approved, 5 Acted (id 66), 6 Closed (id 67). */
export const PRE_DRAFT = 1;
export const PRE_ON_VERIFICATION = 2;
export const PRE_REJECTED = 3;
export const PRE_APPROVED = 4;
export const PRE_ACTED = 5;
export const PRE_CLOSED = 6;

/** INVOICE_STATUS codes a payment moves an invoice between: 4 Approved, 5 Paid, 6 Partly paid. */
export const INVOICE_APPROVED = 4;
export const INVOICE_PAID = 5;
export const INVOICE_PARTLY_PAID = 6;

/** A Conflict (409) with the message shown to the user. */
export const conflict = (message: string): Error => Object.assign(new Error(message), { statusCode: 409 });

/**
 * Who reads and writes a pre-invoice (PRE-05): admins and billing managers every one; anyone else
 * the pre-invoices of a project whose access list holds them, or of a matter whose access list
 * holds them, and those they created (`schemas/engagements/access.ts`).
 *
 * @example
 * accessRule: preInvoiceAccess
 */
export const preInvoiceAccess: AccessRule = unlessAdminOrBilling((user) =>
  rule.or(
    projectAccess(user, 'project.id'),
    matterAccess(user, 'matter.id'),
    rule.eq('createdBy', user.username ?? null),
  ),
);

/**
 * Who reads and writes a payment (PAY-03..07): admins every one; anyone else the payments of a
 * pre-invoice or an invoice they may read (that document's module and access rule).
 */
export const paymentAccess: AccessRule = (user) =>
  isAdmin(user.roles)
    ? null
    : rule.or(rule.readable('preInvoices', 'preInvoice.id'), rule.readable('invoices', 'invoice.id'));
