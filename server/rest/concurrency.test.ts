import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WireRecord } from '../../schemas/define';
import { getSchema } from '../../schemas/index';
import { columnName } from '../db/naming';
import { createHarness, type Harness } from '../test/harness';
import { Samples } from '../test/samples';

/**
 * Concurrency: bursts of parallel writes through `app.inject`, on PGlite and (with DATABASE_URL)
 * on PostgreSQL. Optimistic locking must let exactly one of many writers holding the same ETag
 * through, and parallel creates must each get their own row.
 */
const N = 50;
let h: Harness;
let samples: Samples;

beforeAll(async () => {
  h = await createHarness();
  samples = new Samples(h);
});
afterAll(async () => h?.close());

const database = () => (process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite');

/** Counts the statuses of a burst, e.g. `{ 200: 1, 412: 49 }`. */
const tally = (statuses: number[]): Record<number, number> =>
  statuses.reduce<Record<number, number>>((t, s) => ({ ...t, [s]: (t[s] ?? 0) + 1 }), {});

async function countRows(table: string): Promise<number> {
  const [row] = await h.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM "${table}"`);
  return Number(row?.n);
}

/** Sends `N` requests at once; returns their responses and the burst's wall time in milliseconds. */
async function burst(
  make: (i: number) => {
    method: 'POST' | 'PUT' | 'PATCH';
    url: string;
    body: unknown;
    headers?: Record<string, string>;
  },
) {
  const started = performance.now();
  const responses = await Promise.all(
    Array.from({ length: N }, (_, i) => {
      const r = make(i);
      return h.json<WireRecord & { id: number; message?: string }>('billing', r.method, r.url, r.body, r.headers);
    }),
  );
  return { responses, ms: Math.round(performance.now() - started) };
}

/** Runs a burst of `N` writes with one ETag and checks: 1 success, N - 1 x 412, version + 1. */
async function oneEtagBurst(schemaName: string, url: string, method: 'PUT' | 'PATCH', body: (i: number) => WireRecord) {
  const before = await h.json<WireRecord & { version: number }>('billing', 'GET', url);
  expect(before.status).toBe(200);
  const etag = String(before.headers.etag);
  const { responses, ms } = await burst((i) => ({ method, url, body: body(i), headers: { 'if-match': etag } }));
  const statuses = tally(responses.map((r) => r.status));
  console.log(
    `concurrency (${database()}): ${N} parallel ${method} ${schemaName} with one ETag: ${JSON.stringify(statuses)} in ${ms} ms`,
  );
  expect(statuses).toEqual({ 200: 1, 412: N - 1 });
  for (const r of responses.filter((x) => x.status === 412)) expect(Object.keys(r.body)).toEqual(['message']);
  const winner = responses.find((r) => r.status === 200)!;
  const after = await h.json<WireRecord & { version: number }>('billing', 'GET', url);
  expect(after.body.version).toBe(before.body.version + 1);
  expect(after.headers.etag).toBe(`"${before.body.version + 1}"`);
  return { winner: winner.body, after: after.body };
}

describe('concurrency', () => {
  it(`concurrency: ${N} parallel PUTs of a client with one If-Match ETag give 1 success and ${N - 1} x 412, the version goes up by one`, async () => {
    const clients = getSchema('clients');
    const payload = await samples.payload(clients);
    const created = await h.json<{ id: number }>('billing', 'POST', '/core/api/clients', payload);
    expect(created.status).toBe(201);
    const url = `/core/api/clients/${created.body.id}`;
    const { winner, after } = await oneEtagBurst('clients', url, 'PUT', (i) => ({ ...payload, gname: `Writer ${i}` }));
    // the stored record is the winner's whole record, nothing of a loser's
    expect(after.gname).toBe(winner.gname);
    expect(String(after.gname)).toMatch(/^Writer \d+$/);
  });

  it(`concurrency: ${N} parallel PATCHes of a contact with one If-Match ETag give 1 success and ${N - 1} x 412, the version goes up by one`, async () => {
    const url = `/core/api/contacts/${h.fx.contacts.wile}`;
    const { winner, after } = await oneEtagBurst('contacts', url, 'PATCH', (i) => ({ gjobTitle: `Title ${i}` }));
    expect(after.gjobTitle).toBe(winner.gjobTitle);
    expect(after.gname).toBe('Wile Coyote');
  });

  it(`concurrency: ${N} parallel creates of a client give ${N} x 201, ${N} distinct ids and ${N} new rows`, async () => {
    const clients = getSchema('clients');
    const rowsBefore = await countRows(clients.table);
    const payload = await samples.payload(clients);
    const { responses, ms } = await burst((i) => ({
      method: 'POST',
      url: '/core/api/clients',
      body: { ...payload, gname: `Parallel client ${i}` },
    }));
    const statuses = tally(responses.map((r) => r.status));
    const ids = new Set(responses.map((r) => r.body.id));
    const rowsAfter = await countRows(clients.table);
    console.log(
      `concurrency (${database()}): ${N} parallel POST clients: ${JSON.stringify(statuses)}, ${ids.size} distinct ids,` +
        ` ${rowsAfter - rowsBefore} new rows in ${ms} ms`,
    );
    expect(statuses).toEqual({ 201: N });
    expect(ids.size).toBe(N);
    expect(rowsAfter - rowsBefore).toBe(N);
    const gname = columnName('gname', clients.fields.gname!);
    const names = await h.db.query<{ n: number }>(
      `SELECT count(DISTINCT "${gname}")::int AS n FROM "${clients.table}" WHERE "${gname}" LIKE 'Parallel client %'`,
    );
    expect(Number(names[0]?.n)).toBe(N);
  });
});
