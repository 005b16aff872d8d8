import { getSchema } from '../../schemas/index';
import { rankingMonths } from '../../schemas/rankings/formula';
import type { AuthUser } from '../auth/types';
import type { Database } from '../db/database';
import { factsSql } from '../dashboards/facts';
import type { DashboardScope } from '../dashboards/scope';
import { readableCondition } from '../rest/access';
import { Params } from '../rest/model';

/**
 * What a ranking reads (docs/areas/rankings.md "Where the figures come from"): the window anchored
 * on the latest closed cashbox month, and per employee and month the money figures (per currency
 * and in USD), the leads and the invoices' outcomes. Set-based: one statement per kind of figure.
 */

type Db = Pick<Database, 'query'>;

/** The base currency of every rating, and where its rates come from. */
export const BASE_CURRENCY = 'USD';
export const RATE_SOURCE =
  'currencyRates: the latest rateToUsd of the currency on or before the day of each record (USD is 1)';

/**
 * The reader of the firm's figures. A rating is the firm's measure of a person, so it is computed
 * over every live record (what an administrator's list shows: trashed rows left out) whoever asks;
 * what the asker may see of the result is narrowed afterwards (`server/rankings/routes.ts`).
 */
const FIRM_READER: AuthUser = {
  userId: 0,
  username: 'rankings',
  roles: ['ADMIN'],
  privileges: new Map(),
  employeeId: null,
  employeeOfficeId: null,
  employeeName: null,
  positions: [],
};
const FIRM_SCOPE: DashboardScope = { level: 'firm', officeIds: [], employeeId: null, user: FIRM_READER };

/** The 3 months a ranking covers (RANK-13), and the closed cashbox versions that anchor them. */
export interface RankingWindow {
  /** `YYYY-MM-DD`, the first day of the first month. */
  dateGte: string;
  /** `YYYY-MM-DD`, the last day of the latest closed month. */
  dateLte: string;
  months: string[];
  /** The closed versions (each the latest version of its office's month) within the window. */
  closedPeriods: Array<{ id: number; officeId: number; month: string; version: number | null }>;
}

/**
 * The window: the 3 months ending with the latest month whose latest cashbox version of some
 * office is CLOSED (a month recalculated after its close counts only once its new version is
 * closed again); null while no month is closed.
 */
export async function rankingWindow(db: Db): Promise<RankingWindow | null> {
  const latest = `p.status = 'CLOSED' AND NOT EXISTS (SELECT 1 FROM cashbox_periods q WHERE q.office_id = p.office_id
      AND q.report_date_gte = p.report_date_gte AND q.report_date_lte = p.report_date_lte AND q.id > p.id)`;
  const [row] = await db.query<{ month: string | null }>(
    `SELECT to_char(max(p.report_date_lte), 'YYYY-MM') AS month FROM cashbox_periods p WHERE ${latest}`,
  );
  if (!row?.month) return null;
  const months = rankingMonths(row.month);
  const dateGte = `${months[0]}-01`;
  const [end] = await db.query<{ d: string }>(
    `SELECT to_char((date_trunc('month', $1::date) + interval '1 month - 1 day')::date, 'YYYY-MM-DD') AS d`,
    [`${row.month}-01`],
  );
  const periods = await db.query<{ id: string | number; office_id: string | number; month: string; version: unknown }>(
    `SELECT p.id, p.office_id, to_char(p.report_date_lte, 'YYYY-MM') AS month, v.code AS version
       FROM cashbox_periods p LEFT JOIN base_dictionaries v ON v.id = p.version_id
      WHERE ${latest} AND p.report_date_lte >= $1::date AND p.report_date_lte <= $2::date
      ORDER BY p.report_date_lte, p.office_id`,
    [dateGte, end!.d],
  );
  return {
    dateGte,
    dateLte: end!.d,
    months,
    closedPeriods: periods.map((p) => ({
      id: Number(p.id),
      officeId: Number(p.office_id),
      month: p.month,
      version: p.version == null ? null : Number(p.version),
    })),
  };
}

/** One money figure of one employee in one month and currency. */
export interface MoneyRow {
  employeeId: number;
  kind: 'origination' | 'collections' | 'worked';
  month: string;
  currency: string | null;
  /** Exact sum in `currency`. */
  amount: string;
  /** The same in USD (records without a rate left out), 4 decimals. */
  usd: string;
  /** Records of this sum that have no USD rate on their day (left out of `usd`). */
  unconverted: number;
}

/** A currency's value in USD on a day, as SQL over a currency code and a day. */
const usdRate = (code: string, day: string): string =>
  `(CASE WHEN ${code} = 'USD' THEN 1::numeric
     ELSE (SELECT cr.rate_to_usd FROM currency_rates cr JOIN currencies rc ON rc.id = cr.currency_id
            WHERE rc.code = ${code} AND cr.date <= ${day} ORDER BY cr.date DESC LIMIT 1) END)`;

/**
 * The money figures of the window per employee, month and currency:
 * origination = invoiced on the documents the employee manages (`billed` facts,
 * `server/dashboards/facts.ts`: the invoice's business relationship manager, else its project's),
 * collections = payments on them (`collected` facts), worked = the value of billable time on the
 * clients of the projects the employee manages (`worked` facts joined on the payer client).
 */
export async function moneyRows(db: Db, window: Pick<RankingWindow, 'dateGte' | 'dateLte'>): Promise<MoneyRow[]> {
  const params = new Params();
  const facts = factsSql(['worked', 'billed', 'collected'], FIRM_SCOPE, params, window.dateGte, window.dateLte);
  const rows = await db.query<{
    employee_id: string | number;
    kind: MoneyRow['kind'];
    month: string;
    currency: string | null;
    amount: string | null;
    usd: string | null;
    unconverted: number;
  }>(
    `WITH f AS (SELECT fa.*, to_char(fa.day, 'YYYY-MM') AS month, fa.amount * ${usdRate('fa.currency', 'fa.day')} AS usd
                  FROM ${facts} fa),
          mc AS (SELECT DISTINCT bp.employee_id, pr.payer_client_id AS client_id
                   FROM projects pr JOIN positions bp ON bp.id = pr.business_relationship_manager_position_id
                  WHERE pr.payer_client_id IS NOT NULL AND bp.employee_id IS NOT NULL)
     SELECT f.employee_id, CASE f.kind WHEN 'billed' THEN 'origination' ELSE 'collections' END AS kind, f.month, f.currency,
            sum(f.amount)::text AS amount, round(COALESCE(sum(f.usd), 0), 4)::text AS usd,
            (count(*) FILTER (WHERE f.usd IS NULL))::int AS unconverted
       FROM f WHERE f.kind IN ('billed', 'collected') AND f.employee_id IS NOT NULL
      GROUP BY 1, 2, 3, 4
     UNION ALL
     SELECT mc.employee_id, 'worked', f.month, f.currency, sum(f.amount)::text, round(COALESCE(sum(f.usd), 0), 4)::text,
            (count(*) FILTER (WHERE f.usd IS NULL))::int
       FROM f JOIN mc ON mc.client_id = f.client_id WHERE f.kind = 'worked'
      GROUP BY 1, 2, 3, 4
      ORDER BY 1, 2, 3, 4`,
    params.values,
  );
  return rows.map((r) => ({
    employeeId: Number(r.employee_id),
    kind: r.kind,
    month: r.month,
    currency: r.currency,
    amount: r.amount ?? '0',
    usd: r.usd ?? '0',
    unconverted: Number(r.unconverted),
  }));
}

/** Counted outcomes of one employee in one month: leads held and won, invoices issued and paid in full. */
export interface CountRow {
  employeeId: number;
  month: string;
  leads: number;
  won: number;
  invoices: number;
  paid: number;
}

/**
 * The counts of the window per employee and month: leads dated in it whose business relationship
 * manager the employee is (won: deal stage 7 project execution, 8 invoiced or 9 closed won), and
 * invoices dated in it that were issued (status Approved, Paid or Partly paid) on documents the
 * employee manages (paid in full: status Paid). Trashed records are left out.
 */
export async function countRows(db: Db, window: Pick<RankingWindow, 'dateGte' | 'dateLte'>): Promise<CountRow[]> {
  const params = new Params();
  const from = params.add(window.dateGte);
  const to = params.add(window.dateLte);
  const leadsOk = readableCondition(getSchema('leads'), FIRM_READER, 'l', params);
  const invoicesOk = readableCondition(getSchema('invoices'), FIRM_READER, 'i', params);
  const rows = await db.query<{
    employee_id: string | number;
    month: string;
    leads: number;
    won: number;
    invoices: number;
    paid: number;
  }>(
    `SELECT employee_id, month, sum(leads)::int AS leads, sum(won)::int AS won, sum(invoices)::int AS invoices, sum(paid)::int AS paid
       FROM (SELECT l.business_relationship_manager_id AS employee_id, to_char(l.date, 'YYYY-MM') AS month,
                    1 AS leads, CASE WHEN s.code IN (7, 8, 9) THEN 1 ELSE 0 END AS won, 0 AS invoices, 0 AS paid
               FROM leads l LEFT JOIN base_dictionaries s ON s.id = l.deal_stage_id
              WHERE l.business_relationship_manager_id IS NOT NULL AND l.date >= ${from}::date AND l.date <= ${to}::date
                AND ${leadsOk}
             UNION ALL
             SELECT pos.employee_id, to_char(i.date, 'YYYY-MM'), 0, 0, 1, CASE WHEN st.code = 5 THEN 1 ELSE 0 END
               FROM invoices i
               JOIN base_dictionaries st ON st.id = i.status_id AND st.code IN (4, 5, 6)
               LEFT JOIN projects pr ON pr.id = i.project_id
               JOIN positions pos ON pos.id = COALESCE(i.brm_position_id, pr.business_relationship_manager_position_id)
              WHERE pos.employee_id IS NOT NULL AND i.date >= ${from}::date AND i.date <= ${to}::date AND ${invoicesOk}) c
      GROUP BY 1, 2 ORDER BY 1, 2`,
    params.values,
  );
  return rows.map((r) => ({
    employeeId: Number(r.employee_id),
    month: r.month,
    leads: Number(r.leads),
    won: Number(r.won),
    invoices: Number(r.invoices),
    paid: Number(r.paid),
  }));
}

/** Where an employee belongs in the window: the department and office of their position, the office's country. */
export interface Placement {
  employeeId: number;
  name: string;
  departmentId: number | null;
  departmentName: string | null;
  officeId: number | null;
  officeName: string | null;
  countryId: number | null;
  countryName: string | null;
}

/**
 * The placement of `employeeIds`: their position in the window (the main one first, then the
 * latest), its department and office (else the employee's office), and the office's country.
 */
export async function placements(
  db: Db,
  employeeIds: number[],
  window: Pick<RankingWindow, 'dateGte' | 'dateLte'>,
): Promise<Placement[]> {
  if (!employeeIds.length) return [];
  const rows = await db.query<Record<string, string | number | null>>(
    `SELECT e.id, concat_ws(' ', e.gfirst_name, e.glast_name) AS name, pos.department_id, d.gname AS department_name,
            o.id AS office_id, o.gfirm_name AS office_name, c.id AS country_id, c.gname AS country_name
       FROM employees e
       LEFT JOIN LATERAL (SELECT p.department_id, p.office_id FROM positions p
                           WHERE p.employee_id = e.id AND (p.date_gte IS NULL OR p.date_gte <= $3::date)
                             AND (p.date_lte IS NULL OR p.date_lte >= $2::date)
                           ORDER BY p.main DESC NULLS LAST, p.date_gte DESC NULLS LAST, p.id DESC LIMIT 1) pos ON TRUE
       LEFT JOIN departments d ON d.id = pos.department_id
       LEFT JOIN offices o ON o.id = COALESCE(pos.office_id, e.office_id)
       LEFT JOIN base_dictionaries c ON c.id = o.physical_country_id
      WHERE e.id = ANY($1::bigint[])`,
    [employeeIds, window.dateGte, window.dateLte],
  );
  const id = (v: string | number | null | undefined) => (v == null ? null : Number(v));
  const str = (v: string | number | null | undefined) => (v == null ? null : String(v));
  return rows.map((r) => ({
    employeeId: Number(r.id),
    name: String(r.name ?? ''),
    departmentId: id(r.department_id),
    departmentName: str(r.department_name),
    officeId: id(r.office_id),
    officeName: str(r.office_name),
    countryId: id(r.country_id),
    countryName: str(r.country_name),
  }));
}
