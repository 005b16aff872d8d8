import type { ActionContext, HookTx } from '../../schemas/define';
import { fieldError, RATE_BASED, referenceId } from '../../schemas/engagements/rules';
import { INVOICE_CANCELLED } from '../../schemas/billing/invoiceRules';
import type Decimal from 'decimal.js';
import { sumExact, toMoney, type Money } from '../../schemas/money';
import { notTrashed } from '../trash/columns';

/**
 * The bespoke reads of a matter, declared as `GET` actions of `schemas/engagements/matters.ts`:
 * the balance of its fee (MAT-17) and whether its documents are in (MAT-22). The record arrives
 * as `GET /matters/{id}` reads it for the user, so both answer 404 for a matter the user cannot
 * see.
 */

/**
 * What invoices have billed of matter `matterId` in currency `currencyId`, per the rule of
 * `docs/areas/matters.md` ("A matter's balance"), exact:
 * - invoices count unless Cancelled (status code 3) or in the trash; with `payerOfficeId`, only
 *   those paid into that office (their transit account's office account belongs to it);
 * - of each, the matter's own lines only (a multi-matter invoice gives each matter its share):
 *   its time entries (live) priced as the invoice prices them - hours x the rate of the executor's
 *   job title in a rate-based matter (bill type 2), in the matter's currency; its fixed fee
 *   (bill type not 2) once per invoice holding any of its time; the expenses it pays
 *   (`payerMatter`, live); the pre-invoices of the matter the invoice holds;
 * - only amounts in `currencyId` count (no conversion; an amount in another currency is not this
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
  const invoices = `SELECT i.id FROM invoices i
      LEFT JOIN base_dictionaries st ON st.id = i.status_id
      LEFT JOIN office_transit_accounts ota ON ota.id = i.office_transit_account_id
      LEFT JOIN office_accounts oa ON oa.id = ota.office_account_id
     WHERE (st.code IS NULL OR st.code <> ${INVOICE_CANCELLED})
       AND ($3::bigint IS NULL OR oa.office_id = $3::bigint)`;
  const amounts: Array<string | null> = [];
  const times = await tx.query<{ duration: string; rate: string | null }>(
    `SELECT t.duration::text AS duration, mr.rate::text AS rate
       FROM times t
       JOIN matters m ON m.id = t.matter_id AND m.currency_id = $2
       JOIN base_dictionaries bt ON bt.id = m.bill_type_id AND bt.code = ${RATE_BASED}
       LEFT JOIN positions p ON p.id = t.executor_position_id
       LEFT JOIN LATERAL (
         SELECT et.title_id FROM employee_titles et
          WHERE et.employee_id = COALESCE(p.employee_id, t.employee_id)
            AND et.date_gte <= t.date_time::date AND (et.date_lte IS NULL OR et.date_lte >= t.date_time::date)
          ORDER BY et.date_gte DESC LIMIT 1) ttl ON TRUE
       LEFT JOIN matter_rates mr ON mr.matter_id = m.id AND mr.title_id = ttl.title_id
      WHERE t.matter_id = $1 AND ${notTrashed('t')} AND t.invoice_id IN (${invoices})`,
    [matterId, currencyId, payerOfficeId],
  );
  for (const t of times) if (t.rate !== null) amounts.push(toMoney(t.duration).div(3600000).times(t.rate).toFixed());
  const fees = await tx.query<{ fee: string | null }>(
    `SELECT m.amount_fee::text AS fee
       FROM matters m
       LEFT JOIN base_dictionaries bt ON bt.id = m.bill_type_id
       JOIN (SELECT DISTINCT t.invoice_id FROM times t
              WHERE t.matter_id = $1 AND ${notTrashed('t')} AND t.invoice_id IN (${invoices})) held ON TRUE
      WHERE m.id = $1 AND m.currency_id = $2 AND (bt.code IS NULL OR bt.code <> ${RATE_BASED})`,
    [matterId, currencyId, payerOfficeId],
  );
  for (const f of fees) amounts.push(f.fee);
  const others = await tx.query<{ amount: string | null }>(
    `SELECT x.amount::text AS amount FROM expenses x
      WHERE x.payer_matter_id = $1 AND x.currency_id = $2 AND ${notTrashed('x')} AND x.invoice_id IN (${invoices})
     UNION ALL
     SELECT pi.amount::text FROM pre_invoices pi
      WHERE pi.matter_id = $1 AND pi.currency_id = $2 AND pi.invoice_id IN (${invoices})`,
    [matterId, currencyId, payerOfficeId],
  );
  for (const o of others) amounts.push(o.amount);
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
