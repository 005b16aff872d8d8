/**
 * Test helper: records generated from a schema, one sample value per field type (wire units), so
 * the generic view test covers an entity the moment it is registered. References are embedded
 * objects carrying their target's representation fields.
 */
import { listDefaultFilter, type EntitySchema, type Field, type WireRecord } from '../../schemas/define';
import { readableField, targetRepresentation } from './schemaUtils';

/** A text that passes the field's length and pattern rules. */
function sampleText(name: string, fd: Field, seed: number): string {
  if (fd.pattern) {
    const fits = ['ABC', 'abc', 'A1', '12', 'abc@example.kz'].find((c) => new RegExp(fd.pattern!).test(c));
    if (!fits) throw new Error(`no sample text matches ${fd.pattern} (${name}); add one here`);
    return fits;
  }
  const text = `${name} ${seed}`;
  const max = fd.maxLength ?? 255;
  return text.length > max ? text.slice(0, max) : text.padEnd(fd.minLength ?? 0, 'x');
}

/** A to-one reference as a projection embeds it: the id and the target's representation fields. */
function sampleReference(fd: Field, id: number): WireRecord {
  const template = targetRepresentation(fd) ?? 'gname';
  const paths = template.includes('%{') ? [...template.matchAll(/%\{([^}]+)\}/g)].map((m) => m[1]!.trim()) : [template];
  const out: WireRecord = { id };
  for (const path of paths) out[path.split('.')[0]!] = `${fd.target ?? fd.dictionary ?? 'ref'} ${id}`;
  return out;
}

/** A sample value of a field, by its type (wire units). */
export function sampleValue(name: string, fd: Field, seed: number): unknown {
  switch (fd.type) {
    case 'text':
    case 'longText':
    case 'password':
      return sampleText(name, fd, seed);
    case 'email':
      return `${name.toLowerCase()}${seed}@example.test`;
    case 'phone':
      return `+7 701 000 00 0${seed}`;
    case 'url':
      return `https://example.test/${seed}`;
    case 'number':
      return Math.max(fd.min ?? 0, Math.min(fd.max ?? 1000 + seed, 1000 + seed));
    case 'money':
      return 1250.5 + seed;
    case 'percent':
      return 0.12;
    case 'durationMs':
      return 900000;
    case 'boolean':
      return true;
    case 'date':
      return `2026-03-${String(10 + seed)}`;
    case 'month':
      return '2026-03-01';
    case 'dateTime':
      return `2026-03-${String(10 + seed)}T10:00:00.000Z`;
    case 'enum':
      return fd.values?.[0];
    case 'ref':
    case 'dictionary':
      return sampleReference(fd, seed);
    case 'refId':
      return seed;
    case 'refList':
    case 'dictionaryList':
      return [sampleReference(fd, 1), sampleReference(fd, 2)];
    case 'embedded':
      return Object.fromEntries(Object.entries(fd.fields ?? {}).map(([n, sub]) => [n, sampleValue(n, sub, seed)]));
    case 'embeddedList':
      return [sampleValue(name, { ...fd, type: 'embedded' }, seed)];
    case 'children':
      return [];
    case 'file':
      return { id: seed, name: `file-${seed}.pdf`, contentType: 'application/pdf', size: 1234 };
    case 'files':
      return [{ id: seed, name: `file-${seed}.pdf`, contentType: 'application/pdf', size: 1234 }];
  }
}

/** A record of `schema` with every readable field filled. */
export function sampleRecord(schema: EntitySchema, id: number): WireRecord {
  const record: WireRecord = {
    id,
    [schema.lockProperty]: 1,
    createdDate: '2026-01-01T00:00:00Z',
    lastModifiedDate: `2026-01-0${id}T00:00:00Z`,
    createdBy: 'admin',
    lastModifiedBy: 'admin',
  };
  for (const [name, fd] of Object.entries(schema.fields)) if (!fd.writeOnly) record[name] = sampleValue(name, fd, id);
  // computed properties arrive with every read, like fields
  for (const name of Object.keys(schema.computed ?? {}))
    record[name] = sampleValue(name, readableField(schema, name)!, id);
  // a list's plain default and fixed filters (`waitingForMe: true` over a computed property, the
  // time list's `workType.code: 1`) hold for the samples
  for (const [key, value] of Object.entries({ ...listDefaultFilter(schema), ...schema.list?.fixedFilter }))
    if (!key.includes('.')) {
      if (!(key in record)) record[key] = value;
    } else {
      // `status.code: 1` over a dictionary entry: the entry's own property holds it
      const [head, prop, op] = key.split('.');
      const entry = record[head!];
      if (op === undefined && entry && typeof entry === 'object' && !Array.isArray(entry))
        record[head!] = { ...entry, [prop!]: value };
    }
  return record;
}

/** Two records of every schema, by route (the fake data provider's data). */
export function sampleData(schemas: readonly EntitySchema[]): Record<string, WireRecord[]> {
  const data: Record<string, WireRecord[]> = {};
  for (const s of schemas) data[s.route] = [sampleRecord(s, 1), sampleRecord(s, 2)];
  return data;
}
