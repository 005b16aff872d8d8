import type { HookTx } from '../../schemas/define';
import { TIME_ENTRY_CODE } from '../../schemas/work/times';
import { UNBILLED } from '../../schemas/billing/invoiceRules';
import { PRE_ACTED, PRE_APPROVED } from '../../schemas/billing/preInvoiceRules';
import { notTrashed } from '../trash/columns';

/**
 * What may be billed (MC-3): ONE predicate, written once as SQL, that the invoice
 * previews (`GET /times|expenses/search/findAllForInvoicePreview`) list by and the invoice's writes
 * (`linkPicked`, `server/billing/invoiceRules.ts`) accept by - so what the preview offers is
 * exactly what a save accepts - and the sentence that explains, item by item, why one is refused.
 *
 * - a **time entry**: work type code 1 (a time entry, not a task) and `billable`; of the
 *   invoice's project (its matter's project, else its own) and, when the invoice names matters,
 *   of one of them; dated (UTC day) within the period; billing status Unbilled (code 2) or none;
 *   held by no other invoice; not in the trash. (Pre-invoices hold no time entries in this data
 *   model: a time "in a pre-invoice" is one whose billing status is In pre-invoice, code 3.)
 * - an **expense**: of a matter of the project (and of a named matter); approved (its approval
 *   chain's decision is Approved, code 2); dated within the period; billing status Unbilled or
 *   none; held by no other invoice; not in the trash.
 * - a **pre-invoice**: of the project; Approved (code 4) or Acted (5) - so not Draft, On
 *   verification, Rejected or Closed; held by no invoice yet.
 *
 * An item the invoice itself already holds stays billable by it (its billing status is then
 * Invoiced, code 4): re-saving an invoice with its own lines is no new billing.
 */

/** The three kinds of things an invoice bills, by collection. */
export type BillableKind = 'times' | 'expenses' | 'preInvoices';

/** The table of each kind. */
export const BILLABLE_TABLE: Record<BillableKind, string> = {
  times: 'times',
  expenses: 'expenses',
  preInvoices: 'pre_invoices',
};

/**
 * Who bills: the invoice (its id when it exists: what it holds stays billable by it), its project,
 * the matters it names (empty or absent: any matter of the project), its period (`YYYY-MM-DD`,
 * both ends included). An absent project, matter list or period end is no condition (the
 * previews may leave them out; an invoice always has a project and a period).
 */
export interface BillingScope {
  invoiceId?: number | null;
  projectId?: number | null;
  matterIds?: number[] | null;
  periodGte?: string | null;
  periodLte?: string | null;
}

/** A WHERE fragment and its parameters, numbered from the `first` given to the builder. */
export interface SqlCondition {
  sql: string;
  params: unknown[];
}

/** The matter ids of a preview's `matterIds` (`"1,2"`), or null when none is given. */
export const matterIdList = (v: unknown): number[] | null =>
  typeof v === 'string' && v.trim() !== ''
    ? v
        .split(',')
        .map((x) => Number(x.trim()))
        .filter((x) => Number.isInteger(x) && x > 0)
    : null;

/** VERIFICATION_DECISION code of an approved chain. */
const DECISION_APPROVED = 2;
/** BILLING_STATUS codes named in the refusals (`schemas/matters/dictionaries.ts`). */
const NOT_BILLABLE = 1;
const IN_PRE_INVOICE = 3;
const WRITTEN_OFF = 5;

/** The project of a time entry: its matter's project, else its own. */
const timeProject = (a: string) =>
  `COALESCE((SELECT pm.project_id FROM matters pm WHERE pm.id = ${a}.matter_id), ${a}.project_id)`;
/** The project of an expense: its payer matter's project. */
const expenseProject = (a: string) => `(SELECT pm.project_id FROM matters pm WHERE pm.id = ${a}.payer_matter_id)`;
/** The day of a time entry (UTC), as the previews have always read the period. */
const timeDay = (a: string) => `(${a}.date_time AT TIME ZONE 'UTC')::date`;

/**
 * The billing rule as a WHERE fragment over the row alias `alias` of `kind`'s table, with its
 * parameters numbered from `$first` (see the module comment for the rule).
 *
 * @example
 * const c = billableCondition('times', 't', { invoiceId: 7, projectId: 3, periodGte: '2026-11-01', periodLte: '2026-11-30' }, 2);
 * await tx.query(`SELECT t.id FROM times t WHERE t.id = ANY($1::bigint[]) AND ${c.sql}`, [ids, ...c.params]);
 */
export function billableCondition(kind: BillableKind, alias: string, scope: BillingScope, first = 1): SqlCondition {
  const params: unknown[] = [];
  const p = (v: unknown) => {
    params.push(v);
    return `$${first + params.length - 1}`;
  };
  const where: string[] = [];
  const self = scope.invoiceId ?? null;
  const heldBySelf = self === null ? 'FALSE' : `${alias}.invoice_id = ${p(self)}`;
  // held by no other invoice
  where.push(`(${alias}.invoice_id IS NULL OR ${heldBySelf})`);
  const matters = scope.matterIds?.length ? scope.matterIds : null;
  const unbilled =
    `(${heldBySelf} OR NOT EXISTS (SELECT 1 FROM base_dictionaries bs ` +
    `WHERE bs.id = ${alias}.billing_status_id AND bs.code <> ${UNBILLED}))`;
  if (kind === 'times') {
    where.push(notTrashed(alias), `${alias}.billable IS TRUE`, unbilled);
    where.push(
      `EXISTS (SELECT 1 FROM base_dictionaries wt WHERE wt.id = ${alias}.work_type_id AND wt.code = ${TIME_ENTRY_CODE})`,
    );
    // its matter's project, else (no matter) its own - written so the indexes on matter and date serve
    if (scope.projectId != null) {
      const project = p(scope.projectId);
      where.push(
        `(${alias}.matter_id IN (SELECT pm.id FROM matters pm WHERE pm.project_id = ${project}) ` +
          `OR (${alias}.matter_id IS NULL AND ${alias}.project_id = ${project}))`,
      );
    }
    if (matters) where.push(`${alias}.matter_id = ANY(${p(matters)}::bigint[])`);
    // the UTC day within the period: from the first instant of the first day to before the day after the last
    if (scope.periodGte)
      where.push(`${alias}.date_time >= (${p(scope.periodGte)}::date)::timestamp AT TIME ZONE 'UTC'`);
    if (scope.periodLte)
      where.push(`${alias}.date_time < (${p(scope.periodLte)}::date + 1)::timestamp AT TIME ZONE 'UTC'`);
  } else if (kind === 'expenses') {
    where.push(notTrashed(alias), unbilled);
    where.push(
      `EXISTS (SELECT 1 FROM verification_chains vc JOIN base_dictionaries vd ON vd.id = vc.decision_id ` +
        `WHERE vc.id = ${alias}.verification_chain_id AND vd.code = ${DECISION_APPROVED})`,
    );
    if (scope.projectId != null)
      where.push(
        `${alias}.payer_matter_id IN (SELECT pm.id FROM matters pm WHERE pm.project_id = ${p(scope.projectId)})`,
      );
    if (matters) where.push(`${alias}.payer_matter_id = ANY(${p(matters)}::bigint[])`);
    if (scope.periodGte) where.push(`${alias}.date >= ${p(scope.periodGte)}::date`);
    if (scope.periodLte) where.push(`${alias}.date <= ${p(scope.periodLte)}::date`);
  } else {
    // approved or acted; one this invoice holds is Closed by it (MC-5) and stays its own
    where.push(
      `(${heldBySelf} OR EXISTS (SELECT 1 FROM base_dictionaries ps WHERE ps.id = ${alias}.status_id ` +
        `AND ps.code IN (${PRE_APPROVED}, ${PRE_ACTED})))`,
    );
    if (scope.projectId != null) where.push(`${alias}.project_id = ${p(scope.projectId)}`);
  }
  return { sql: `(${where.join(' AND ')})`, params };
}

/**
 * The ids of the items of `kind` the scope may bill, oldest first (then by id) - what a preview
 * lists. Reads only.
 */
export async function billableIds(tx: HookTx, kind: BillableKind, scope: BillingScope): Promise<number[]> {
  const c = billableCondition(kind, 'x', scope);
  const order = kind === 'times' ? 'x.date_time' : 'x.date';
  const rows = await tx.query<{ id: string | number }>(
    `SELECT x.id FROM ${BILLABLE_TABLE[kind]} x WHERE ${c.sql} ORDER BY ${order}, x.id`,
    c.params,
  );
  return rows.map((r) => Number(r.id));
}

/**
 * Of `ids`, those the scope may bill, each row locked (`FOR UPDATE`) so that two invoices saved
 * at once cannot both take it: the second waits, then reads it as held. The write path's half of
 * the predicate.
 */
export async function lockBillable(
  tx: HookTx,
  kind: BillableKind,
  scope: BillingScope,
  ids: number[],
): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  // lock the named rows first, then judge them as they are once every lock is held
  await tx.query(`SELECT x.id FROM ${BILLABLE_TABLE[kind]} x WHERE x.id = ANY($1::bigint[]) ORDER BY x.id FOR UPDATE`, [
    ids,
  ]);
  const c = billableCondition(kind, 'x', scope, 2);
  const rows = await tx.query<{ id: string | number }>(
    `SELECT x.id FROM ${BILLABLE_TABLE[kind]} x WHERE x.id = ANY($1::bigint[]) AND ${c.sql}`,
    [ids, ...c.params],
  );
  return new Set(rows.map((r) => Number(r.id)));
}

type Facts = Record<string, string | number | boolean | null>;

const KIND_LABEL: Record<BillableKind, string> = {
  times: 'Time entry',
  expenses: 'Expense',
  preInvoices: 'Pre-invoice',
};

/** What the refusals read of an item, by kind (null columns where a kind has no such thing). */
const FACTS: Record<BillableKind, string> = {
  times: `SELECT x.id, to_char(${timeDay('x')}, 'YYYY-MM-DD') AS day,
            NULLIF(concat_ws(' ', e.gfirst_name, e.glast_name), '') AS who,
            ${timeProject('x')} AS project_id, x.matter_id, x.billable, wt.code AS work_code, wt.gname AS work_name,
            bs.code AS bs_code, bs.gname AS bs_name, x.deleted_at IS NOT NULL AS trashed,
            NULL::int AS decision, NULL::text AS decision_name, NULL::int AS status_code, NULL::text AS status_name,
            x.invoice_id, NULL::text AS number
       FROM times x
       LEFT JOIN positions po ON po.id = x.executor_position_id
       LEFT JOIN employees e ON e.id = COALESCE(po.employee_id, x.employee_id)
       LEFT JOIN base_dictionaries wt ON wt.id = x.work_type_id
       LEFT JOIN base_dictionaries bs ON bs.id = x.billing_status_id
      WHERE x.id = ANY($1::bigint[])`,
  expenses: `SELECT x.id, to_char(x.date, 'YYYY-MM-DD') AS day,
            concat_ws(', ', NULLIF(x.description, ''), x.amount::numeric(19,2)::text || ' ' || COALESCE(c.code, '')) AS who,
            ${expenseProject('x')} AS project_id, x.payer_matter_id AS matter_id, TRUE AS billable,
            ${TIME_ENTRY_CODE} AS work_code, NULL::text AS work_name,
            bs.code AS bs_code, bs.gname AS bs_name, x.deleted_at IS NOT NULL AS trashed,
            vd.code AS decision, vd.gname AS decision_name, NULL::int AS status_code, NULL::text AS status_name,
            x.invoice_id, NULL::text AS number
       FROM expenses x
       LEFT JOIN currencies c ON c.id = x.currency_id
       LEFT JOIN base_dictionaries bs ON bs.id = x.billing_status_id
       LEFT JOIN verification_chains vc ON vc.id = x.verification_chain_id
       LEFT JOIN base_dictionaries vd ON vd.id = vc.decision_id
      WHERE x.id = ANY($1::bigint[])`,
  preInvoices: `SELECT x.id, to_char(x.date, 'YYYY-MM-DD') AS day, NULL::text AS who, x.project_id,
            x.matter_id, TRUE AS billable, ${TIME_ENTRY_CODE} AS work_code, NULL::text AS work_name,
            NULL::int AS bs_code, NULL::text AS bs_name, FALSE AS trashed,
            NULL::int AS decision, NULL::text AS decision_name, ps.code AS status_code, ps.gname AS status_name,
            x.invoice_id, x.number
       FROM pre_invoices x
       LEFT JOIN base_dictionaries ps ON ps.id = x.status_id
      WHERE x.id = ANY($1::bigint[])`,
};

/** The number and status of an invoice, as a refusal names it: `INV-2026-0007 (Approved)`. */
async function invoiceLabel(tx: HookTx, id: number): Promise<string> {
  const [row] = await tx.query<{ number: string | null; status: string | null }>(
    `SELECT i.number, d.gname AS status FROM invoices i LEFT JOIN base_dictionaries d ON d.id = i.status_id WHERE i.id = $1`,
    [id],
  );
  const number = row?.number ?? `invoice ${id}`;
  return row?.status ? `${number} (${row.status})` : number;
}

/** The number and client of a project, as a refusal names it. */
async function projectOf(tx: HookTx, id: number | null): Promise<{ number: string; client: number | null } | null> {
  if (id === null) return null;
  const [row] = await tx.query<{ number: string | null; client: string | number | null }>(
    'SELECT number, payer_client_id AS client FROM projects WHERE id = $1',
    [id],
  );
  return row
    ? { number: row.number ?? `project ${id}`, client: row.client === null ? null : Number(row.client) }
    : null;
}

const num = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));

/**
 * Why the scope may not bill item `f` of `kind`: the first reason found, in this order - trash,
 * not a billable time entry, another project (naming the client's when it is another client's),
 * another matter, outside the period, not approved (an expense: its chain's decision), held by
 * another invoice (its number and status), not approved (a pre-invoice: its status), its billing status
 * (in a pre-invoice, written off, not billable, invoiced). Undefined when none applies.
 */
async function reasonOf(tx: HookTx, kind: BillableKind, scope: BillingScope, f: Facts): Promise<string | undefined> {
  if (f.trashed === true) return 'it is in the trash';
  if (kind === 'times') {
    if (num(f.work_code) !== TIME_ENTRY_CODE)
      return `it is a task (${String(f.work_name ?? 'not a time entry')}), not billable time`;
    if (f.billable !== true) return 'it is marked not billable';
  }
  const project = num(f.project_id);
  if (scope.projectId != null && project !== scope.projectId) {
    const [mine, theirs] = [await projectOf(tx, scope.projectId), await projectOf(tx, project)];
    if (!theirs) return 'it belongs to no project';
    return mine && theirs.client !== mine.client
      ? `it belongs to another client's project (${theirs.number})`
      : `it belongs to another project (${theirs.number})`;
  }
  if (kind !== 'preInvoices' && scope.matterIds?.length && !scope.matterIds.includes(num(f.matter_id) ?? -1))
    return "its matter is not one of the invoice's matters";
  if (kind !== 'preInvoices' && f.day !== null) {
    if (scope.periodGte && String(f.day) < scope.periodGte)
      return `it is dated outside the invoice's period (${scope.periodGte} to ${scope.periodLte ?? '...'})`;
    if (scope.periodLte && String(f.day) > scope.periodLte)
      return `it is dated outside the invoice's period (${scope.periodGte ?? '...'} to ${scope.periodLte})`;
  }
  if (kind === 'expenses' && num(f.decision) !== DECISION_APPROVED)
    return `it is not approved (its approval: ${String(f.decision_name ?? 'not sent for approval')})`;
  const self = scope.invoiceId ?? null;
  const holder = num(f.invoice_id);
  // held by another invoice first: an invoiced pre-invoice is Closed by its invoice (MC-5), and
  // "already billed by INV-..." is the reason a user can act on
  if (holder !== null && holder !== self) return `it is already billed by ${await invoiceLabel(tx, holder)}`;
  if (kind === 'preInvoices') {
    const code = num(f.status_code);
    if (code !== PRE_APPROVED && code !== PRE_ACTED)
      return `it is not approved (its status: ${String(f.status_name ?? 'none')})`;
  }
  if (holder === null || holder !== self) {
    const bs = num(f.bs_code);
    if (bs === IN_PRE_INVOICE) return 'it is already in a pre-invoice (billing status In pre-invoice)';
    if (bs === WRITTEN_OFF) return 'it is written off';
    if (bs === NOT_BILLABLE) return 'its billing status is Not billable';
    if (bs !== null && bs !== UNBILLED) return `it is already billed (billing status ${String(f.bs_name)})`;
  }
  return undefined;
}

/** How a refusal names an item: `Time entry 812 (2026-10-03, Carl Mayer)`, `Pre-invoice PI-2026-0001`. */
function itemName(kind: BillableKind, id: number, f: Facts | undefined): string {
  if (kind === 'preInvoices') return `Pre-invoice ${String(f?.number ?? id)}`;
  const details = [f?.day, f?.who].filter((v) => v !== null && v !== undefined && v !== '').join(', ');
  return `${KIND_LABEL[kind]} ${id}${details ? ` (${details})` : ''}`;
}

/**
 * The refusal of each of `ids` (that the predicate refused), as a sentence naming the item and the
 * reason: `Time entry 812 (2026-10-03, Carl Mayer) is not billable: it belongs to another
 * client's project (P-0002)`. An id with no record is `... does not exist`. Reads only.
 *
 * @returns one sentence per id, in the order given
 */
export async function explainRefusals(
  tx: HookTx,
  kind: BillableKind,
  scope: BillingScope,
  ids: number[],
): Promise<Array<{ id: number; message: string }>> {
  if (ids.length === 0) return [];
  const rows = await tx.query<Facts>(FACTS[kind], [ids]);
  const facts = new Map(rows.map((r) => [Number(r.id), r]));
  const out: Array<{ id: number; message: string }> = [];
  for (const id of ids) {
    const f = facts.get(id);
    if (!f) {
      out.push({ id, message: `${KIND_LABEL[kind]} ${id} does not exist` });
      continue;
    }
    const reason = (await reasonOf(tx, kind, scope, f)) ?? 'it does not meet the billing rule';
    out.push({ id, message: `${itemName(kind, id, f)} is not billable: ${reason}` });
  }
  return out;
}
