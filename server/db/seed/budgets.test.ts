import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toMoney } from '../../../schemas/money';
import type { Database } from '../database';
import { seededDemoDatabase } from '../../test/database';
import type { SeedResult } from './index';

/** One seed of the whole demo firm: about a minute alone, more on a loaded machine (hooks default to 120 s). */
const SEED_TIMEOUT = 300_000;

/** The demo budgets and debts (`budgets.ts`) as the API would accept and show them. */
describe('demo budgets and debts', () => {
  let db: Database;
  let result: SeedResult;
  beforeAll(async () => {
    ({ db, result } = await seededDemoDatabase());
  }, SEED_TIMEOUT);
  afterAll(() => db?.close());

  it('BUD-09 every demo budget has payers whose shares add up to exactly 100 %', async () => {
    expect(result.counts.budgets).toBe(24);
    const rows = await db.query<{ total: string; n: number }>(
      'SELECT sum(percentage)::text AS total, count(*)::int AS n FROM budget_payers GROUP BY budget_id',
    );
    expect(rows).toHaveLength(24);
    expect(rows.every((r) => toMoney(r.total).eq(1) && r.n >= 1)).toBe(true);
  });

  it('BUD-05 BUD-06 BUD-07 demo payers carry only the fields of their type; chains are pending, approved and rejected', async () => {
    const wrong = await db.query(
      `SELECT p.id FROM budget_payers p JOIN base_dictionaries d ON d.id = p.payer_type_id
       WHERE (d.code = 3 AND (p.payer_position_id IS NULL OR p.payer_office_id IS NULL OR p.payer_department_id IS NOT NULL))
          OR (d.code = 2 AND (p.payer_department_id IS NULL OR p.payer_office_id IS NOT NULL OR p.payer_position_id IS NOT NULL))
          OR (d.code = 1 AND (p.payer_office_id IS NULL OR p.payer_department_id IS NOT NULL OR p.payer_position_id IS NOT NULL))`,
    );
    expect(wrong).toEqual([]);
    const states = await db.query<{ code: number }>(
      `SELECT DISTINCT d.code FROM budgets b JOIN verification_chains c ON c.id = b.verification_chain_id
       JOIN base_dictionaries d ON d.id = c.decision_id ORDER BY d.code`,
    );
    expect(states.map((s) => Number(s.code))).toEqual([1, 2, 3]);
  });

  it('OFF-45 the debts entered for the demo budgets are for the month before the reference date, with creditors and details', async () => {
    const rows = await db.query<{ gte: string; creditors: number; details: number }>(
      `SELECT p.report_date_gte::text AS gte,
              (SELECT count(*)::int FROM cashbox_office_debt_creditors c WHERE c.cashbox_office_debt_id = d.id) AS creditors,
              (SELECT count(*)::int FROM cashbox_office_debt_details x WHERE x.cashbox_office_debt_id = d.id) AS details
       FROM cashbox_office_debts d JOIN cashbox_periods p ON p.id = d.cashbox_period_id
       -- the debts entered for budgets (OFF-43); the cashbox months the seed calculates make their own
       WHERE d.budget_id IS NOT NULL`,
    );
    expect(rows.length).toBeGreaterThanOrEqual(2);
    expect(rows.every((r) => r.gte === '2026-10-01' && r.creditors > 0 && r.details === r.creditors * 2)).toBe(true);
  });
});
