import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  isToOne,
  servesGenericWrite,
  shapeOf,
  type EntitySchema,
  type Field,
  type WireRecord,
} from '../../schemas/define';
import { getSchema, storedSchemas } from '../../schemas/index';
import { approversEverywhere } from '../test/approvers';
import { createHarness, type Harness } from '../test/harness';
import { Samples } from '../test/samples';
import { SERVER_OWNED_MESSAGE, serverOwnedFields } from './serverOwned';
import { collectionPath } from './values';
import { columnName } from '../db/naming';

/**
 * H2-04: fields the server owns (`serverOwned`: billing statuses, invoice links, totals, `signed`,
 * `paid`, numbers, approval chains) are never written by a client. For every declared one: a
 * create or a PATCH sending another value is a 400 at the field and writes nothing; the stored
 * value sent back passes; a PUT that leaves it out keeps it.
 */
let h: Harness;
let samples: Samples;
beforeAll(async () => {
  h = await createHarness();
  await approversEverywhere(h);
  samples = new Samples(h);
});
afterAll(async () => h?.close());

type Err = { message?: string; errors?: Array<{ property: string; message: string }> };
const idOf = (v: unknown): number | undefined =>
  typeof v === 'object' && v !== null ? (v as { id?: number }).id : typeof v === 'number' ? v : undefined;

/** A value of `fd` in wire units that differs from `stored`. */
async function otherValue(fd: Field, stored: unknown): Promise<unknown> {
  if (isToOne(fd)) {
    const target = getSchema(fd.target!);
    const dict = fd.dictionary ? Object.entries(h.fx.entries).filter(([k]) => k.startsWith(`${fd.dictionary}:`)) : [];
    const ids = fd.dictionary
      ? dict.map(([, id]) => id)
      : (await h.db.query<{ id: number }>(`SELECT id FROM "${target.table}" ORDER BY id LIMIT 5`)).map((r) =>
          Number(r.id),
        );
    const initial =
      typeof fd.serverOwned === 'object' ? h.fx.entries[`${fd.dictionary}:${fd.serverOwned.initialCode}`] : undefined;
    // the refusal comes before the reference is looked up: an id no row has is another value too
    const id = ids.find((i) => i !== idOf(stored) && i !== initial) ?? 999_999_999;
    return shapeOf(fd) === 'flatId' ? id : { id };
  }
  switch (fd.type) {
    case 'boolean':
      return stored !== true;
    case 'money':
    case 'number':
    case 'percent':
      return stored === 12.5 ? 13.5 : 12.5;
    case 'date':
      return stored === '2001-02-03' ? '2001-02-04' : '2001-02-03';
    case 'dateTime':
      return '2001-02-03T04:05:06Z';
    default:
      return `${typeof stored === 'string' ? stored : ''}changed`;
  }
}

const owned = storedSchemas().flatMap((s) =>
  serverOwnedFields(s).map((name) => [`${s.name}.${name}`, s, name] as const),
);

/** The newest record of `schema` the administrator reads (every schema with an owned field has one in the fixture or gets one). */
async function aRecord(schema: EntitySchema): Promise<WireRecord> {
  const path = collectionPath(schema);
  const list = await h.json<{ _embedded: Record<string, WireRecord[]> }>('admin', 'GET', `${path}?size=1&sort=id,desc`);
  let record = list.body._embedded?.[schema.name]?.[0];
  if (!record) {
    const made = await h.json<WireRecord>('admin', 'POST', path, await samples.payload(schema));
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    record = made.body;
  }
  return (await h.json<WireRecord>('admin', 'GET', `${path}/${String(record.id)}`)).body;
}

/** The parent whose nested list writes `child` (`budgets.budgetPayerList` for budget payers). */
function parentOf(child: EntitySchema): { schema: EntitySchema; field: string; via: string } {
  for (const s of storedSchemas())
    for (const [field, fd] of Object.entries(s.fields))
      if (shapeOf(fd) === 'children' && fd.target === child.name && fd.via) return { schema: s, field, via: fd.via };
  throw new Error(`no parent writes ${child.name}`);
}

describe('H2-04 server-owned fields', () => {
  it('H2-04 the declared server-owned fields include billing status, invoice links, totals, signed and paid', () => {
    const names = new Set<string>(owned.map(([n]) => n));
    for (const n of [
      'times.billingStatus',
      'times.invoice',
      'expenses.invoice',
      'preInvoices.invoice',
      'invoices.totalAmount',
      'invoices.totalAmountUsd',
      'invoices.signed',
      'invoices.paid',
      'preInvoices.signed',
      'preInvoices.balance',
    ])
      expect(names.has(n), n).toBe(true);
    // a bulk change may not offer one either
    for (const s of storedSchemas())
      for (const f of s.bulk?.fields ?? []) expect(serverOwnedFields(s), `${s.name}.bulk.fields`).not.toContain(f);
  });

  it.each(owned)(
    'H2-04 %s: a PATCH changing it is 400 at the field and writes nothing; sent back unchanged it passes',
    async (_n, schema, name) => {
      const fd = schema.fields[name]!;
      // an entity written only nested in its parent (budget payers) is changed through the parent
      const parent = servesGenericWrite(schema, 'update') ? undefined : parentOf(schema);
      let path = collectionPath(schema);
      let record: WireRecord;
      let body: (value: unknown) => WireRecord;
      let property = name;
      if (parent) {
        const [row] = await h.db.query<Record<string, unknown>>(
          `SELECT ${columnName(parent.via, schema.fields[parent.via]!)} AS owner FROM "${schema.table}" ORDER BY id LIMIT 1`,
        );
        expect(row, `a stored ${schema.name}`).toBeDefined();
        path = collectionPath(parent.schema);
        record = (await h.json<WireRecord>('admin', 'GET', `${path}/${String(row!.owner)}`)).body;
        const list = record[parent.field] as WireRecord[];
        body = (value) => ({ [parent.field]: list.map((c, i) => (i === 0 ? { ...c, [name]: value } : c)) });
        property = `${parent.field}[0].${name}`;
        record = { ...record, [name]: list[0]![name] };
      } else {
        record = await aRecord(schema);
        body = (value) => ({ [name]: value });
      }
      const changed = await h.json<Err>(
        'admin',
        'PATCH',
        `${path}/${String(record.id)}`,
        body(await otherValue(fd, record[name])),
      );
      expect(changed.status, JSON.stringify(changed.body)).toBe(400);
      expect(changed.body.errors).toContainEqual(expect.objectContaining({ property, message: SERVER_OWNED_MESSAGE }));
      const after = (await h.json<WireRecord>('admin', 'GET', `${path}/${String(record.id)}`)).body;
      expect(after.version).toBe(record.version);
      const back = await h.json<Err>('admin', 'PATCH', `${path}/${String(record.id)}`, body(record[name]));
      expect(back.body.errors?.filter((e) => e.property === property) ?? [], JSON.stringify(back.body)).toEqual([]);
    },
  );

  it.each(owned.filter(([, s]) => servesGenericWrite(s, 'create')))(
    'H2-04 %s: a create sending another value than a new record starts with is 400 at the field, nothing written',
    async (_n, schema, name) => {
      const count = async () =>
        Number((await h.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM "${schema.table}"`))[0]!.n);
      const before = await count();
      const fd = schema.fields[name]!;
      const start = fd.default === undefined ? null : fd.default;
      const r = await h.json<Err>('admin', 'POST', collectionPath(schema), {
        ...(await samples.payload(schema)),
        [name]: await otherValue(fd, start),
      });
      expect(r.status, JSON.stringify(r.body)).toBe(400);
      expect(r.body.errors).toContainEqual(expect.objectContaining({ property: name, message: SERVER_OWNED_MESSAGE }));
      expect(await count()).toBe(before);
    },
  );

  it('H2-04 a lawyer cannot set a time entry Invoiced by hand: create and PATCH are 400; Unbilled on create and a PUT without it pass', async () => {
    const entry = (extra: WireRecord = {}) => ({
      dateTime: '2026-11-05T09:00:00Z',
      workType: { id: h.fx.dict('WORK_TYPE', 1) },
      matter: { id: h.fx.matters.acmeMatter },
      workDescription: 'Review',
      duration: 3_600_000,
      ...extra,
    });
    const invoiced = { id: h.fx.dict('BILLING_STATUS', 4) };
    const refused = await h.json<Err>('lawyer', 'POST', '/core/api/times', entry({ billingStatus: invoiced }));
    expect(refused.status).toBe(400);
    expect(refused.body.errors?.map((e) => e.property)).toEqual(['billingStatus']);
    const made = await h.json<WireRecord & { id: number }>(
      'lawyer',
      'POST',
      '/core/api/times',
      entry({ billingStatus: { id: h.fx.dict('BILLING_STATUS', 2) } }),
    );
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const patched = await h.json<Err>('lawyer', 'PATCH', `/core/api/times/${made.body.id}`, {
      billingStatus: invoiced,
    });
    expect(patched.status).toBe(400);
    expect(patched.body.errors?.[0]).toMatchObject({ property: 'billingStatus', message: SERVER_OWNED_MESSAGE });
    const { billingStatus: _left, ...rest } = made.body;
    const put = await h.json<WireRecord>('lawyer', 'PUT', `/core/api/times/${made.body.id}`, {
      ...rest,
      workDescription: 'Review, then a call',
    });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    expect(put.body.billingStatus).toMatchObject({ code: 2 });
  });
});
