import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { leads } from '../../../schemas/index';
import { toMoney } from '../../../schemas/money';
import type { Database } from '../database';
import { migrate } from '../migrate';
import { openTestDatabase, seededDemoDatabase } from '../../test/database';
import { DEFAULT_TIMES, seed, type SeedResult } from './index';

/** One seed of the whole demo firm: about a minute alone, more on a loaded machine (hooks default to 120 s). */
const SEED_TIMEOUT = 300_000;

/**
 * The demo firm's year of work in the default seed: leads in every stage with their history,
 * projects and matters with teams, and 50,000+ time entries by the matters' teams.
 */
let db: Database;
let result: SeedResult;
const one = async <T>(sql: string, params?: unknown[]): Promise<T> => (await db.query<T>(sql, params))[0]!;

beforeAll(async () => {
  ({ db, result } = await seededDemoDatabase());
}, SEED_TIMEOUT);
afterAll(() => db?.close());

describe('seed: a year of work', () => {
  it('LEAD-01 seeds leads in every deal stage 1-10, each with the history of its moves along the declared transitions', async () => {
    const rows = await db.query<{
      code: number;
      moves: Array<{ from: number | null; to: number; comment: string | null }>;
    }>(
      `SELECT d.code, json_agg(json_build_object('from', f.code, 'to', t.code, 'comment', s.comment) ORDER BY s.changed_date, s.id) AS moves
         FROM leads l JOIN base_dictionaries d ON d.id = l.deal_stage_id
         JOIN status_changes s ON s.collection = 'leads' AND s.record_id = l.id
         LEFT JOIN base_dictionaries f ON f.id = s.from_id JOIN base_dictionaries t ON t.id = s.to_id
        GROUP BY l.id, d.code ORDER BY l.id`,
    );
    expect(rows.length).toBe(result.counts.leads);
    expect(rows.length).toBeGreaterThanOrEqual(100);
    expect(new Set(rows.map((r) => Number(r.code)))).toEqual(new Set([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]));
    const allowed = new Set(
      (leads.status?.transitions ?? []).flatMap((t) =>
        (t.from ?? []).flatMap((from) => t.to.map((to) => `${from}>${to}`)),
      ),
    );
    for (const r of rows) {
      // the create's row (from none, no comment), then one row per allowed move, each with a comment
      expect(r.moves[0]).toEqual({ from: null, to: 1, comment: null });
      r.moves.slice(1).forEach((m, k) => {
        expect(allowed.has(`${m.from}>${m.to}`)).toBe(true);
        expect(m.from).toBe(r.moves[k]!.to);
        expect(m.comment).toBeTruthy();
      });
      expect(r.moves[r.moves.length - 1]!.to).toBe(Number(r.code));
    }
  });

  it('seeds 50,000+ time entries on working days of the year before the reference date, 4% tasks on top', async () => {
    expect(result.counts.times).toBe(DEFAULT_TIMES);
    expect(DEFAULT_TIMES).toBeGreaterThanOrEqual(50_000);
    const row = await one<{ entries: number; tasks: number; weekend: number; outside: number; types: number[] }>(
      `SELECT count(*) FILTER (WHERE w.code = 1)::int AS entries, count(*) FILTER (WHERE w.code <> 1)::int AS tasks,
              count(*) FILTER (WHERE w.code = 1 AND extract(isodow FROM t.date_time) > 5)::int AS weekend,
              count(*) FILTER (WHERE w.code = 1 AND (t.date_time < timestamptz '2025-11-01' OR t.date_time >= timestamptz '2026-11-01'))::int AS outside,
              array_agg(DISTINCT w.code::int ORDER BY w.code::int) AS types
         FROM times t JOIN base_dictionaries w ON w.id = t.work_type_id`,
    );
    expect(row).toEqual({
      entries: DEFAULT_TIMES,
      tasks: result.counts.tasks,
      weekend: 0,
      outside: 0,
      types: [1, 2, 3, 4, 5],
    });
    expect(result.counts.tasks).toBe(Math.round(DEFAULT_TIMES * 0.04));
  });

  it('TIME-12 every time entry is by an employee on its matter team, through a position held that day; tasks hang on a lead, project or matter', async () => {
    const row = await one<{
      off_team: number;
      off_period: number;
      loose_tasks: number;
      member_matters: number;
      others_time: number;
    }>(
      `SELECT
         (SELECT count(*)::int FROM times t JOIN base_dictionaries w ON w.id = t.work_type_id
           WHERE w.code = 1 AND NOT EXISTS (SELECT 1 FROM matter_teams mt JOIN positions p ON p.id = mt.team_position_id
             WHERE mt.matter_id = t.matter_id AND p.id = t.executor_position_id AND p.employee_id = t.employee_id)) AS off_team,
         (SELECT count(*)::int FROM times t JOIN positions p ON p.id = t.executor_position_id JOIN base_dictionaries w ON w.id = t.work_type_id
           WHERE w.code = 1 AND (t.date_time::date < p.date_gte OR t.date_time::date > p.date_lte)) AS off_period,
         (SELECT count(*)::int FROM times t JOIN base_dictionaries w ON w.id = t.work_type_id
           WHERE w.code <> 1 AND t.lead_id IS NULL AND t.project_id IS NULL AND t.matter_id IS NULL) AS loose_tasks,
         (SELECT count(*)::int FROM matter_teams mt JOIN positions p ON p.id = mt.team_position_id
           JOIN app_users u ON u.employee_id = p.employee_id WHERE u.username = 'member') AS member_matters,
         (SELECT count(*)::int FROM times t JOIN app_users u ON u.username = 'member'
           WHERE t.employee_id <> u.employee_id AND EXISTS (SELECT 1 FROM matter_teams mt JOIN positions p ON p.id = mt.team_position_id
             WHERE mt.matter_id = t.matter_id AND p.employee_id = u.employee_id)) AS others_time`,
    );
    expect(row).toMatchObject({ off_team: 0, off_period: 0, loose_tasks: 0 });
    // the demo lawyer's access rule gives real pages: several matters, colleagues' time on them
    expect(row.member_matters).toBeGreaterThanOrEqual(10);
    expect(row.others_time).toBeGreaterThan(1000);
  });

  it('TIME-10 mixes billing statuses: every code on time entries, code 1 exactly for the non-billable ones, older work billed', async () => {
    const rows = await db.query<{ code: number; billable: boolean; n: number; recent: number }>(
      `SELECT b.code, t.billable, count(*)::int AS n, count(*) FILTER (WHERE t.date_time > timestamptz '2026-09-15')::int AS recent
         FROM times t JOIN base_dictionaries b ON b.id = t.billing_status_id GROUP BY 1, 2 ORDER BY 1, 2`,
    );
    expect(new Set(rows.map((r) => Number(r.code)))).toEqual(new Set([1, 2, 3, 4, 5]));
    for (const r of rows) expect(r.billable).toBe(Number(r.code) !== 1);
    const unbilled = rows.find((r) => Number(r.code) === 2)!;
    const invoiced = rows.find((r) => Number(r.code) === 4)!;
    expect(unbilled.recent / unbilled.n).toBeGreaterThan(0.5);
    expect(invoiced.recent / invoiced.n).toBeLessThan(0.1);
  });

  it('PROJ-02 seeds projects with managers per period whose shares make 100%', async () => {
    const row = await one<{ projects: number; bad: number; two_periods: number; shared: number }>(
      `SELECT (SELECT count(*)::int FROM projects) AS projects,
              (SELECT count(*)::int FROM (SELECT 1 FROM project_managers GROUP BY project_id, period_index_number HAVING sum(percentage) <> 1) x) AS bad,
              (SELECT count(*)::int FROM projects WHERE jsonb_array_length(periods) = 2) AS two_periods,
              (SELECT count(*)::int FROM (SELECT 1 FROM project_managers GROUP BY project_id, period_index_number HAVING count(*) > 1) x) AS shared`,
    );
    expect(row.projects).toBe(result.counts.projects);
    expect(row).toMatchObject({ bad: 0 });
    expect(row.two_periods).toBeGreaterThan(0);
    expect(row.shared).toBeGreaterThan(0);
  });

  it('MAT-01 seeds matters with teams of 2-8 holding the responsible, every status incl. closed (code 3), bill types 1 and 2', async () => {
    const row = await one<{
      min: number;
      max: number;
      no_responsible: number;
      statuses: number[];
      bill_types: number[];
    }>(
      `SELECT (SELECT min(n)::int FROM (SELECT count(*) n FROM matter_teams GROUP BY matter_id) x) AS min,
              (SELECT max(n)::int FROM (SELECT count(*) n FROM matter_teams GROUP BY matter_id) x) AS max,
              (SELECT count(*)::int FROM matters m WHERE NOT EXISTS (SELECT 1 FROM matter_teams mt
                 WHERE mt.matter_id = m.id AND mt.team_position_id = m.responsible_position_id)) AS no_responsible,
              (SELECT array_agg(DISTINCT d.code::int ORDER BY d.code::int) FROM matters m JOIN base_dictionaries d ON d.id = m.status_id) AS statuses,
              (SELECT array_agg(DISTINCT d.code::int ORDER BY d.code::int) FROM matters m JOIN base_dictionaries d ON d.id = m.bill_type_id) AS bill_types`,
    );
    expect(row).toEqual({ min: 2, max: 8, no_responsible: 0, statuses: [1, 2, 3], bill_types: [1, 2] });
  });

  it('MAT-08 MAT-09 MAT-10 the seeded matters keep the payload rules: international and hunter fields only when set, rates only for bill type 2', async () => {
    const row = await one<Record<string, number>>(
      `SELECT count(*) FILTER (WHERE m.international_matter)::int AS international,
              count(*) FILTER (WHERE NOT m.international_matter AND m.international_responsible_position_id IS NOT NULL)::int AS stray_international,
              count(*) FILTER (WHERE m.international_matter AND m.international_responsible_position_id IS NULL)::int AS missing_international,
              count(*) FILTER (WHERE m.hunted)::int AS hunted,
              count(*) FILTER (WHERE NOT m.hunted AND m.hunter_position_id IS NOT NULL)::int AS stray_hunter,
              count(*) FILTER (WHERE b.code = 1 AND EXISTS (SELECT 1 FROM matter_rates r WHERE r.matter_id = m.id))::int AS stray_rates,
              count(*) FILTER (WHERE b.code = 2 AND NOT EXISTS (SELECT 1 FROM matter_rates r WHERE r.matter_id = m.id))::int AS missing_rates,
              (SELECT count(*)::int FROM matter_rates r JOIN titles t ON t.id = r.title_id WHERE NOT t.rate) AS rates_of_other_titles
         FROM matters m JOIN base_dictionaries b ON b.id = m.bill_type_id`,
    );
    expect(row.international).toBeGreaterThan(0);
    expect(row.hunted).toBeGreaterThan(0);
    expect(row).toMatchObject({
      stray_international: 0,
      missing_international: 0,
      stray_hunter: 0,
      stray_rates: 0,
      missing_rates: 0,
      rates_of_other_titles: 0,
    });
  });

  it('MAT-18 seeds job titles in order, some priced in matter rates and some not', async () => {
    const rows = await db.query<{ rate: boolean; n: number }>(
      'SELECT rate, count(*)::int AS n FROM titles GROUP BY rate ORDER BY rate',
    );
    expect(rows.map((r) => r.rate)).toEqual([false, true]);
  });

  it('MAT-06 gives every matter an approval chain: most approved, some waiting for a partner or for billing', async () => {
    const rows = await db.query<{ code: number; n: number }>(
      `SELECT d.code, count(*)::int AS n FROM matters m JOIN verification_chains c ON c.id = m.verification_chain_id
         JOIN base_dictionaries d ON d.id = c.decision_id GROUP BY 1 ORDER BY 1`,
    );
    expect(rows.map((r) => Number(r.code))).toEqual([1, 2, 3]);
    expect(rows.reduce((s, r) => s + r.n, 0)).toBe(result.counts.matters);
  });

  it('loads times in bulk yet keeps every foreign key and index the migration declares', async () => {
    const fresh = await openTestDatabase();
    try {
      await migrate(fresh);
      const shape = `SELECT (SELECT array_agg(conname || ' ' || pg_get_constraintdef(oid) ORDER BY conname) FROM pg_constraint WHERE conrelid = 'times'::regclass) AS keys,
                            (SELECT array_agg(indexdef ORDER BY indexname) FROM pg_indexes WHERE tablename = 'times') AS indexes`;
      expect(await db.query(shape)).toEqual(await fresh.query(shape));
    } finally {
      await fresh.close();
    }
  });
});

describe('seed --times', () => {
  it('seeds N time entries with matters following (one per 150, at least 20)', async () => {
    const small = await openTestDatabase();
    try {
      await migrate(small);
      const { counts } = await seed(small, { times: 3000 });
      expect(counts).toMatchObject({ times: 3000, tasks: 120, matters: 20 });
      const row = (await small.query<{ n: number }>('SELECT count(*)::int AS n FROM times'))[0]!;
      expect(row.n).toBe(3120);
    } finally {
      await small.close();
    }
  });
});

describe('seed: a year of billing', () => {
  const codes = async (sql: string) => new Set((await db.query<{ code: number }>(sql)).map((r) => Number(r.code)));

  it('INV-01 INV-04..10 seeds invoices in every status, acted or not, paid or not, holding the invoiced time of their project and month', async () => {
    expect(result.counts.invoices).toBeGreaterThan(100);
    expect(
      await codes('SELECT DISTINCT s.code FROM invoices i JOIN base_dictionaries s ON s.id = i.status_id'),
    ).toEqual(new Set([1, 2, 3, 4, 5, 6]));
    const states = await db.query<{ signed: boolean; paid: boolean }>('SELECT DISTINCT signed, paid FROM invoices');
    expect(states).toEqual(
      expect.arrayContaining([
        { signed: true, paid: true },
        { signed: false, paid: true },
        { signed: true, paid: false },
      ]),
    );
    // every invoiced time entry is held by a live invoice of its own project and month, and nothing else is
    const wrong = await one<{ n: number }>(
      `SELECT count(*)::int AS n FROM times t JOIN base_dictionaries b ON b.id = t.billing_status_id
         LEFT JOIN invoices i ON i.id = t.invoice_id
        WHERE (b.code = 4) <> (t.invoice_id IS NOT NULL)
           OR (i.id IS NOT NULL AND (i.project_id <> t.project_id OR to_char(i.period_gte, 'YYYY-MM') <> to_char(t.date_time, 'YYYY-MM')))`,
    );
    expect(wrong.n).toBe(0);
    const matterless = await one<{ n: number }>(
      `SELECT count(*)::int AS n FROM (SELECT DISTINCT invoice_id, matter_id FROM times WHERE invoice_id IS NOT NULL) x
        WHERE NOT EXISTS (SELECT 1 FROM invoices_matter_list l WHERE l.owner_id = x.invoice_id AND l.target_id = x.matter_id)`,
    );
    expect(matterless.n).toBe(0);
  });

  it('PAY-01 INV-06 a paid invoice received exactly its total, a partly paid one less, an unpaid one nothing', async () => {
    const rows = await db.query<{ code: number; total: string; paid: string | null }>(
      `SELECT s.code, i.total_amount::text AS total, (SELECT sum(amount)::text FROM payment_histories p WHERE p.invoice_id = i.id) AS paid
         FROM invoices i JOIN base_dictionaries s ON s.id = i.status_id WHERE i.total_amount > 0`,
    );
    expect(rows.length).toBeGreaterThan(50);
    for (const r of rows) {
      const paid = toMoney(r.paid ?? 0);
      const total = toMoney(r.total);
      if (Number(r.code) === 5) expect(paid.toFixed(2)).toBe(total.toFixed(2));
      else if (Number(r.code) === 6) expect(paid.lessThan(total)).toBe(true);
      else expect(paid.isZero()).toBe(true);
    }
  });

  it('EXP-01 PRE-01 seeds expenses billed as their month and pre-invoices in every status of their flow', async () => {
    expect(result.counts.expenses).toBeGreaterThan(100);
    expect(
      await codes('SELECT DISTINCT b.code FROM expenses e JOIN base_dictionaries b ON b.id = e.billing_status_id'),
    ).toEqual(new Set([2, 3, 4]));
    const strays = await one<{ n: number }>(
      `SELECT count(*)::int AS n FROM expenses e JOIN base_dictionaries b ON b.id = e.billing_status_id
        WHERE (b.code = 4) <> (e.invoice_id IS NOT NULL)`,
    );
    expect(strays.n).toBe(0);
    expect(
      await codes('SELECT DISTINCT s.code FROM pre_invoices p JOIN base_dictionaries s ON s.id = p.status_id'),
    ).toEqual(new Set([1, 2, 4, 5, 6]));
  });
});
