import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { parse } from 'lossless-json';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defineEntity, f } from '../../schemas/define';
import { registerSchema } from '../../schemas/index';
import { sumExact, toMoney } from '../../schemas/money';
import { generateMigrationFiles } from '../db/generate';
import { MIGRATIONS_DIR } from '../db/migrate';
import { registerServer } from '../areas';
import { defineServer } from '../define';
import { createHarness, type Harness } from '../test/harness';

/**
 * Totals equal the sum of rows at any filter: a throwaway entity with a money field and a
 * `totalAmount` GET collection action on `list.aggregate` (as budgets and billing declare theirs).
 * For random filters (ranges on the money and date fields, equality on a boolean) the action's
 * total equals the exact Decimal sum of every row the list returns for the same query string.
 * Amounts reach 10^12 with 4 decimals, so a sum through a float would lose digits. PGlite is slow:
 * 150 filters (`MONEY_AGG_RUNS`), each one total and every page of the list.
 */
const RUNS = Number(process.env.MONEY_AGG_RUNS ?? 150);

const moneyRows = defineEntity({
  name: 'moneyRows',
  entityName: 'MoneyRow',
  label: 'Money rows',
  area: 'crm',
  icon: 'Description',
  module: 'client',
  fields: {
    gname: f.text({ required: true, label: 'Name' }),
    amount: f.money(),
    day: f.date(),
    flag: f.boolean({ default: false }),
  },
  actions: {
    totalAmount: {
      level: 'collection',
      methods: ['GET'],
      summary: 'Total amount of the rows the list returns for the same filters',
      access: { privilege: 'view' },
    },
  },
  recordRepresentation: 'gname',
});

/** The body of the action above, in the entity's server room. */
const moneyRowsServer = defineServer(moneyRows, {
  actions: { totalAmount: async ({ list }) => list.aggregate({ totalAmount: { sum: 'amount' }, n: { count: true } }) },
});

/** Reads a reply keeping every number as its decimal text (JSON.parse would round big money). */
const exactJson = <T>(text: string): T => parse(text, null, (s: string) => s) as T;

/** A money value from -10^12 to 10^12 with 4 decimals, as text. */
const amountText = fc
  .bigInt({ min: -(10n ** 16n), max: 10n ** 16n })
  .map((u) => toMoney(u.toString()).div(10_000).toFixed(4));
const dayText = fc
  .integer({ min: 0, max: 365 })
  .map((d) => new Date(Date.UTC(2026, 0, 1 + d)).toISOString().slice(0, 10));

let h: Harness;
let dir: string;
const rows = fc.sample(fc.record({ amount: fc.option(amountText, { freq: 8 }), day: dayText, flag: fc.boolean() }), {
  numRuns: 60,
  seed: 42,
});

let removeServer: (() => void) | undefined;
beforeAll(async () => {
  registerSchema(moneyRows);
  removeServer = registerServer(moneyRowsServer);
  dir = mkdtempSync(join(tmpdir(), 'bureau-money-rows-'));
  cpSync(MIGRATIONS_DIR, dir, { recursive: true });
  await generateMigrationFiles(dir, 'money_rows');
  h = await createHarness({}, { migrationsDir: dir });
  for (const [i, r] of rows.entries()) {
    const res = await h.request('admin', 'POST', '/core/api/moneyRows', { gname: `row ${i}`, ...r });
    expect(res.statusCode, res.payload).toBe(201);
  }
}, 300_000);
afterAll(async () => {
  removeServer?.();
  await h?.close();
  rmSync(dir, { recursive: true, force: true });
});

/** Every row the list returns for `query`, page by page. */
async function listAll(query: string): Promise<Array<{ amount: string | null }>> {
  const out: Array<{ amount: string | null }> = [];
  for (let page = 0; ; page++) {
    const res = await h.request('admin', 'GET', `/core/api/moneyRows?${query}&size=25&page=${page}&sort=id,asc`);
    expect(res.statusCode, res.payload).toBe(200);
    const body = exactJson<{
      _embedded?: { moneyRows?: Array<{ amount: string | null }> };
      page: { totalPages: string };
    }>(res.payload);
    out.push(...(body._embedded?.moneyRows ?? []));
    if (page + 1 >= Number(body.page.totalPages)) return out;
  }
}

const filters = fc.record(
  {
    'amount.gte': amountText,
    'amount.lte': amountText,
    'day.gte': dayText,
    'day.lte': dayText,
    flag: fc.boolean().map(String),
  },
  { requiredKeys: [] },
);

describe('MONEY totals over the list filters', () => {
  it('MONEY totals equal the exact sum of the rows the list returns, at any filter', async () => {
    await fc.assert(
      fc.asyncProperty(filters, async (filter) => {
        const query = new URLSearchParams(filter).toString();
        const res = await h.request('admin', 'GET', `/core/api/moneyRows/totalAmount?${query}`);
        expect(res.statusCode, res.payload).toBe(200);
        const total = exactJson<{ totalAmount: string; n: string }>(res.payload);
        const listed = await listAll(query);
        expect(Number(total.n)).toBe(listed.length);
        expect(toMoney(total.totalAmount).eq(sumExact(listed.map((r) => r.amount)))).toBe(true);
      }),
      { numRuns: RUNS },
    );
  }, 600_000);

  it('MONEY the unfiltered total is the exact sum of the rows inserted, digits a float would lose', async () => {
    const res = await h.request('admin', 'GET', '/core/api/moneyRows/totalAmount');
    const expected = sumExact(rows.map((r) => r.amount));
    expect(toMoney(exactJson<{ totalAmount: string }>(res.payload).totalAmount).toFixed(4)).toBe(expected.toFixed(4));
    // the same sum through floats is not exact: the test would catch a float8 sum
    // eslint-disable-next-line money/no-float-money -- the float sum is the point of comparison
    const floatSum = rows.reduce((s, r) => s + Number(r.amount ?? 0), 0);
    expect(toMoney(floatSum).toFixed(4)).not.toBe(expected.toFixed(4));
  });
});
