import { roundToCurrency, toMoney } from '../../schemas/money';
import type { Database } from '../db/database';
import type {
  BudgetInput,
  CashboxInputs,
  DepartmentInput,
  DistributionInput,
  ExpenseInput,
  InvoiceInput,
  MatterInput,
  PositionInput,
  ProjectInput,
} from './calculation/types';

type Db = Pick<Database, 'query'>;
type Row = Record<string, unknown>;

const num = (v: unknown): number => Number(v);
const id = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));
const text = (v: unknown): string => (v === null || v === undefined ? '0' : String(v));

/** Department types that make a group (docs/areas/cashbox-store.md "Inputs"): top management, managing partners, board, sector, practice group, support, business team. */
export const GROUP_DEPARTMENT_TYPES = [4, 5, 6, 7, 9, 10, 14];

/** A currency's value in USD on a day, as SQL: the latest rate on or before it; USD is 1. */
const rateSql = (currency: string, day: string): string =>
  `(CASE WHEN (SELECT code FROM currencies WHERE id = ${currency}) = 'USD' THEN 1::numeric
     ELSE (SELECT cr.rate_to_usd FROM currency_rates cr WHERE cr.currency_id = ${currency} AND cr.date <= ${day}
            ORDER BY cr.date DESC LIMIT 1) END)`;

/**
 * `amount` of `currency` converted to the period currency (`$1` office currency id in every
 * statement) at `day`'s rates, as SQL; NULL when a rate is missing.
 */
const convertSql = (amount: string, currency: string, day: string): string =>
  `(CASE WHEN ${currency} IS NULL OR ${currency} = $1 THEN ${amount}
     ELSE ${amount} * ${rateSql(currency, day)} / NULLIF(${rateSql('$1', day)}, 0) END)`;

/** Thrown when an amount cannot be converted: no rate for its currency on its day. */
export class MissingRateError extends Error {
  override name = 'MissingRateError';
}

/**
 * The period currency's value in USD on `day` (the USD balance of CASH-02), or null without a rate.
 */
export async function usdRateOn(db: Db, currencyCode: string, day: string): Promise<string | null> {
  const [row] = await db.query<{ rate: string | null }>(
    `SELECT ${rateSql('(SELECT id FROM currencies WHERE code = $1)', '$2::date')}::text AS rate`,
    [currencyCode, day],
  );
  return row?.rate ?? null;
}

/**
 * Reads what the calculation of office `officeId`'s period `dateGte..dateLte` needs
 * (docs/areas/cashbox-store.md "Inputs"; the contract is `CashboxInputs`,
 * server/cashbox/calculation/types.ts), set-based: one statement per kind of record whatever the
 * size of the month.
 *
 * - Payments dated in the period (`paymentHistories.paymentDate`; a payment of a pre-invoice
 *   counts for the invoice that holds it) on invoices issued by the office (invoice -> office
 *   transit account -> office account -> office), each converted to the office currency at its
 *   own date's rate (through USD, `currencyRates`). A payment dated after the period is not read.
 * - Their invoices: total, VAT (of the pre-invoices they hold), the expenses they re-bill, quotas,
 *   and the time value per position (hours x the matter rate of the executor's title on the day,
 *   on a rate-based matter; the hours on another), converted at the invoice date; the traffic type
 *   is Inbound, Outbound when the payer client's country is not the office's.
 * - Matters and projects of those invoices (technical-expense percent, managers of the period),
 *   the office's distributions, expenses and budgets dated in the period charged to the office's
 *   positions (or covered by the office) with their payers, the positions (the office's in the
 *   period and every one named above) with their fund in force, their departments and groups,
 *   and each employee's balance of the office's latest closed earlier month.
 *
 * Amounts are rounded to the currency's minor units.
 * @throws Error when the office does not exist or has no currency; MissingRateError when a
 *   payment, invoice, expense or budget cannot be converted
 */
export async function loadCashboxInputs(
  db: Db,
  period: { officeId: number; dateGte: string; dateLte: string },
): Promise<CashboxInputs> {
  const { officeId, dateGte, dateLte } = period;
  const [office] = await db.query<Row>(
    `SELECT o.currency_id, c.code, o.physical_country_id FROM offices o JOIN currencies c ON c.id = o.currency_id WHERE o.id = $1`,
    [officeId],
  );
  if (!office) throw new Error(`Office ${officeId} does not exist or has no currency`);
  const currencyId = num(office.currency_id);
  const code = String(office.code);
  const round = (v: unknown, what: string): string => {
    if (v === null || v === undefined) throw new MissingRateError(`${what}: no currency rate to convert it to ${code}`);
    return roundToCurrency(toMoney(String(v)), code);
  };

  const paymentRows = await db.query<Row>(
    `SELECT ph.id, i.id AS invoice_id, ph.payment_date::text AS date,
            ph.amount::text AS received, i.currency_id AS received_currency_id,
            ${convertSql('ph.amount', 'i.currency_id', 'ph.payment_date')}::text AS amount
       FROM payment_histories ph
       LEFT JOIN pre_invoices pi ON pi.id = ph.pre_invoice_id
       JOIN invoices i ON i.id = COALESCE(ph.invoice_id, pi.invoice_id)
       JOIN office_transit_accounts ota ON ota.id = i.office_transit_account_id
       JOIN office_accounts oa ON oa.id = ota.office_account_id
      WHERE oa.office_id = $2 AND ph.payment_date >= $3 AND ph.payment_date <= $4
      ORDER BY ph.payment_date, ph.id`,
    [currencyId, officeId, dateGte, dateLte],
  );
  const payments = paymentRows.map((p) => ({
    id: num(p.id),
    invoiceId: num(p.invoice_id),
    date: String(p.date),
    amount: round(p.amount, `Payment ${p.id}`),
    received: { amount: String(p.received), currencyId: num(p.received_currency_id) },
  }));
  const invoiceIds = [...new Set(payments.map((p) => p.invoiceId))];

  const [inbound, outbound] = await Promise.all(
    [1, 2].map(async (c) => {
      const [r] = await db.query<Row>('SELECT id FROM base_dictionaries WHERE type_id = 29 AND code = $1', [c]);
      return r ? num(r.id) : null;
    }),
  );
  const invoiceRows = await db.query<Row>(
    `SELECT i.id, i.project_id, ${convertSql('i.total_amount', 'i.currency_id', 'i.date')}::text AS total,
            ${convertSql(
              '(SELECT COALESCE(sum(pi.vat_amount), 0) FROM pre_invoices pi WHERE pi.invoice_id = i.id)',
              'i.currency_id',
              'i.date',
            )}::text AS vat,
            (SELECT min(ml.target_id) FROM invoices_matter_list ml WHERE ml.owner_id = i.id) AS matter_id,
            (cl.country_id IS DISTINCT FROM $3 AND cl.country_id IS NOT NULL) AS outbound
       FROM invoices i LEFT JOIN clients cl ON cl.id = i.payer_client_id
      WHERE i.id = ANY($2::bigint[])`,
    [currencyId, invoiceIds, office.physical_country_id ?? null],
  );
  const invoices = new Map<number, InvoiceInput>();
  for (const r of invoiceRows)
    invoices.set(num(r.id), {
      id: num(r.id),
      matterId: id(r.matter_id),
      projectId: id(r.project_id),
      trafficTypeId: (r.outbound ? outbound : inbound) ?? null,
      totalAmount: round(r.total, `Invoice ${r.id}`),
      vatAmount: round(r.vat, `The VAT of invoice ${r.id}`),
      rebilledExpenses: [],
      quotas: [],
      timeValues: [],
    });

  const rebilled = await db.query<Row>(
    `SELECT e.id, e.invoice_id, ${convertSql('e.amount', 'e.currency_id', 'i.date')}::text AS amount
       FROM expenses e JOIN invoices i ON i.id = e.invoice_id
      WHERE e.invoice_id = ANY($2::bigint[]) AND e.deleted_at IS NULL ORDER BY e.id`,
    [currencyId, invoiceIds],
  );
  const rebilledPayers = new Map<number, { expensePayerId: number; positionId: number; percentage: string }[]>();
  for (const p of await db.query<Row>(
    `SELECT id, expense_id, payer_position_id, percentage::text AS pct FROM expense_payers
      WHERE expense_id = ANY($1::bigint[]) AND payer_position_id IS NOT NULL ORDER BY id`,
    [rebilled.map((e) => num(e.id))],
  )) {
    const list = rebilledPayers.get(num(p.expense_id)) ?? [];
    list.push({ expensePayerId: num(p.id), positionId: num(p.payer_position_id), percentage: text(p.pct) });
    rebilledPayers.set(num(p.expense_id), list);
  }
  for (const e of rebilled)
    invoices.get(num(e.invoice_id))?.rebilledExpenses.push({
      expenseId: num(e.id),
      amount: round(e.amount, `Expense ${e.id}`),
      payers: rebilledPayers.get(num(e.id)) ?? [],
    });

  const quotas = await db.query<Row>(
    `SELECT id, invoice_id, position_id, date_gte::text AS gte, date_lte::text AS lte, percentage::text AS pct
       FROM invoice_quotas WHERE invoice_id = ANY($1::bigint[]) AND position_id IS NOT NULL ORDER BY id`,
    [invoiceIds],
  );
  for (const q of quotas)
    invoices.get(num(q.invoice_id))?.quotas.push({
      id: num(q.id),
      positionId: num(q.position_id),
      dateGte: q.gte ? String(q.gte) : '0001-01-01',
      dateLte: q.lte ? String(q.lte) : '9999-12-31',
      percentage: text(q.pct),
    });

  // time value per invoice and position: hours x the matter's rate for the executor's title on the day
  const times = await db.query<Row>(
    `SELECT t.invoice_id, t.executor_position_id AS position_id, array_agg(t.id ORDER BY t.id) AS ids,
            sum(CASE WHEN bt.code = 2
                     THEN ${convertSql('t.duration / 3600000.0 * COALESCE(r.rate, 0)', 'COALESCE(m.currency_id, i.currency_id)', 'i.date')}
                     ELSE t.duration / 3600000.0 END)::text AS amount
       FROM times t
       JOIN invoices i ON i.id = t.invoice_id
       LEFT JOIN matters m ON m.id = t.matter_id
       LEFT JOIN base_dictionaries bt ON bt.id = m.bill_type_id
       LEFT JOIN positions p ON p.id = t.executor_position_id
       LEFT JOIN LATERAL (
         SELECT mr.rate FROM employee_titles et JOIN matter_rates mr ON mr.title_id = et.title_id AND mr.matter_id = t.matter_id
          WHERE et.employee_id = COALESCE(p.employee_id, t.employee_id)
            AND et.date_gte <= t.date_time::date AND (et.date_lte IS NULL OR et.date_lte >= t.date_time::date)
            AND (mr.date_gte IS NULL OR mr.date_gte <= t.date_time::date) AND (mr.date_lte IS NULL OR mr.date_lte >= t.date_time::date)
          ORDER BY et.date_gte DESC, mr.date_gte DESC NULLS LAST LIMIT 1) r ON TRUE
      WHERE t.invoice_id = ANY($2::bigint[]) AND t.deleted_at IS NULL AND t.billable IS TRUE
        AND t.executor_position_id IS NOT NULL
      GROUP BY t.invoice_id, t.executor_position_id ORDER BY t.invoice_id, t.executor_position_id`,
    [currencyId, invoiceIds],
  );
  for (const t of times)
    invoices.get(num(t.invoice_id))?.timeValues.push({
      positionId: num(t.position_id),
      amount: round(t.amount, `The time of invoice ${t.invoice_id}`),
      timeIds: (t.ids as unknown[]).map(num),
    });

  const matterIds = [...new Set([...invoices.values()].map((i) => i.matterId).filter((m): m is number => m !== null))];
  const matters: MatterInput[] = (
    await db.query<Row>(
      `SELECT id, responsible_position_id, international_matter, international_responsible_position_id,
              international_percent::text AS ip, hunted, hunter_position_id, hunter_percent::text AS hp
         FROM matters WHERE id = ANY($1::bigint[]) ORDER BY id`,
      [matterIds],
    )
  ).map((m) => ({
    id: num(m.id),
    responsiblePositionId: id(m.responsible_position_id),
    international: m.international_matter === true,
    internationalResponsiblePositionId: id(m.international_responsible_position_id),
    internationalPercent: text(m.ip),
    hunterPositionId: m.hunted === true ? id(m.hunter_position_id) : null,
    hunterPercent: m.hunted === true ? text(m.hp) : '0',
  }));

  const projectIds = [
    ...new Set([...invoices.values()].map((i) => i.projectId).filter((p): p is number => p !== null)),
  ];
  const projects = new Map<number, ProjectInput>();
  for (const p of await db.query<Row>(
    'SELECT id, technical_expenses_percent::text AS pct FROM projects WHERE id = ANY($1::bigint[]) ORDER BY id',
    [projectIds],
  ))
    projects.set(num(p.id), { id: num(p.id), technicalExpensesPercent: text(p.pct), managers: [] });
  for (const m of await db.query<Row>(
    `SELECT id, project_id, manager_position_id, percentage::text AS pct FROM project_managers
      WHERE project_id = ANY($1::bigint[]) AND manager_position_id IS NOT NULL
        AND (date_gte IS NULL OR date_gte <= $3) AND (date_lte IS NULL OR date_lte >= $2) ORDER BY id`,
    [projectIds, dateGte, dateLte],
  ))
    projects.get(num(m.project_id))?.managers.push({
      positionId: num(m.manager_position_id),
      percentage: text(m.pct),
      projectManagerId: num(m.id),
    });

  const distributions = await loadDistributions(db, officeId);
  const expenses = await loadExpenses(db, currencyId, officeId, dateGte, dateLte, round);
  const budgets = await loadBudgets(db, currencyId, officeId, dateGte, dateLte, round);

  const named = new Set<number>();
  for (const i of invoices.values()) {
    i.rebilledExpenses.forEach((e) => e.payers?.forEach((p) => named.add(p.positionId)));
    i.quotas.forEach((q) => named.add(q.positionId));
    i.timeValues.forEach((t) => named.add(t.positionId));
  }
  for (const m of matters)
    for (const p of [m.responsiblePositionId, m.internationalResponsiblePositionId, m.hunterPositionId])
      if (p) named.add(p);
  for (const p of projects.values()) p.managers.forEach((m) => named.add(m.positionId));
  for (const d of distributions)
    for (const r of d.rows) if (r.target.kind === 'position') named.add(r.target.positionId);
  expenses.forEach((e) => e.payers.forEach((p) => named.add(p.positionId)));
  budgets.forEach((b) => b.payers.forEach((p) => p.positionId && named.add(p.positionId)));
  const positions = await loadPositions(db, officeId, dateGte, dateLte, [...named]);
  const departments = await loadDepartments(
    db,
    [...new Set(positions.map((p) => p.departmentId).filter((d): d is number => d !== null))],
    officeId,
  );
  // the groups themselves, when no position sits in them directly
  const known = new Set(departments.map((d) => d.id));
  const groups = [...new Set(departments.map((d) => d.groupDepartmentId))].filter((g) => !known.has(g));
  if (groups.length > 0) departments.push(...(await loadDepartments(db, groups, officeId)));

  const previousBalances = (
    await db.query<Row>(
      `SELECT b.recipient_employee_id AS employee_id, b.balance_amount::text AS amount
         FROM cashbox_employee_balances b
        WHERE b.cashbox_period_id = (
          SELECT p.id FROM cashbox_periods p LEFT JOIN base_dictionaries v ON v.id = p.version_id
           WHERE p.office_id = $1 AND p.status = 'CLOSED' AND p.report_date_lte < $2
           ORDER BY p.report_date_lte DESC, v.code DESC NULLS LAST, p.id DESC LIMIT 1)
        ORDER BY b.recipient_employee_id`,
      [officeId, dateGte],
    )
  ).map((b) => ({ employeeId: num(b.employee_id), amount: text(b.amount) }));

  return {
    officeId,
    currencyCode: code,
    dateGte,
    dateLte,
    version: 1,
    payments,
    invoices: [...invoices.values()],
    matters,
    projects: [...projects.values()],
    distributions,
    expenses,
    budgets,
    positions,
    departments,
    previousBalances,
  };
}

/**
 * The office's income distributions with their rows (docs/areas/cashbox.md, waterfall step 3): a Fund row (INCOME_DISTRIBUTION_TYPE
 * 2) goes to its fund, located in its transfer office (the office itself when none); a Transfer row
 * (3), or an Office row (1) naming another office, to that office (an inter-office debt); an Office
 * row of the office itself to the office fund (FUND_TYPE 2). A soft-development-member row names no position in
 * the data, so it is not read (docs/areas/cashbox-store.md "Inputs").
 */
async function loadDistributions(db: Db, officeId: number): Promise<DistributionInput[]> {
  const rows = await db.query<Row>(
    `SELECT d.id, d.traffic_type_id, d.soft_development_lawyer_percent::text AS lawyer, r.id AS row_id,
            r.percent::text AS pct, r.international, r.fund_id, r.fund_transfer_office_id, t.code AS kind,
            r.soft_development_member
       FROM office_income_distributions d
       LEFT JOIN office_income_distribution_percents r ON r.office_income_distribution_id = d.id
       LEFT JOIN base_dictionaries t ON t.id = r.income_distribution_type_id
      WHERE d.office_id = $1 ORDER BY d.id, r.id`,
    [officeId],
  );
  const [fund] = await db.query<Row>('SELECT id FROM base_dictionaries WHERE type_id = 31 AND code = 2');
  const officeFund = fund ? num(fund.id) : null;
  const out = new Map<number, DistributionInput>();
  for (const r of rows) {
    const d = out.get(num(r.id)) ?? {
      id: num(r.id),
      trafficTypeId: num(r.traffic_type_id),
      softDevelopmentLawyerPercent: r.lawyer === null ? '0.21' : String(r.lawyer),
      rows: [],
    };
    out.set(d.id, d);
    if (r.row_id === null || r.soft_development_member === true) continue;
    const to = id(r.fund_transfer_office_id);
    const kind = num(r.kind);
    const target: DistributionInput['rows'][number]['target'] =
      kind === 2
        ? { kind: 'fund', fundTypeId: id(r.fund_id) ?? officeFund ?? 0, locateOfficeId: to ?? officeId }
        : kind === 3 || (to !== null && to !== officeId)
          ? { kind: 'office', officeId: to ?? officeId }
          : { kind: 'fund', fundTypeId: officeFund ?? 0, locateOfficeId: officeId };
    d.rows.push({ id: num(r.row_id), percent: text(r.pct), international: r.international === true, target });
  }
  return [...out.values()];
}

/** Expenses dated in the period, charged to positions of the office (or covered by it), with their payers. */
async function loadExpenses(
  db: Db,
  currencyId: number,
  officeId: number,
  gte: string,
  lte: string,
  round: (v: unknown, what: string) => string,
): Promise<ExpenseInput[]> {
  const rows = await db.query<Row>(
    `SELECT e.id, ${convertSql('e.amount', 'e.currency_id', 'e.date')}::text AS amount, e.cash, e.prepaid,
            ep.id AS payer_id, ep.payer_position_id, ep.percentage::text AS pct
       FROM expenses e JOIN expense_payers ep ON ep.expense_id = e.id
      WHERE e.date >= $3 AND e.date <= $4 AND e.deleted_at IS NULL AND e.un_calculate IS NOT TRUE
        AND ep.payer_position_id IS NOT NULL
        AND (e.cover_expense_office_id = $2 OR EXISTS (
          SELECT 1 FROM expense_payers x JOIN positions p ON p.id = x.payer_position_id WHERE x.expense_id = e.id AND p.office_id = $2))
      ORDER BY e.id, ep.id`,
    [currencyId, officeId, gte, lte],
  );
  const out = new Map<number, ExpenseInput>();
  for (const r of rows) {
    const e = out.get(num(r.id)) ?? {
      id: num(r.id),
      amount: round(r.amount, `Expense ${r.id}`),
      cash: r.cash === true,
      prepaid: r.prepaid === true,
      payers: [],
    };
    out.set(e.id, e);
    e.payers.push({ expensePayerId: num(r.payer_id), positionId: num(r.payer_position_id), percentage: text(r.pct) });
  }
  return [...out.values()];
}

/** Budgets dated in the period, covered by the office or charged to it, its departments or positions, with their payers. */
async function loadBudgets(
  db: Db,
  currencyId: number,
  officeId: number,
  gte: string,
  lte: string,
  round: (v: unknown, what: string) => string,
): Promise<BudgetInput[]> {
  const rows = await db.query<Row>(
    `SELECT b.id, ${convertSql('b.amount', 'b.currency_id', 'b.date')}::text AS amount, b.cash,
            bp.id AS payer_id, bp.payer_office_id, bp.payer_department_id, bp.payer_position_id,
            bp.percentage::text AS pct, bp.closed_by_fund
       FROM budgets b JOIN budget_payers bp ON bp.budget_id = b.id
      WHERE b.date >= $3 AND b.date <= $4
        AND (b.cover_budget_office_id = $2 OR EXISTS (
          SELECT 1 FROM budget_payers x LEFT JOIN positions p ON p.id = x.payer_position_id
            LEFT JOIN departments d ON d.id = x.payer_department_id
           WHERE x.budget_id = b.id AND (x.payer_office_id = $2 OR p.office_id = $2 OR d.office_id = $2)))
      ORDER BY b.id, bp.id`,
    [currencyId, officeId, gte, lte],
  );
  const out = new Map<number, BudgetInput>();
  for (const r of rows) {
    const b = out.get(num(r.id)) ?? {
      id: num(r.id),
      amount: round(r.amount, `Budget ${r.id}`),
      cash: r.cash === true,
      payers: [],
    };
    out.set(b.id, b);
    const kind = r.payer_position_id !== null ? 'position' : r.payer_department_id !== null ? 'department' : 'office';
    b.payers.push({
      budgetPayerId: num(r.payer_id),
      kind,
      officeId: id(r.payer_office_id),
      departmentId: id(r.payer_department_id),
      positionId: id(r.payer_position_id),
      percentage: text(r.pct),
      closedByFund: r.closed_by_fund === true,
    });
  }
  return [...out.values()];
}

/** The office's positions in the period and the positions `named`, with their fund in force (the latest starting in the period). */
async function loadPositions(
  db: Db,
  officeId: number,
  gte: string,
  lte: string,
  named: number[],
): Promise<PositionInput[]> {
  const rows = await db.query<Row>(
    `SELECT p.id, p.employee_id, p.department_id, p.office_id, (lv.code = 4) AS junior,
            f.id AS fund_id, f.put::text AS put, f.get::text AS get, fs.code AS scheme,
            f.transfer_office_id, f.transfer_department_id, f.transfer_position_id
       FROM positions p
       LEFT JOIN base_dictionaries lv ON lv.id = p.level_id
       LEFT JOIN LATERAL (
         SELECT * FROM position_funds pf WHERE pf.position_id = p.id AND pf.date_gte <= $3
            AND (pf.date_lte IS NULL OR pf.date_lte >= $2) ORDER BY pf.date_gte DESC, pf.id DESC LIMIT 1) f ON TRUE
       LEFT JOIN base_dictionaries fs ON fs.id = f.scheme_id
      WHERE p.employee_id IS NOT NULL AND (p.id = ANY($4::bigint[])
         OR (p.office_id = $1 AND p.date_gte <= $3 AND (p.date_lte IS NULL OR p.date_lte >= $2)))
      ORDER BY p.id`,
    [officeId, gte, lte, named],
  );
  return rows.map((r) => ({
    id: num(r.id),
    employeeId: num(r.employee_id),
    departmentId: id(r.department_id),
    officeId: num(r.office_id),
    juniorPartner: r.junior === true,
    fund:
      r.fund_id === null
        ? null
        : {
            id: num(r.fund_id),
            put: text(r.put),
            get: text(r.get),
            schemeCode: r.scheme === null ? '' : String(r.scheme),
            transferOfficeId: id(r.transfer_office_id),
            transferDepartmentId: id(r.transfer_department_id),
            transferPositionId: id(r.transfer_position_id),
          },
  }));
}

/** Departments `ids` with their group: the nearest department up the tree (itself included) of a group type; a department without an office counts as the period office's. */
async function loadDepartments(db: Db, ids: number[], officeId: number): Promise<DepartmentInput[]> {
  const rows = await db.query<Row>(
    `WITH RECURSIVE up AS (
       SELECT d.id AS start, d.id, d.parent_id, 0 AS depth FROM departments d WHERE d.id = ANY($1::bigint[])
       UNION ALL
       SELECT up.start, p.id, p.parent_id, up.depth + 1 FROM up JOIN departments p ON p.id = up.parent_id WHERE up.depth < 20)
     SELECT d.id, t.code AS type_code, d.office_id,
            COALESCE((SELECT up.id FROM up JOIN departments g ON g.id = up.id JOIN base_dictionaries gt ON gt.id = g.type_id
                       WHERE up.start = d.id AND gt.code = ANY($2::int[]) ORDER BY up.depth LIMIT 1), d.id) AS group_id
       FROM departments d LEFT JOIN base_dictionaries t ON t.id = d.type_id
      WHERE d.id = ANY($1::bigint[]) ORDER BY d.id`,
    [ids, GROUP_DEPARTMENT_TYPES],
  );
  return rows.map((r) => ({
    id: num(r.id),
    typeCode: r.type_code === null ? '' : String(r.type_code),
    groupDepartmentId: num(r.group_id),
    officeId: id(r.office_id) ?? officeId,
  }));
}
