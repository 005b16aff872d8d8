import {
  isColumnField,
  isToMany,
  STORED_FILES,
  type EntitySchema,
  type Field,
  type Projection,
  type WireRecord,
} from '../../schemas/define';
import { getSchema } from '../../schemas/index';
import { canReadField } from '../../schemas/access';
import type { Database } from '../db/database';
import type { AuthUser } from '../auth/types';
import { columnName, joinTableName, LOCK_COLUMN, SYSTEM_COLUMNS } from '../db/naming';
import { readableCondition, accessSubject } from './access';
import { scopeCondition } from '../trash/columns';
import { computedSql, Params, q } from './model';
import { collectionPath, scalarToWire, systemToWire } from './values';

/**
 * Turns database rows into wire objects for a projection (docs/api.md "Collections", H14): own
 * fields, computed fields, references as `{ id }` or embedded objects, dictionaries as `{ id, code,
 * gname, lname, charCode }`, lists only when embedded. To-one targets the page query already
 * JOINed (columns `<field>$<column>`, `server/rest/select.ts`) are read from the row; other related
 * rows are loaded with one batched `WHERE ... = ANY($1)` query per relation, never one per row. With
 * a user, an embedded record the user may not read (entity access or `accessRule`) is `{ id }` only.
 */

type Row = Record<string, unknown>;
type Db = Pick<Database, 'query'>;
/** A projection; `compact` (an embed given as a field list) returns only `id` and the fields, as docs/api.md's `{ id, gname }`. */
type Spec = Projection & { compact?: boolean; idsOnly?: boolean };

export const DICTIONARY_FIELDS = ['code', 'gname', 'lname', 'charCode'];
const IDS_ONLY: Spec = { fields: [], idsOnly: true };
const DICTIONARY_SPEC: Spec = { fields: DICTIONARY_FIELDS };
/** Key prefix of a computed field's value in a row (`$c$votes`), apart from every column name. */
export const COMPUTED_KEY = '$c$';
const MAX_DEPTH = 4;
const isList = isToMany;
/** What a `file` (or each of `files`) reads as: the stored file's id, name, content type and size. */
const FILE_SPEC: Spec = { fields: ['name', 'contentType', 'size'], compact: true };

/** The projection a request names, or the schema's default. Undefined when the name is unknown. */
export const findProjection = (schema: EntitySchema, name: string | undefined): Projection | undefined => {
  const key = name ?? schema.defaultProjection;
  return Object.hasOwn(schema.projections, key) ? schema.projections[key] : undefined;
};

const compactMemo = new WeakMap<string[], Spec>();

/** What an `embed` entry means for the target: a field list or a named projection of the target. */
export function subProjection(target: EntitySchema, spec: string[] | string): Spec {
  if (Array.isArray(spec)) {
    let compact = compactMemo.get(spec);
    if (!compact) compactMemo.set(spec, (compact = { fields: spec, compact: true }));
    return compact;
  }
  return target.projections[spec] ?? target.projections.full ?? {};
}

/** Memo per schema (its `fields` object) and projection object, so one projection object never serves two schemas. */
function memo<T>(): {
  get(schema: EntitySchema, p: Projection): T | undefined;
  set(schema: EntitySchema, p: Projection, v: T): T;
} {
  const bySchema = new WeakMap<object, WeakMap<Projection, T>>();
  return {
    get: (schema, p) => bySchema.get(schema.fields)?.get(p),
    set: (schema, p, v) => {
      let m = bySchema.get(schema.fields);
      if (!m) bySchema.set(schema.fields, (m = new WeakMap()));
      m.set(p, v);
      return v;
    },
  };
}

const fieldsMemo = memo<Array<[string, Field]>>();

/**
 * The fields a projection returns: its `fields`, or every readable non-list field; plus embedded
 * ones. Worked out once per projection object (schemas are immutable after load).
 */
export function selectedFields(schema: EntitySchema, projection: Projection): Array<[string, Field]> {
  const known = fieldsMemo.get(schema, projection);
  if (known) return known;
  const names = new Set(
    projection.fields ??
      Object.entries(schema.fields)
        .filter(([, fd]) => !isList(fd))
        .map(([n]) => n),
  );
  for (const n of Object.keys(projection.embed ?? {})) names.add(n);
  const out = [...names]
    .map((n) => [n, schema.fields[n]] as [string, Field | undefined])
    .filter((e): e is [string, Field] => Boolean(e[1]) && !e[1]!.writeOnly && e[1]!.type !== 'password');
  return fieldsMemo.set(schema, projection, out);
}

/**
 * Of `fields`, those `user` reads (H2-05, `canReadField`): a personal field (`readModules`) is
 * left out of the record for a user without `view` on one of its modules, at every depth (an
 * employee embedded in a position reads as the public profile too). Without a user (the server's
 * own reads) every field; the same array when none is personal.
 */
export function readableFields(fields: Array<[string, Field]>, user: AuthUser | undefined): Array<[string, Field]> {
  if (!user || !fields.some(([, fd]) => fd.readModules)) return fields;
  return fields.filter(([, fd]) => canReadField(fd, user.roles, user.privileges));
}

/** The computed fields a projection returns: those its `fields` names, or all of them without a list. */
export function selectedComputed(schema: EntitySchema, projection: Projection): string[] {
  const all = Object.keys(schema.computed ?? {});
  return projection.fields ? all.filter((n) => projection.fields!.includes(n)) : all;
}

const columnsMemo = memo<string[]>();
const fieldColumnsMemo = memo<Map<string, string>>();

/** Field name -> column of the selected fields, once per projection. */
function fieldColumns(
  schema: EntitySchema,
  projection: Projection,
  fields: Array<[string, Field]>,
): Map<string, string> {
  return (
    fieldColumnsMemo.get(schema, projection) ??
    fieldColumnsMemo.set(schema, projection, new Map(fields.map(([name, fd]) => [name, columnName(name, fd)])))
  );
}

/**
 * The own columns {@link projectRows} reads for `projection`: the id and the selected fields', and
 * for a whole record (not a `compact` embed, which is `{ id, ...fields }`) the system columns and
 * the lock.
 */
function ownColumns(schema: EntitySchema, projection: Spec): string[] {
  const known = columnsMemo.get(schema, projection);
  if (known) return known;
  const set = new Set<string>(projection.compact ? ['id'] : [...Object.values(SYSTEM_COLUMNS), LOCK_COLUMN]);
  for (const [name, fd] of selectedFields(schema, projection)) if (isColumnField(fd)) set.add(columnName(name, fd));
  return columnsMemo.set(schema, projection, [...set]);
}

/**
 * The SQL select items (`t0."id"`, ... or `e1."gname" AS "client$gname"` with a `prefix`) holding
 * exactly the columns {@link projectRows} reads for `projection`: system columns, the lock, the
 * selected fields' own columns, and the selected computed fields (`ctx` binds per-user ones).
 * List pages select these instead of `t0.*` (less to read, send and parse).
 */
export function projectionColumns(
  schema: EntitySchema,
  projection: Spec,
  alias = 't0',
  prefix = '',
  ctx?: { user: AuthUser; params: Params },
): string[] {
  const out = [...ownColumns(schema, projection)].map((c) =>
    prefix ? `${alias}.${q(c)} AS ${q(prefix + c)}` : `${alias}.${q(c)}`,
  );
  for (const name of selectedComputed(schema, projection)) {
    const sqlCtx = ctx ? { user: accessSubject(ctx.user), params: ctx.params } : undefined;
    out.push(`${computedSql(schema, name, alias, sqlCtx, 'projection')} AS ${q(prefix + COMPUTED_KEY + name)}`);
  }
  return out;
}

const ids = (values: unknown[]): number[] => [
  ...new Set(values.filter((v) => v !== null && v !== undefined).map(Number)),
];

/**
 * Loads rows of `schema` by id and projects them; returns them by id. With a user, only the rows
 * the user may read (entity access and `accessRule`): the others stay `{ id }` at the caller.
 */
async function loadById(
  db: Db,
  schema: EntitySchema,
  idList: number[],
  projection: Spec,
  depth: number,
  user: AuthUser | undefined,
): Promise<Map<number, WireRecord>> {
  if (idList.length === 0) return new Map();
  const params = new Params();
  const where = [`t0.id = ANY(${params.add(idList)}::bigint[])`];
  if (user) where.push(readableCondition(schema, user, 't0', params));
  const columns = projectionColumns(schema, projection, 't0', '', user ? { user, params } : undefined);
  const rows = await db.query<Row>(
    `SELECT ${columns.join(', ')} FROM ${q(schema.table)} t0 WHERE ${where.join(' AND ')}`,
    params.values,
  );
  const projected = await projectRows(db, schema, rows, projection, depth + 1, user);
  return new Map(projected.map((r) => [r.id as number, r]));
}

/** Loads the dictionary entries named by `idList` as `{ id, code, gname, lname, charCode }`. */
async function loadDictionaries(db: Db, idList: number[]): Promise<Map<number, WireRecord>> {
  return loadById(db, getSchema('baseDictionaries'), idList, DICTIONARY_SPEC, MAX_DEPTH, undefined).then(
    (m) =>
      new Map(
        [...m].map(([id, r]) => [id, Object.fromEntries([['id', id], ...DICTIONARY_FIELDS.map((k) => [k, r[k]])])]),
      ),
  );
}

/** For list fields: owner id -> projected target rows. */
async function loadList(
  db: Db,
  schema: EntitySchema,
  name: string,
  fd: Field,
  ownerIds: number[],
  projection: Spec,
  depth: number,
  user: AuthUser | undefined,
): Promise<Map<number, WireRecord[]>> {
  const target = getSchema(fd.target!);
  const byOwner = new Map<number, WireRecord[]>();
  if (ownerIds.length === 0) return byOwner;
  const params = new Params();
  const owners = params.add(ownerIds);
  // an embedded item the user may not read is `{ id }` only; list items not embedded are `{ id }` anyway
  const visible =
    user && fd.type !== 'dictionaryList' && !projection.idsOnly ? readableCondition(target, user, 't', params) : 'TRUE';
  const computed =
    fd.type === 'dictionaryList' || projection.idsOnly
      ? []
      : projectionColumns(target, projection, 't', '', user ? { user, params } : undefined).filter((c) =>
          c.includes(COMPUTED_KEY),
        );
  const extra = [`${visible} AS "__visible"`, ...computed].join(', ');
  // a record in the trash is no item of any list (a client's contacts)
  const live = scopeCondition(target, 't');
  const andLive = live === undefined ? '' : ` AND ${live}`;
  let rows: Row[];
  if (fd.type === 'children' || fd.via) {
    const viaField = target.fields[fd.via!]!;
    const viaCol = columnName(fd.via!, viaField);
    rows = await db.query<Row>(
      `SELECT t.*, t.${q(viaCol)} AS "__owner", ${extra} FROM ${q(target.table)} t WHERE t.${q(viaCol)} = ANY(${owners}::bigint[])${andLive} ORDER BY t.id`,
      params.values,
    );
  } else {
    const jt = joinTableName(schema, name);
    rows = await db.query<Row>(
      `SELECT t.*, jt.owner_id AS "__owner", ${extra} FROM ${q(jt)} jt JOIN ${q(target.table)} t ON t.id = jt.target_id WHERE jt.owner_id = ANY(${owners}::bigint[])${andLive} ORDER BY t.id`,
      params.values,
    );
  }
  const readable = rows.filter((r) => r.__visible !== false);
  const projected =
    fd.type === 'dictionaryList' || projection.idsOnly
      ? null
      : new Map((await projectRows(db, target, readable, projection, depth + 1, user)).map((r) => [r.id as number, r]));
  const dicts = fd.type === 'dictionaryList' ? await loadDictionaries(db, ids(rows.map((r) => r.id))) : null;
  rows.forEach((r) => {
    const owner = Number(r.__owner);
    const id = Number(r.id);
    const item = dicts ? dicts.get(id)! : (projected?.get(id) ?? { id });
    byOwner.set(owner, [...(byOwner.get(owner) ?? []), item]);
  });
  return byOwner;
}

/** The rows a page query JOINed for `name` (`<name>$<column>` keys), unprefixed; null when not joined. */
function joinedRows(rows: Row[], name: string): Row[] | null {
  const prefix = `${name}$`;
  const idKey = `${prefix}id`;
  if (!Object.hasOwn(rows[0]!, idKey)) return null;
  const keys = Object.keys(rows[0]!).filter((k) => k.startsWith(prefix));
  const names = keys.map((k) => k.slice(prefix.length));
  const out: Row[] = [];
  for (const row of rows) {
    if (row[idKey] == null) continue;
    const sub: Row = {};
    for (let i = 0; i < keys.length; i++) sub[names[i]!] = row[keys[i]!];
    out.push(sub);
  }
  return out;
}

/** A dictionary entry on the wire from its row. */
function dictionaryToWire(row: Row): WireRecord {
  const dictionary = getSchema('baseDictionaries');
  const out: WireRecord = { id: Number(row.id) };
  for (const k of DICTIONARY_FIELDS)
    out[k] = scalarToWire(dictionary.fields[k]!, row[columnName(k, dictionary.fields[k]!)]);
  return out;
}

/**
 * Projects database rows (the schema's columns, `projectionColumns`) to wire objects.
 * @param depth recursion depth of nested projections; embedding stops at {@link MAX_DEPTH}
 * @param user when given, embedded records the user may not read are `{ id }` only
 */
export async function projectRows(
  db: Db,
  schema: EntitySchema,
  rows: Row[],
  projection: Spec,
  depth = 0,
  user?: AuthUser,
): Promise<WireRecord[]> {
  if (rows.length === 0) return [];
  const fields = readableFields(selectedFields(schema, projection), user);
  const computed = selectedComputed(schema, projection);
  const columns = fieldColumns(schema, projection, fields);
  const embed = depth < MAX_DEPTH ? (projection.embed ?? {}) : {};
  const resolved = new Map<string, Map<number, WireRecord> | Map<number, WireRecord[]>>();
  const rowIds = ids(rows.map((r) => r.id));
  const dictIds: unknown[] = [];
  await Promise.all(
    fields.map(async ([name, fd]) => {
      const column = columns.get(name)!;
      if (fd.type === 'dictionary') {
        const joined = joinedRows(rows, name);
        if (joined) resolved.set(name, new Map(joined.map((r) => [Number(r.id), dictionaryToWire(r)])));
        else dictIds.push(...rows.map((r) => r[column]));
      } else if ((fd.type === 'ref' && embed[name]) || fd.type === 'file') {
        const target = getSchema(fd.target!);
        const spec = fd.type === 'file' ? FILE_SPEC : subProjection(target, embed[name]!);
        const joined = fd.type === 'file' ? undefined : joinedRows(rows, name);
        const loaded = joined
          ? new Map((await projectRows(db, target, joined, spec, depth + 1, user)).map((r) => [r.id as number, r]))
          : await loadById(db, target, ids(rows.map((r) => r[column])), spec, depth, user);
        resolved.set(name, loaded);
      } else if (isList(fd)) {
        const target = getSchema(fd.target!);
        const spec: Spec = embed[name]
          ? subProjection(target, embed[name]!)
          : target.name === STORED_FILES
            ? FILE_SPEC
            : IDS_ONLY;
        resolved.set(name, await loadList(db, schema, name, fd, rowIds, spec, depth, user));
      }
    }),
  );
  const dictionaries = dictIds.length > 0 ? await loadDictionaries(db, ids(dictIds)) : new Map<number, WireRecord>();
  return rows.map((row) => {
    const out: WireRecord = projection.compact ? { id: Number(row.id) } : systemToWire(schema, row);
    for (const [name, fd] of fields) {
      const v = row[columns.get(name)!];
      if (fd.type === 'dictionary' || fd.type === 'ref' || fd.type === 'file') {
        const map =
          (resolved.get(name) as Map<number, WireRecord> | undefined) ??
          (fd.type === 'dictionary' ? dictionaries : undefined);
        out[name] = v == null ? null : (map?.get(Number(v)) ?? { id: Number(v) });
      } else if (isList(fd)) {
        const list = (resolved.get(name) as Map<number, WireRecord[]> | undefined)?.get(out.id as number) ?? [];
        out[name] =
          embed[name] || fd.type === 'dictionaryList' || fd.type === 'files' ? list : list.map((x) => ({ id: x.id }));
      } else out[name] = scalarToWire(fd, v);
    }
    for (const name of computed) out[name] = scalarToWire(schema.computed![name]! as Field, row[COMPUTED_KEY + name]);
    out._links = { self: { href: `${collectionPath(schema)}/${out.id}` } };
    return out;
  });
}
