import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rule } from '../../schemas/accessRule';
import { contacts, expenses, times } from '../../schemas/index';
import { loadUser } from '../auth/users';
import { buildOpenApi } from '../openapi/document';
import { createHarness, type Harness } from '../test/harness';
import { aggregateGroups, aggregateRecords, listRecords } from './service';

/**
 * `aggregateRecords` (what a GET collection action's `list.aggregate` runs): sums and counts over
 * exactly the rows the list returns for the same query and user, and the OpenAPI form of a GET
 * action (the list's filters as query parameters, no body).
 */
let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => h?.close());

describe('aggregates over the list', () => {
  it('aggregate: sums and counts follow the filters, the search and the access rule', async () => {
    const billing = (await loadUser(h.db, 'billing'))!.user;
    const query = { 'client.id': String(h.fx.clients.acme) };
    const all = await aggregateRecords(h.db, contacts, billing, query, { n: { count: true } });
    const page = await listRecords(h.db, contacts, billing, { ...query, size: '100' });
    expect(all.n).toBe(page.page.totalElements);
    const ruled = { ...contacts, accessRule: () => rule.ne('gname', 'Wile Coyote') };
    const fewer = await aggregateRecords(h.db, ruled, billing, query, { n: { count: true } });
    expect(fewer.n).toBe(all.n! - 1);
    const admin = (await loadUser(h.db, 'admin'))!.user;
    const none = await aggregateRecords(h.db, times, admin, { search: 'no such words' }, { d: { sum: 'duration' } });
    expect(none).toEqual({ d: 0 });
  });

  it('aggregate: a sum over a path that is not a number, or an unknown one, is a 400', async () => {
    const admin = (await loadUser(h.db, 'admin'))!.user;
    await expect(aggregateRecords(h.db, times, admin, {}, { d: { sum: 'workDescription' } })).rejects.toMatchObject({
      statusCode: 400,
    });
    await expect(aggregateRecords(h.db, times, admin, {}, { d: { sum: 'nothing' } })).rejects.toMatchObject({
      statusCode: 400,
    });
  });

  it('MC-4 aggregate groups: sums per currency over exactly the listed rows, ordered by the group paths', async () => {
    const admin = (await loadUser(h.db, 'admin'))!.user;
    const groups = await aggregateGroups(h.db, expenses, admin, {}, { amount: { sum: 'amount' }, n: { count: true } }, [
      'currency.code',
      'currency.id',
    ]);
    const all = await aggregateRecords(h.db, expenses, admin, {}, { amount: { sum: 'amount' }, n: { count: true } });
    const codes = groups.map((g) => g.group['currency.code']);
    expect(codes).toEqual([...codes].sort());
    expect(new Set(codes).size).toBe(codes.length);
    expect(groups.reduce((n, g) => n + g.values.n, 0)).toBe(all.n);
    for (const g of groups) {
      const one = await aggregateRecords(
        h.db,
        expenses,
        admin,
        { 'currency.id': String(g.group['currency.id']) },
        {
          amount: { sum: 'amount' },
        },
      );
      expect(String(g.values.amount)).toBe(String(one.amount));
    }
    await expect(
      aggregateGroups(h.db, expenses, admin, {}, { n: { count: true } }, ['nothing.code']),
    ).rejects.toMatchObject({ statusCode: 400 });
  });

  it('aggregate: a GET action is documented with the list filters as query parameters and no body', () => {
    const doc = buildOpenApi() as { paths: Record<string, Record<string, Record<string, unknown>>> };
    const op = doc.paths['/core/api/times/totalDuration']!.get!;
    expect(op.requestBody).toBeUndefined();
    const names = (op.parameters as Array<{ name: string }>).map((p) => p.name);
    expect(names).toEqual(expect.arrayContaining(['search', 'matter.id', 'workType.code']));
    expect(doc.paths['/core/api/excel/generate/time']!.post).toBeDefined();
  });
});
