import type { HookTx } from '../../schemas/define';
import { BILLING_STATUS_TYPE, INVOICE_DRAFT, UNBILLED } from '../../schemas/billing/invoiceRules';
import { HttpError } from '../rest/errors';
import { systemWriter } from '../rest/system';
import { recalculate, type RecordWrite } from './invoiceRules';

/**
 * What the trash does to billed work (`beforeTrash` of times and expenses, server/define.ts): a
 * record in the trash counts in no invoice, so
 * - one held by an invoice that left Draft (on verification, approved, paid, cancelled) is not
 *   deleted: 409 naming the invoice - the billed document must not change behind its back;
 * - one held by a Draft invoice leaves it, as if taken off the invoice by hand: unlinked, billing
 *   status back to "Unbilled" (code 2), and the draft's totals recalculated, each a write that
 *   records its history (as the user who deletes). A restore brings it
 *   back unbilled, to be picked again.
 * Records held by no invoice go to the trash as they are.
 * @param table `times` or `expenses`
 * @param label the record's name in the refusal (`time entry`, `expense`)
 * @example beforeTrash: leaveDraftInvoices('times', 'time entry')
 */
export const leaveDraftInvoices =
  (table: 'times' | 'expenses', label: string) =>
  async (tx: HookTx, ids: number[], username: string): Promise<void> => {
    const held = await tx.query<{
      id: string | number;
      invoice_id: string | number;
      number: string | null;
      code: number | null;
    }>(
      `SELECT x.id, x.invoice_id, i.number, st.code FROM ${table} x
         JOIN invoices i ON i.id = x.invoice_id
         LEFT JOIN base_dictionaries st ON st.id = i.status_id
        WHERE x.id = ANY($1::bigint[]) ORDER BY x.id`,
      [ids],
    );
    if (held.length === 0) return;
    const billed = held.find((r) => Number(r.code) !== INVOICE_DRAFT);
    if (billed)
      throw new HttpError(
        409,
        `The ${label} ${billed.id} is billed on invoice ${billed.number ?? billed.invoice_id}, which is no longer a draft: it cannot be deleted`,
      );
    const [unbilled] = await tx.query<{ id: string | number }>(
      'SELECT id FROM base_dictionaries WHERE type_id = $1 AND code = $2',
      [BILLING_STATUS_TYPE, UNBILLED],
    );
    const write: RecordWrite = systemWriter(tx, username);
    const billingStatus = unbilled ? { id: Number(unbilled.id) } : null;
    for (const r of held) await write(table, Number(r.id), { invoice: null, billingStatus });
    for (const invoice of new Set(held.map((r) => Number(r.invoice_id)))) await recalculate(tx, write, invoice);
  };
