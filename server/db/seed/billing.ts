import {
  expensePayers,
  expenses,
  invoiceQuotas,
  invoices,
  paymentHistories,
  preInvoices,
  suppliers,
  verificationApprovers,
  verificationChains,
} from '../../../schemas/index';
import { allocate, toMoney } from '../../../schemas/money';
import { invoiceTotals } from '../../billing/invoiceRules';
import type { Reference } from './reference';
import { REFERENCE_DATE, isoDate, type FastRng, type Rng } from './random';
import { insertJoin, insertRows, syncIdSequence, type SeedRow, type Tx } from './sql';

const DAY_MS = 86_400_000;

/** The id after the highest one of `table` (rows are inserted with explicit ids). */
const nextId = async (tx: Tx, table: string): Promise<number> =>
  Number((await tx.query<{ n: number }>(`SELECT COALESCE(max(id), 0)::int AS n FROM ${table}`))[0]?.n ?? 0) + 1;
const audit = {
  createdBy: 'seed',
  lastModifiedBy: 'seed',
  createdDate: REFERENCE_DATE.toISOString(),
  lastModifiedDate: REFERENCE_DATE.toISOString(),
};

/** BILLING_STATUS codes of time entries and expenses. */
const UNBILLED = 2;
const IN_PRE_INVOICE = 3;
const INVOICED = 4;

/**
 * How an invoice of a month ends up, by the month's age: status code (INVOICE_STATUS 1 draft,
 * 2 on verification, 3 cancelled, 4 approved, 5 paid, 6 partly paid), acted, and the share of its
 * total received.
 */
interface Outcome {
  status: number;
  signed: boolean;
  paid: 'none' | 'part' | 'full';
}
const PAID_ACTED: Outcome = { status: 5, signed: true, paid: 'full' };
const PAID_NOT_ACTED: Outcome = { status: 5, signed: false, paid: 'full' };
const ACTED_NOT_PAID: Outcome = { status: 4, signed: true, paid: 'none' };
const PARTLY_PAID: Outcome = { status: 6, signed: true, paid: 'part' };
const APPROVED: Outcome = { status: 4, signed: false, paid: 'none' };
const ON_VERIFICATION: Outcome = { status: 2, signed: false, paid: 'none' };
const DRAFT: Outcome = { status: 1, signed: false, paid: 'none' };
/** Outcomes to draw from, by the number of whole months between the period and the reference date. */
const OUTCOMES: Outcome[][] = [
  [DRAFT, ON_VERIFICATION, ON_VERIFICATION, APPROVED],
  [ON_VERIFICATION, APPROVED, APPROVED, ACTED_NOT_PAID],
  [APPROVED, ACTED_NOT_PAID, PARTLY_PAID, PAID_ACTED, PAID_ACTED],
  [ACTED_NOT_PAID, PARTLY_PAID, PAID_NOT_ACTED, PAID_ACTED, PAID_ACTED, PAID_ACTED],
  [PARTLY_PAID, PAID_NOT_ACTED, PAID_ACTED, PAID_ACTED, PAID_ACTED, PAID_ACTED, PAID_ACTED, PAID_ACTED],
];

const SUPPLIERS = [
  ['Swift Couriers', 'KZ'],
  ['Lingua Translation Bureau', 'KZ'],
  ['Court Fee Office', 'KZ'],
  ['Notary Ivanova', 'KZ'],
  ['Air Astana', 'KZ'],
  ['Hilton London', 'GB'],
  ['DHL Express', 'DE'],
  ['Legal Translations Ltd', 'GB'],
  ['Caspian Travel', 'KZ'],
  ['Rapid Notary Services', 'US'],
];
const EXPENSE_TEXTS: Record<number, string[]> = {
  1: ['Flight to the hearing', 'Hotel for the client meeting', 'Taxi to the court'],
  2: ['State duty on the claim', 'Appeal fee', 'Court copy fee'],
  3: ['Translation of the contract', 'Sworn translation of evidence'],
  4: ['Courier of originals to the client', 'Document delivery to the court'],
  5: ['Notarised power of attorney', 'Apostille of the certificate'],
};

const monthsBefore = (month: string): number => {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return (REFERENCE_DATE.getUTCFullYear() - y) * 12 + (REFERENCE_DATE.getUTCMonth() + 1 - m);
};
const lastDay = (month: string): string => {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return isoDate(new Date(Date.UTC(y, m, 0)));
};
const plusDays = (date: string, days: number): string =>
  isoDate(new Date(Math.min(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS, REFERENCE_DATE.getTime() - DAY_MS)));

/** The value of time entries: hours x the matter rate of the executor's job title on the day (rate-based matters). */
const VALUED_TIMES = `
  SELECT t.project_id, t.matter_id, to_char(t.date_time, 'YYYY-MM') AS month, bs.code AS billing,
         sum(t.duration) AS duration, sum(t.duration::numeric / 3600000 * COALESCE(mr.rate, 0)) AS amount
    FROM times t
    JOIN base_dictionaries bs ON bs.id = t.billing_status_id
    JOIN base_dictionaries wt ON wt.id = t.work_type_id AND wt.code = 1
    JOIN matters m ON m.id = t.matter_id
    LEFT JOIN base_dictionaries bt ON bt.id = m.bill_type_id
    LEFT JOIN positions p ON p.id = t.executor_position_id
    LEFT JOIN LATERAL (
      SELECT et.title_id FROM employee_titles et
       WHERE et.employee_id = COALESCE(p.employee_id, t.employee_id)
         AND et.date_gte <= t.date_time::date AND (et.date_lte IS NULL OR et.date_lte >= t.date_time::date)
       ORDER BY et.date_gte DESC LIMIT 1) ttl ON bt.code = 2
    LEFT JOIN matter_rates mr ON mr.matter_id = m.id AND mr.title_id = ttl.title_id
   WHERE t.project_id IS NOT NULL AND t.matter_id IS NOT NULL AND bs.code IN (2, 3, 4)
   GROUP BY 1, 2, 3, 4`;

/**
 * A year of billing that agrees with the seeded time entries (run after them):
 *
 * - an **invoice** per project and month holding that month's invoiced time entries (billing
 *   status 4), linked to them (`times.invoice`) with their matters, its total computed as
 *   `PATCH /invoices/recalculate` does; its status by the month's age: last month's drafts and
 *   invoices on verification, then approved, acted, partly paid, and paid in full (acted or not);
 *   one project-month in 25 also has a cancelled first issue;
 * - a **pre-invoice** per project and month with time entries in a pre-invoice (status 3), worth
 *   their hours at the matter rates: draft or on verification for last month, approved before,
 *   some acted or closed (ids 66/67), a third of the older ones part-paid;
 * - **expenses** on a quarter of the matter-months with work, billed as that month's time is
 *   (linked to the month's invoice when it has one), paid by the matter's responsible position;
 * - **payments**: paid invoices in one or two instalments summing to the total exactly
 *   (`allocate`), partly paid ones 30-70 %;
 * - an approval chain for every document past draft, decided by `approver` (approved, or pending
 *   while on verification); a 100 % quota of each paid invoice for its BRM position.
 *
 * Deterministic for a given `rng`. @returns row counts by table
 */
export async function seedBilling(tx: Tx, ref: Reference, rng: Rng, approver: number): Promise<Record<string, number>> {
  const usd = ref.currency('USD');
  let chainId = await nextId(tx, 'verification_chains');
  let stepId = await nextId(tx, 'verification_approvers');
  const chainRows: SeedRow[] = [];
  const stepRows: SeedRow[] = [];
  const chain = (ownerType: string, ownerId: number, description: string, decided: boolean): number => {
    const decision = ref.dict('VERIFICATION_DECISION', decided ? 2 : 1);
    chainRows.push({ id: chainId, description, decision, ownerType, ownerId, ...audit });
    stepRows.push({
      id: stepId++,
      verificationChain: chainId,
      orderliness: 1,
      employee: approver,
      decision,
      comment: null,
      decisionDate: decided ? REFERENCE_DATE.toISOString() : null,
      ...audit,
    });
    return chainId++;
  };

  const supplierRows = SUPPLIERS.map(([gname, country], i) => ({
    id: i + 1,
    gname,
    bin: String(990140000100 + i * 7),
    country: ref.dict('COUNTRY', { KZ: 398, GB: 826, DE: 276, US: 840 }[country!]!),
    ...audit,
  }));

  const projects = new Map(
    (
      await tx.query<{
        id: number;
        payer: number | null;
        currency: number | null;
        language: number | null;
        brm: number | null;
        office: number | null;
      }>(
        `SELECT id, payer_client_id AS payer, invoice_currency_id AS currency, invoice_language_id AS language,
                business_relationship_manager_position_id AS brm,
                (SELECT office_id FROM positions WHERE id = business_relationship_manager_position_id) AS office
           FROM projects`,
      )
    ).map((p) => [Number(p.id), p]),
  );
  const matters = new Map(
    (
      await tx.query<{ id: number; responsible: number | null; office: number | null; bill_type: number | null }>(
        `SELECT m.id, m.responsible_position_id AS responsible, p.office_id AS office, m.bill_type_id AS bill_type
           FROM matters m LEFT JOIN positions p ON p.id = m.responsible_position_id`,
      )
    ).map((m) => [Number(m.id), m]),
  );
  const valued = await tx.query<{
    project_id: number;
    matter_id: number;
    month: string;
    billing: number;
    duration: string;
    amount: string;
  }>(`${VALUED_TIMES} ORDER BY 3, 1, 2`);

  // project-months by billing status
  type Group = {
    project: number;
    month: string;
    duration: ReturnType<typeof toMoney>;
    amount: ReturnType<typeof toMoney>;
  };
  const groups = new Map<string, Group>();
  const matterMonths = new Map<string, { matter: number; project: number; month: string; billing: number }>();
  for (const v of valued) {
    const key = `${v.billing}:${v.project_id}:${v.month}`;
    const g = groups.get(key) ?? {
      project: Number(v.project_id),
      month: v.month,
      duration: toMoney(0),
      amount: toMoney(0),
    };
    g.duration = g.duration.plus(v.duration);
    g.amount = g.amount.plus(v.amount);
    groups.set(key, g);
    const mm = `${v.matter_id}:${v.month}`;
    const prev = matterMonths.get(mm);
    matterMonths.set(mm, {
      matter: Number(v.matter_id),
      project: Number(v.project_id),
      month: v.month,
      billing: Math.max(prev?.billing ?? 0, Number(v.billing)),
    });
  }
  const byStatus = (code: number) => [...groups.entries()].filter(([k]) => k.startsWith(`${code}:`)).map(([, g]) => g);

  // the office transit accounts: an invoice is paid to its project's office, in its currency when it can be
  const transits = await tx.query<{ id: number; office: number; currency: number }>(
    `SELECT t.id, a.office_id AS office, t.currency_id AS currency
       FROM office_transit_accounts t JOIN office_accounts a ON a.id = t.office_account_id ORDER BY t.id`,
  );
  const transitOf = (office: number | null, currency: number): number | null => {
    const mine = transits.filter((t) => Number(t.office) === Number(office));
    return Number((mine.find((t) => Number(t.currency) === Number(currency)) ?? mine[0])?.id ?? 0) || null;
  };

  // invoices
  const invoiceRows: SeedRow[] = [];
  const outcomes = new Map<number, Outcome>();
  const invoiceOf = new Map<string, number>();
  let invoiceId = 1;
  const invoiceRow = (g: Group, outcome: Outcome, cancelled: boolean): SeedRow => {
    const p = projects.get(g.project)!;
    const id = invoiceId++;
    const date = plusDays(lastDay(g.month), 3);
    outcomes.set(id, outcome);
    return {
      id,
      number: `INV-${g.month.slice(0, 4)}-${String(id).padStart(5, '0')}`,
      date,
      periodGte: `${g.month}-01`,
      periodLte: lastDay(g.month),
      billType: ref.dict('BILL_TYPE', 2),
      project: g.project,
      payerClient: p.payer,
      invoiceLanguage: p.language,
      previewType: 'Project',
      currency: p.currency ?? usd,
      // the BRM's office collects it (the cashbox reads an office's invoices through this account)
      officeTransitAccount: transitOf(p.office, p.currency ?? usd),
      status: ref.dict('INVOICE_STATUS', cancelled ? 3 : outcome.status),
      signed: !cancelled && outcome.signed,
      paid: !cancelled && outcome.paid === 'full',
      brmPosition: p.brm,
      verificationChain:
        cancelled || outcome.status === 1
          ? null
          : chain(
              'INVOICE',
              id,
              `Invoice INV-${g.month.slice(0, 4)}-${String(id).padStart(5, '0')}`,
              outcome.status !== 2,
            ),
      ...audit,
    };
  };
  byStatus(INVOICED).forEach((g, i) => {
    const age = Math.min(OUTCOMES.length - 1, Math.max(0, monthsBefore(g.month) - 1));
    if (i % 25 === 12) invoiceRows.push(invoiceRow(g, DRAFT, true));
    const row = invoiceRow(g, rng.pick(OUTCOMES[age]!), false);
    invoiceRows.push(row);
    invoiceOf.set(`${g.project}:${g.month}`, row.id as number);
  });
  // pre-invoices of the time still in a pre-invoice
  const preRows: SeedRow[] = [];
  const prePayments: Array<{ preInvoice: number; date: string; amount: string }> = [];
  for (const g of byStatus(IN_PRE_INVOICE)) {
    const p = projects.get(g.project)!;
    const id = preRows.length + 1;
    const age = monthsBefore(g.month);
    const status = age <= 1 ? rng.pick([1, 2, 2]) : rng.pick([4, 4, 4, 5, 6]);
    const amount = toMoney(g.amount.toFixed(2));
    const paid = status === 4 && rng.chance(0.33) ? toMoney(amount.div(2).toFixed(2)) : toMoney(0);
    const number = `PI-${g.month.slice(0, 4)}-${String(id).padStart(5, '0')}`;
    const date = plusDays(lastDay(g.month), 1);
    preRows.push({
      id,
      number,
      date,
      project: g.project,
      payerClient: p.payer,
      hoursAmount: g.duration.div(3600000).toFixed(2),
      currency: p.currency ?? usd,
      amount: amount.toFixed(2),
      vatPercent: '0',
      vatAmount: '0.00',
      manualClosedAmount: status === 6 ? amount.minus(paid).toFixed(2) : '0.00',
      balance: status === 6 ? '0.00' : amount.minus(paid).toFixed(2),
      status: status === 5 ? 66 : status === 6 ? 67 : ref.dict('PRE_INVOICE_STATUS', status),
      signed: status >= 5,
      verificationChain: status === 1 ? null : chain('PRE_INVOICE', id, `Pre-invoice ${number}`, status !== 2),
      ...audit,
    });
    if (!paid.isZero()) prePayments.push({ preInvoice: id, date: plusDays(date, 15), amount: paid.toFixed(2) });
  }

  // expenses, billed as their month's time
  const expenseRows: SeedRow[] = [];
  const payerRows: SeedRow[] = [];
  for (const mm of matterMonths.values()) {
    if (!rng.chance(0.25)) continue;
    const matter = matters.get(mm.matter);
    const project = projects.get(mm.project)!;
    const invoice = invoiceOf.get(`${mm.project}:${mm.month}`);
    const billing = invoice !== undefined ? INVOICED : mm.billing === IN_PRE_INVOICE ? IN_PRE_INVOICE : UNBILLED;
    const type = rng.int(1, 5);
    const id = expenseRows.length + 1;
    const date = `${mm.month}-${String(rng.int(1, 28)).padStart(2, '0')}`;
    expenseRows.push({
      id,
      date,
      payerMatter: mm.matter,
      expenseType: ref.dict('EXPENSE_TYPE', type),
      supplier: supplierRows[rng.int(0, supplierRows.length - 1)]!.id,
      description: rng.pick(EXPENSE_TEXTS[type]!),
      amount: `${rng.int(20, 2500)}.${String(rng.int(0, 99)).padStart(2, '0')}`,
      currency: project.currency ?? usd,
      coverExpenseOffice: matter?.office ?? null,
      cash: rng.chance(0.2),
      increaseInvoice: false,
      prepaid: rng.chance(0.1),
      fundExpense: false,
      unCalculate: false,
      vatEnabled: false,
      billingStatus: ref.dict('BILLING_STATUS', billing),
      invoice: invoice ?? null,
      verificationChain: chain('EXPENSE', id, `Expense: ${date}`, true),
      ...audit,
    });
    if (matter?.responsible != null)
      payerRows.push({
        id: payerRows.length + 1,
        expense: id,
        payerPosition: matter.responsible,
        percentage: '1',
        ...audit,
      });
  }

  // chains first (documents reference them), then the documents and their links
  await insertRows(tx, suppliers, supplierRows);
  await insertRows(tx, verificationChains, chainRows);
  await insertRows(tx, verificationApprovers, stepRows);
  await insertRows(tx, invoices, invoiceRows);
  await tx.query(
    `UPDATE times t SET invoice_id = i.id
       FROM invoices i, base_dictionaries bs, base_dictionaries st
      WHERE bs.id = t.billing_status_id AND bs.code = ${INVOICED} AND st.id = i.status_id AND st.code <> 3
        AND t.project_id = i.project_id AND to_char(t.date_time, 'YYYY-MM') = to_char(i.period_gte, 'YYYY-MM')`,
  );
  const links = await tx.query<{ owner: number; target: number }>(
    'SELECT DISTINCT invoice_id AS owner, matter_id AS target FROM times WHERE invoice_id IS NOT NULL ORDER BY 1, 2',
  );
  await insertJoin(
    tx,
    invoices,
    'matterList',
    links.map((l) => [Number(l.owner), Number(l.target)] as const),
  );

  await insertRows(tx, expenses, expenseRows);
  await insertRows(tx, expensePayers, payerRows);
  // the US dollar value at the rate valid on the expense's day
  await tx.query(
    `UPDATE expenses e SET amount_usd = round(e.amount * (SELECT c.rate_to_usd FROM currency_rates c
        WHERE c.currency_id = e.currency_id AND c.date <= e.date ORDER BY c.date DESC LIMIT 1), 4)
      WHERE e.amount_usd IS NULL`,
  );

  await insertRows(tx, preInvoices, preRows);
  await seedStatusHistory(
    tx,
    'preInvoices',
    preRows.map((r) => ({ id: r.id as number, date: r.date as string, to: r.status as number })),
    (code) => ref.dict('PRE_INVOICE_STATUS', code),
  );
  await seedStatusHistory(
    tx,
    'invoices',
    invoiceRows.map((r) => ({ id: r.id as number, date: r.date as string, to: r.status as number })),
    (code) => ref.dict('INVOICE_STATUS', code),
    INVOICE_PATHS,
  );
  // totals exactly as the recalculate action computes them (seeded rows have no history)
  for (const row of invoiceRows) {
    const totals = await invoiceTotals(tx as never, row.id as number);
    await tx.query('UPDATE invoices SET total_amount = $2, total_amount_usd = $3 WHERE id = $1', [
      row.id,
      totals.totalAmount,
      totals.totalAmountUsd,
    ]);
  }

  // payments of invoices
  const totals = new Map(
    (await tx.query<{ id: number; total: string }>('SELECT id, total_amount::text AS total FROM invoices')).map((r) => [
      Number(r.id),
      r.total,
    ]),
  );
  const paymentRows: SeedRow[] = [];
  const quotaRows: SeedRow[] = [];
  for (const row of invoiceRows) {
    const outcome = outcomes.get(row.id as number)!;
    const total = toMoney(totals.get(row.id as number) ?? '0');
    if ((row.status as number) === ref.dict('INVOICE_STATUS', 3) || outcome.paid === 'none' || total.isZero()) continue;
    const parts =
      outcome.paid === 'full'
        ? rng.chance(0.4)
          ? allocate(total, [1, 1])
          : [total]
        : [toMoney(total.times(rng.int(30, 70)).div(100).toFixed(2))];
    parts.forEach((amount, k) =>
      paymentRows.push({
        id: paymentRows.length + 1,
        paymentDate: plusDays(row.date as string, 12 + k * 20 + rng.int(0, 9)),
        amount: amount.toFixed(2),
        notes:
          parts.length > 1
            ? `Instalment ${k + 1} of ${parts.length}`
            : outcome.paid === 'part'
              ? 'Part payment'
              : 'Paid in full',
        invoice: row.id,
        ...audit,
      }),
    );
    if (row.brmPosition != null && outcome.paid === 'full')
      quotaRows.push({
        id: quotaRows.length + 1,
        invoiceId: row.id,
        dateGte: row.periodGte,
        dateLte: row.periodLte,
        percentage: '1',
        position: row.brmPosition,
        ...audit,
      });
  }

  for (const p of prePayments)
    paymentRows.push({
      id: paymentRows.length + 1,
      paymentDate: p.date,
      amount: p.amount,
      notes: 'Advance',
      preInvoice: p.preInvoice,
      ...audit,
    });
  await insertRows(tx, paymentHistories, paymentRows);
  await insertRows(tx, invoiceQuotas, quotaRows);
  for (const s of [
    suppliers,
    invoices,
    expenses,
    expensePayers,
    preInvoices,
    paymentHistories,
    invoiceQuotas,
    verificationChains,
    verificationApprovers,
  ])
    await syncIdSequence(tx, s);
  return {
    suppliers: supplierRows.length,
    invoices: invoiceRows.length,
    expenses: expenseRows.length,
    preInvoices: preRows.length,
    paymentHistories: paymentRows.length,
    invoiceQuotas: quotaRows.length,
  };
}

/** Months of archive before the seeded year of billing that {@link seedInvoiceArchive} spreads invoices over. */
const ARCHIVE_MONTHS = 60;

/**
 * Invoices of the five years before the seeded year of billing, for benchmarks that need a long
 * invoice list (`seed(db, { invoices: 100_000 })`): `count` invoices spread over every project
 * and the 60 months before the seeded year (several per project and month when `count` is larger
 * than projects x 60). They predate the seeded time entries, so they hold no time or expenses:
 * each bills one of its project's matters (`matterList`), has a total of 500.00 to 60,000.99 in
 * the project's currency (US dollars at the oldest rate seeded), and is paid in full by one payment
 * and acted after an approved chain decided by `approver`; one in 25 is cancelled instead
 * (status 3, so the default list hides it). Run after {@link seedBilling}; ids continue after its rows.
 *
 * Deterministic for a given `rng`. @returns row counts: `invoices` and `paymentHistories` added,
 * with `verificationChains` for the chains
 */
export async function seedInvoiceArchive(
  tx: Tx,
  ref: Reference,
  rng: FastRng,
  count: number,
  approver: number,
): Promise<Record<string, number>> {
  const usd = ref.currency('USD');
  const projectRows = await tx.query<{
    id: number;
    payer: number | null;
    currency: number | null;
    language: number | null;
    brm: number | null;
    matters: number[] | null;
  }>(
    `SELECT p.id, p.payer_client_id AS payer, p.invoice_currency_id AS currency, p.invoice_language_id AS language,
            p.business_relationship_manager_position_id AS brm,
            (SELECT array_agg(m.id ORDER BY m.id) FROM matters m WHERE m.project_id = p.id) AS matters
       FROM projects p WHERE p.payer_client_id IS NOT NULL ORDER BY p.id`,
  );
  const projects = projectRows.filter((p) => (p.matters?.length ?? 0) > 0);
  if (count <= 0 || projects.length === 0) return { invoices: 0, paymentHistories: 0, verificationChains: 0 };
  // the first month of the seeded year of billing; the archive ends the month before it
  const first = new Date(Date.UTC(REFERENCE_DATE.getUTCFullYear() - 1, REFERENCE_DATE.getUTCMonth(), 1));
  let invoiceId = await nextId(tx, 'invoices');
  let chainId = await nextId(tx, 'verification_chains');
  let stepId = await nextId(tx, 'verification_approvers');
  let paymentId = await nextId(tx, 'payment_histories');
  const paid = ref.dict('INVOICE_STATUS', 5);
  const cancelled = ref.dict('INVOICE_STATUS', 3);
  const approved = ref.dict('VERIFICATION_DECISION', 2);
  const billType = ref.dict('BILL_TYPE', 2);
  const invoiceRows: SeedRow[] = [];
  const chainRows: SeedRow[] = [];
  const stepRows: SeedRow[] = [];
  const paymentRows: SeedRow[] = [];
  const matterLinks: Array<readonly [number, number]> = [];
  for (let i = 0; i < count; i++) {
    const p = projects[i % projects.length]!;
    const back = 1 + (Math.floor(i / projects.length) % ARCHIVE_MONTHS);
    const start = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() - back, 1));
    const month = start.toISOString().slice(0, 7);
    const id = invoiceId++;
    const number = `INV-${month.slice(0, 4)}-${String(id).padStart(5, '0')}`;
    const date = plusDays(lastDay(month), rng.int(1, 10));
    const isCancelled = i % 25 === 12;
    const total = `${rng.int(500, 60_000)}.${String(rng.int(0, 99)).padStart(2, '0')}`;
    let chain: number | null = null;
    if (!isCancelled) {
      chain = chainId++;
      chainRows.push({
        id: chain,
        description: `Invoice ${number}`,
        decision: approved,
        ownerType: 'INVOICE',
        ownerId: id,
        ...audit,
      });
      stepRows.push({
        id: stepId++,
        verificationChain: chain,
        orderliness: 1,
        employee: approver,
        decision: approved,
        comment: null,
        decisionDate: `${date}T12:00:00.000Z`,
        ...audit,
      });
      paymentRows.push({
        id: paymentId++,
        paymentDate: plusDays(date, 12 + rng.int(0, 9)),
        amount: total,
        notes: 'Paid in full',
        invoice: id,
        ...audit,
      });
    }
    invoiceRows.push({
      id,
      number,
      date,
      periodGte: `${month}-01`,
      periodLte: lastDay(month),
      billType,
      project: Number(p.id),
      payerClient: p.payer,
      invoiceLanguage: p.language,
      previewType: 'Project',
      currency: p.currency ?? usd,
      totalAmount: total,
      status: isCancelled ? cancelled : paid,
      signed: !isCancelled,
      paid: !isCancelled,
      brmPosition: p.brm,
      verificationChain: chain,
      ...audit,
    });
    matterLinks.push([id, Number(rng.pick(p.matters!))]);
  }
  await insertRows(tx, verificationChains, chainRows);
  await insertRows(tx, verificationApprovers, stepRows);
  await insertRows(tx, invoices, invoiceRows);
  await insertJoin(tx, invoices, 'matterList', matterLinks);
  // the US dollar value at the rate of the invoice's day, else at the oldest rate seeded
  await tx.query(
    `UPDATE invoices i SET total_amount_usd = round(i.total_amount * COALESCE(
        (SELECT c.rate_to_usd FROM currency_rates c WHERE c.currency_id = i.currency_id AND c.date <= i.date ORDER BY c.date DESC LIMIT 1),
        (SELECT c.rate_to_usd FROM currency_rates c WHERE c.currency_id = i.currency_id ORDER BY c.date LIMIT 1), 1), 4)
      WHERE i.id >= $1`,
    [invoiceRows[0]!.id],
  );
  await insertRows(tx, paymentHistories, paymentRows);
  for (const s of [invoices, paymentHistories, verificationChains, verificationApprovers]) await syncIdSequence(tx, s);
  return { invoices: invoiceRows.length, paymentHistories: paymentRows.length, verificationChains: chainRows.length };
}

/**
 * The moves a seeded pre-invoice made to reach its status, as the product writes them (PRE-02..04):
 * created Draft (1), sent (2), approved (4), then acted (5) or closed (6) - the last move reaching
 * the row's own status entry.
 */
/** The moves an invoice took to reach each INVOICE_STATUS code: sent, approved, then paid; cancelled from Draft. */
const INVOICE_PATHS: Record<number, number[]> = {
  1: [1],
  2: [1, 2],
  3: [1, 3],
  4: [1, 2, 4],
  5: [1, 2, 4, 5],
  6: [1, 2, 4, 6],
};

const PRE_INVOICE_PATHS: Record<number, number[]> = {
  1: [1],
  2: [1, 2],
  3: [1, 2, 3],
  4: [1, 2, 4],
  5: [1, 2, 4, 5],
  6: [1, 2, 4, 6],
};

/**
 * Writes the status history (`status_changes`) of seeded documents of `collection`, so that every
 * status a document is in was reached by a recorded move (the money check's `status-history`,
 * MC-8): one row per move of `paths` ({@link PRE_INVOICE_PATHS} by default) for the code of the document's
 * status, a day apart from the document's date, by the seed's user; the last move goes to the
 * row's own status entry.
 */
async function seedStatusHistory(
  tx: Tx,
  collection: string,
  docs: Array<{ id: number; date: string; to: number }>,
  entry: (code: number) => number,
  paths: Record<number, number[]> = PRE_INVOICE_PATHS,
): Promise<void> {
  const codes = await tx.query<{ id: string | number; code: string | number }>(
    'SELECT id, code FROM base_dictionaries WHERE id = ANY($1::bigint[])',
    [[...new Set(docs.map((d) => d.to))]],
  );
  const codeOf = new Map(codes.map((c) => [Number(c.id), Number(c.code)]));
  const rows: unknown[][] = [];
  for (const d of docs) {
    const path = paths[codeOf.get(d.to) ?? 1] ?? [1];
    let from: number | null = null;
    path.forEach((code, step) => {
      const to = step === path.length - 1 ? d.to : entry(code);
      rows.push([collection, d.id, 'status', from, to, null, audit.createdBy, `${plusDays(d.date, step)}T09:00:00Z`]);
      from = to;
    });
  }
  for (let k = 0; k < rows.length; k += 2000) {
    const chunk = rows.slice(k, k + 2000);
    await tx.query(
      `INSERT INTO status_changes (collection, record_id, field, from_id, to_id, comment, changed_by, changed_date) VALUES ${chunk
        .map((_, r) => `(${Array.from({ length: 8 }, (__, c) => `$${r * 8 + c + 1}`).join(', ')})`)
        .join(', ')}`,
      chunk.flat(),
    );
  }
}
