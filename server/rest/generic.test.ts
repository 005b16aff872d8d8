import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EntitySchema, Field, WireRecord } from '../../schemas/define';
import { dictionaryCode } from '../../schemas/dictionaries';
import { getSchema, storedSchemas } from '../../schemas/index';
import type { Database } from '../db/database';
import { createHarness, type Harness } from '../test/harness';
import { specToQuery } from './query';
import { collectionPath } from './values';

/**
 * The generic suite (STYLE.md point 7): every stored schema of the registry is listed, read,
 * created from a sample built from its fields, updated, deleted, and refused to a user without
 * the privilege, so a new entity is tested the moment it is declared.
 */
let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => h?.close());

let counter = 0;
const unique = () => `${Date.now().toString(36).slice(-4)}${++counter}`;

/** A string of at most `max` characters matching the field's pattern when it has one. */
function sampleText(fd: Field, name: string): string {
  const max = fd.maxLength ?? (fd.type === 'longText' ? 1000 : 255);
  const tail = fd.unique ? unique() : '';
  const candidates = fd.pattern ? ['QQQ', 'QZ', 'Q', 'Q1', '1', 'q', 'sample'] : [`Sample ${name} ${tail}`.trim()];
  const pick = (s: string) => (s.length > max ? s.slice(s.length - max) : s);
  const ok = candidates
    .map(pick)
    .find((s) => (!fd.pattern || new RegExp(fd.pattern).test(s)) && s.length >= (fd.minLength ?? 0));
  if (!ok) throw new Error(`no sample text for ${name} (pattern ${fd.pattern})`);
  return ok;
}

async function firstId(db: Database, target: EntitySchema, dictionary?: string): Promise<number> {
  const rows = dictionary
    ? await db.query<{ id: number }>(
        'SELECT d.id FROM base_dictionaries d JOIN base_dictionary_types t ON t.id = d.type_id WHERE t.code = $1 ORDER BY d.id LIMIT 1',
        [dictionaryCode(dictionary)],
      )
    : await db.query<{ id: number }>(`SELECT id FROM "${target.table}" ORDER BY id LIMIT 1`);
  if (!rows[0]) throw new Error(`the fixture has no ${dictionary ?? target.name} row to reference`);
  return Number(rows[0].id);
}

/**
 * The first row a to-one field's pick list offers (undefined when none and the field is optional) (its `filter` ANDed with the target's
 * `pickListFilter`, which the server enforces on write), through the list API.
 */
async function firstAllowedId(name: string, fd: Field): Promise<number | undefined> {
  const target = getSchema(fd.target!);
  const query = new URLSearchParams({ sort: 'id,asc', size: '1' });
  for (const spec of [fd.filter, target.pickListFilter])
    for (const [k, v] of Object.entries(specToQuery(spec ?? {}))) query.append(k, String(v));
  const res = await h.json<{ _embedded: Record<string, Array<{ id: number }>> }>(
    'admin',
    'GET',
    `${collectionPath(target)}?${query.toString()}`,
  );
  const id = res.body._embedded?.[target.name]?.[0]?.id;
  // an optional reference with nothing to offer is left out, as a user would leave the dropdown empty
  if (id === undefined && fd.required)
    throw new Error(`the fixture has no ${target.name} row ${name} may reference (${query})`);
  return id;
}

/** A sample value of a field in wire units; undefined to leave it out. */
async function sampleValue(db: Database, name: string, fd: Field): Promise<unknown> {
  switch (fd.type) {
    case 'text':
    case 'longText':
    case 'password':
      return sampleText(fd, name);
    case 'email':
      return `sample${unique()}@example.test`;
    case 'phone':
      return '+7 700 000 00 00';
    case 'url':
      return 'https://example.test/sample';
    case 'enum':
      return fd.values?.[fd.values.length - 1];
    case 'number':
    case 'durationMs': {
      const base = fd.unique ? 9000 + counter++ : 1;
      return Math.min(Math.max(base, fd.min ?? base), fd.max ?? base);
    }
    case 'money':
      return '12.3400';
    case 'percent':
      return 0.25;
    case 'boolean':
      return true;
    case 'date':
      return '2026-03-31';
    case 'month':
      return '2026-03-01';
    case 'dateTime':
      return '2026-03-31T10:00:00.000Z';
    case 'ref': {
      const id = await firstAllowedId(name, fd);
      return id === undefined ? undefined : { id };
    }
    case 'refId':
      return firstAllowedId(name, fd);
    case 'dictionary':
      return { id: await firstId(db, getSchema('baseDictionaries'), fd.dictionary) };
    case 'refList':
      return fd.via ? undefined : [{ id: await firstId(db, getSchema(fd.target!)) }];
    case 'dictionaryList':
      return [{ id: await firstId(db, getSchema('baseDictionaries'), fd.dictionary) }];
    case 'embedded':
      return Object.fromEntries(
        await Promise.all(Object.entries(fd.fields ?? {}).map(async ([k, f]) => [k, await sampleValue(db, k, f)])),
      );
    case 'embeddedList':
      return [
        Object.fromEntries(
          await Promise.all(Object.entries(fd.fields ?? {}).map(async ([k, f]) => [k, await sampleValue(db, k, f)])),
        ),
      ];
    default:
      return undefined;
  }
}

/** A create payload with every writable field set (nested children left empty). */
async function samplePayload(schema: EntitySchema): Promise<WireRecord> {
  const out: WireRecord = {};
  for (const [name, fd] of Object.entries(schema.fields)) {
    if (fd.readOnly || fd.type === 'children') continue;
    const v = await sampleValue(h.db, name, fd);
    if (v !== undefined) out[name] = v;
  }
  return out;
}

/** A filter value for a declared list filter, by the type of the field it filters on. */
function filterValue(schema: EntitySchema, source: string, field?: string): string {
  if (source === 'search') return 'a';
  const fd = schema.fields[field ?? source.split('.')[0]!];
  const one = !fd
    ? '1'
    : fd.type === 'boolean'
      ? 'true'
      : ['text', 'longText', 'email', 'url', 'phone'].includes(fd.type) && !source.includes('.')
        ? 'a'
        : '1';
  return source.endsWith('.in') || source.endsWith('.nin') ? `${one},2` : one;
}

const writableScalar = (schema: EntitySchema): string | undefined =>
  Object.entries(schema.fields).find(
    ([, fd]) => !fd.readOnly && !fd.unique && !fd.pattern && (fd.type === 'text' || fd.type === 'longText'),
  )?.[0];

describe.each(storedSchemas().map((s) => [s.name, s] as const))('%s', (_name, schema) => {
  const path = collectionPath(schema);

  it('lists with every projection, every declared list filter and column sort (to-many columns are not sortable)', async () => {
    const r = await h.json<{ _embedded: Record<string, unknown[]> }>('admin', 'GET', `${path}?size=5`);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(Array.isArray(r.body._embedded[schema.name])).toBe(true);
    for (const p of Object.keys(schema.projections))
      expect((await h.request('admin', 'GET', `${path}?size=5&projection=${p}`)).statusCode, p).toBe(200);
    for (const f of schema.list?.filters ?? []) {
      const url = `${path}?${encodeURIComponent(f.source)}=${encodeURIComponent(filterValue(schema, f.source, f.field))}`;
      expect((await h.request('admin', 'GET', url)).statusCode, url).toBe(200);
    }
    const sortable = (c: string) =>
      !['refList', 'dictionaryList', 'children', 'embeddedList'].includes(schema.fields[c.split('.')[0]!]?.type ?? '');
    for (const c of (schema.list?.columns ?? []).filter(sortable))
      expect((await h.request('admin', 'GET', `${path}?sort=${c},desc`)).statusCode, c).toBe(200);
  });

  it('creates from a sample, reads, updates and deletes', async () => {
    const payload = await samplePayload(schema);
    const created = await h.json<WireRecord & { id: number }>('admin', 'POST', path, payload);
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const id = created.body.id;
    for (const [k, v] of Object.entries(payload)) {
      const fd = schema.fields[k]!;
      if (['text', 'longText', 'email', 'url', 'phone', 'boolean', 'enum', 'date', 'percent'].includes(fd.type))
        expect(created.body[k], k).toEqual(v);
      if (fd.writeOnly) expect(created.body).not.toHaveProperty(k);
    }
    const got = await h.json<WireRecord>('admin', 'GET', `${path}/${id}`);
    expect(got.status).toBe(200);
    expect(got.headers.etag).toBe(`"${got.body[schema.lockProperty]}"`);
    const field = writableScalar(schema);
    const change = field ? { [field]: 'Changed' } : {};
    const patched = await h.json<WireRecord>('admin', 'PATCH', `${path}/${id}`, change, {
      'if-match': `"${got.body[schema.lockProperty]}"`,
    });
    expect(patched.status, JSON.stringify(patched.body)).toBe(200);
    expect(patched.body[schema.lockProperty]).toBe(Number(got.body[schema.lockProperty]) + 1);
    if (field) expect(patched.body[field]).toBe('Changed');
    expect((await h.request('admin', 'DELETE', `${path}/${id}`)).statusCode).toBe(204);
    expect((await h.request('admin', 'GET', `${path}/${id}`)).statusCode).toBe(404);
  });

  it('refuses a user without the privilege (403) and an anonymous caller (401)', async () => {
    const payload = await samplePayload(schema);
    expect((await h.request('member', 'POST', path, payload)).statusCode).toBe(403);
    expect((await h.request(null, 'GET', path)).statusCode).toBe(401);
  });
});
