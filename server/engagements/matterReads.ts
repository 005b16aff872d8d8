import type { ActionContext, HookTx } from '../../schemas/define';
import { fieldError, referenceId } from '../../schemas/engagements/rules';
import { pricedInvoices } from '../billing/pricing';
import { INVOICE_CANCELLED } from '../../schemas/billing/invoiceRules';
import type Decimal from 'decimal.js';
import { sumExact, toMoney, type Money } from '../../schemas/money';

/**
 * The bespoke reads of a matter, declared as `GET` actions of `schemas/engagements/matters.ts`:
 * the balance of its fee (MAT-17) and whether its documents are in (MAT-22). The record arrives
 * as `GET /matters/{id}` reads it for the user, so both answer 404 for a matter the user cannot
 * see.
 */

/**
 * What invoices have billed of matter `matterId` in currency `currencyId`, per the rule of
 * `docs/areas/matters.md` ("A matter's balance"), exact:
 * - invoices count unless Cancelled (status code 3); with `payerOfficeId`, only those paid into
 *   that office (their transit account's office account belongs to it);
 * - of each, the matter's own lines only (a multi-matter invoice gives each matter its share),
 *   priced by the invoice pricing (`pricedInvoices`, `server/billing/pricing.ts`, the one
 *   `invoiceTotals` sums): its live time entries at hours x the one rate of the executor's job
 *   title valid on the entry's day (rate-based matters, bill type 2); its fixed fee (bill type
 *   not 2) once per invoice holding any of its time; the live expenses it pays (`payerMatter`);
 *   the pre-invoices of the matter the invoice holds, at their amount (the fee's part: VAT is not
 *   fee);
 * - only lines in `currencyId` count, unconverted (an amount in another currency is not this
 *   balance's).
 *
 * @returns the sum as Money (0 when nothing is invoiced)
 */
export async function matterInvoiced(
  tx: HookTx,
  matterId: number,
  currencyId: number,
  payerOfficeId: number | null,
): Promise<Money> {
  const invoices = await tx.query<{ id: string | number }>(
    `SELECT i.id FROM invoices i
      LEFT JOIN base_dictionaries st ON st.id = i.status_id
      LEFT JOIN office_transit_accounts ota ON ota.id = i.office_transit_account_id
      LEFT JOIN office_accounts oa ON oa.id = ota.office_account_id
     WHERE (st.code IS NULL OR st.code <> ${INVOICE_CANCELLED})
       AND ($2::bigint IS NULL OR oa.office_id = $2::bigint)
       AND (i.id IN (SELECT t.invoice_id FROM times t WHERE t.matter_id = $1)
         OR i.id IN (SELECT x.invoice_id FROM expenses x WHERE x.payer_matter_id = $1)
         OR i.id IN (SELECT p.invoice_id FROM pre_invoices p WHERE p.matter_id = $1))`,
    [matterId, payerOfficeId],
  );
  const priced = await pricedInvoices(
    tx,
    invoices.map((i) => Number(i.id)),
    { describe: false },
  );
  const amounts: Money[] = [];
  for (const inv of priced.values())
    for (const l of inv.lines) if (l.matterId === matterId && l.currencyId === currencyId) amounts.push(l.net);
  return sumExact(amounts);
}

/**
 * `GET /matters/{id}/balance?currencyCode&payerOfficeId` ->
 * `{ matterBalance, currencyCode, fee, invoiced }` (MAT-17): the matter's fee (`amountFee`, 0
 * without one) less what invoices have billed of it ({@link matterInvoiced}), in the matter's
 * currency; with `payerOfficeId`, what was invoiced into that office. Exact decimals (the reply
 * serializer writes a Decimal as a JSON number with every digit); negative when more was invoiced
 * than the fee. `currencyCode` must be the matter's currency when it has one (400 otherwise: no
 * conversion is made); a matter without a currency has nothing invoiced in one.
 *
 * @throws HttpError 400 at `currencyCode` for another currency; 404 (before this runs) for a matter
 *   the user cannot read
 */
export async function matterBalance({ tx, id, row, input }: ActionContext): Promise<unknown> {
  const currency = (row?.currency ?? null) as { id?: number; code?: string } | null;
  const code = currency?.code ?? null;
  const asked = typeof input.currencyCode === 'string' ? input.currencyCode.trim().toUpperCase() : '';
  if (asked && code && asked !== code.toUpperCase())
    throw fieldError('Matter.balance', 'currencyCode', input.currencyCode, `The matter's fee is in ${code}`);
  const raw = toMoney((row?.amountFee ?? 0) as string | number | Decimal);
  const fee = raw.isFinite() ? raw : toMoney(0);
  const office = referenceId(input.payerOfficeId) ?? null;
  const [matter] = await tx.query<{ currency_id: string | number | null }>(
    'SELECT currency_id FROM matters WHERE id = $1',
    [id],
  );
  const currencyId = matter?.currency_id == null ? null : Number(matter.currency_id);
  const invoiced = currencyId === null ? toMoney(0) : await matterInvoiced(tx, id!, currencyId, office);
  return { matterBalance: fee.minus(invoiced), currencyCode: code, fee, invoiced };
}

/**
 * `GET /matters/{id}/check-documents` -> `{ required, documents, complete }`: a matter needs at
 * least one document unless `notNeedDocumentUpload` is set; `documents` counts its files.
 */
export async function matterDocuments({ row }: ActionContext): Promise<unknown> {
  const required = row?.notNeedDocumentUpload !== true;
  const documents = Array.isArray(row?.documents) ? row.documents.length : 0;
  return { required, documents, complete: !required || documents > 0 };
}
