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
import type { Database } from '../db/database';
import { columnName, joinTableName, LOCK_COLUMN, SYSTEM_COLUMNS } from '../db/naming';
import { q } from './model';
import { collectionPath, scalarToWire, systemToWire } from './values';

/**
 * Turns database rows into wire objects for a projection (docs/api.md "Collections", H14): own
 * fields, references as `{ id }` or embedded objects, dictionaries as `{ id, code, gname, lname,
 * charCode }`, lists only when embedded. Related rows are loaded with one batched
 * `WHERE ... = ANY($1)` query per relation, never one per row.
 */

type Row = Record<string, unknown>;
type Db = Pick<Database, 'query'>;
/** A projection; `compact` (an embed given as a field list) returns only `id` and the fields, as docs/api.md's `{ id, gname }`. */
type Spec = Projection & { compact?: boolean };

const DICTIONARY_FIELDS = ['code', 'gname', 'lname', 'charCode'];
const MAX_DEPTH = 4;
const isList = isToMany;
/** What a `file` (or each of `files`) reads as: the stored file's id, name, content type and size. */
const FILE_SPEC: Spec = { fields: ['name', 'contentType', 'size'], compact: true };

/** The projection a request names, or the schema's default. Undefined when the name is unknown. */
export const findProjection = (schema: EntitySchema, name: string | undefined): Projection | undefined =>
  schema.projections[name ?? schema.defaultProjection];

/** What an `embed` entry means for the target: a field list or a named projection of the target. */
function subProjection(target: EntitySchema, spec: string[] | string): Spec {
  if (Array.isArray(spec)) return { fields: spec, compact: true };
  return target.projections[spec] ?? target.projections.full ?? {};
}

/** The fields a projection returns: its `fields`, or every readable non-list field; plus embedded ones. */
function selectedFields(schema: EntitySchema, projection: Projection): Array<[string, Field]> {
  const names = new Set(
    projection.fields ??
      Object.entries(schema.fields)
        .filter(([, fd]) => !isList(fd))
        .map(([n]) => n),
  );
  for (const n of Object.keys(projection.embed ?? {})) names.add(n);
  return [...names]
    .map((n) => [n, schema.fields[n]] as [string, Field | undefined])
    .filter((e): e is [string, Field] => Boolean(e[1]) && !e[1]!.writeOnly && e[1]!.type !== 'password');
}

/**
 * The SQL select list (`t0."id", t0."version", ...`) holding exactly the columns
 * {@link projectRows} reads for `projection`: system columns, the lock, and the selected fields'
 * own columns. List pages select these instead of `t0.*` (less to read, send and parse).
 */
export function projectionColumns(schema: EntitySchema, projection: Projection, alias = 't0'): string {
  const columns = new Set<string>([...Object.values(SYSTEM_COLUMNS), LOCK_COLUMN]);
  for (const [name, fd] of selectedFields(schema, projection)) if (isColumnField(fd)) columns.add(columnName(name, fd));
  return [...columns].map((c) => `${alias}.${q(c)}`).join(', ');
}

const ids = (values: unknown[]): number[] => [
  ...new Set(values.filter((v) => v !== null && v !== undefined).map(Number)),
];

/** Loads rows of `schema` by id and projects them; returns them by id. */
async function loadById(
  db: Db,
  schema: EntitySchema,
  idList: number[],
  projection: Spec,
  depth: number,
): Promise<Map<number, WireRecord>> {
  if (idList.length === 0) return new Map();
  const rows = await db.query<Row>(`SELECT * FROM ${q(schema.table)} WHERE id = ANY($1::bigint[])`, [idList]);
  const projected = await projectRows(db, schema, rows, projection, depth + 1);
  return new Map(projected.map((r) => [r.id as number, r]));
}

/** Loads the dictionary entries named by `idList` as `{ id, code, gname, lname, charCode }`. */
async function loadDictionaries(db: Db, idList: number[]): Promise<Map<number, WireRecord>> {
  return loadById(db, getSchema('baseDictionaries'), idList, { fields: DICTIONARY_FIELDS }, MAX_DEPTH).then(
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
): Promise<Map<number, WireRecord[]>> {
  const target = getSchema(fd.target!);
  const byOwner = new Map<number, WireRecord[]>();
  if (ownerIds.length === 0) return byOwner;
  let rows: Row[];
  if (fd.type === 'children' || fd.via) {
    const viaField = target.fields[fd.via!]!;
    const viaCol = columnName(fd.via!, viaField);
    rows = await db.query<Row>(
      `SELECT *, ${q(viaCol)} AS "__owner" FROM ${q(target.table)} WHERE ${q(viaCol)} = ANY($1::bigint[]) ORDER BY id`,
      [ownerIds],
    );
  } else {
    const jt = joinTableName(schema, name);
    rows = await db.query<Row>(
      `SELECT t.*, jt.owner_id AS "__owner" FROM ${q(jt)} jt JOIN ${q(target.table)} t ON t.id = jt.target_id WHERE jt.owner_id = ANY($1::bigint[]) ORDER BY t.id`,
      [ownerIds],
    );
  }
  const projected = fd.type === 'dictionaryList' ? null : await projectRows(db, target, rows, projection, depth + 1);
  const dicts = fd.type === 'dictionaryList' ? await loadDictionaries(db, ids(rows.map((r) => r.id))) : null;
  rows.forEach((r, i) => {
    const owner = Number(r.__owner);
    const item = dicts ? dicts.get(Number(r.id))! : projected![i]!;
    byOwner.set(owner, [...(byOwner.get(owner) ?? []), item]);
  });
  return byOwner;
}

/**
 * Projects database rows (`SELECT *` of the schema's table) to wire objects.
 * @param depth recursion depth of nested projections; embedding stops at {@link MAX_DEPTH}
 */
export async function projectRows(
  db: Db,
  schema: EntitySchema,
  rows: Row[],
  projection: Spec,
  depth = 0,
): Promise<WireRecord[]> {
  if (rows.length === 0) return [];
  const fields = selectedFields(schema, projection);
  const columns = new Map(fields.map(([name, fd]) => [name, columnName(name, fd)])); // once per page, not per row
  const embed = depth < MAX_DEPTH ? (projection.embed ?? {}) : {};
  const resolved = new Map<string, Map<number, WireRecord> | Map<number, WireRecord[]>>();
  const rowIds = ids(rows.map((r) => r.id));
  const dictIds: unknown[] = [];
  await Promise.all(
    fields.map(async ([name, fd]) => {
      const column = columns.get(name)!;
      const values = rows.map((r) => r[column]);
      if (fd.type === 'dictionary') {
        dictIds.push(...values);
      } else if ((fd.type === 'ref' && embed[name]) || fd.type === 'file') {
        const target = getSchema(fd.target!);
        const spec = fd.type === 'file' ? FILE_SPEC : subProjection(target, embed[name]!);
        resolved.set(name, await loadById(db, target, ids(values), spec, depth));
      } else if (isList(fd)) {
        const target = getSchema(fd.target!);
        resolved.set(
          name,
          await loadList(
            db,
            schema,
            name,
            fd,
            rowIds,
            embed[name]
              ? subProjection(target, embed[name]!)
              : target.name === STORED_FILES
                ? FILE_SPEC
                : { fields: [] },
            depth,
          ),
        );
      }
    }),
  );
  const dictionaries = await loadDictionaries(db, ids(dictIds));
  return rows.map((row) => {
    const out: WireRecord = projection.compact ? { id: Number(row.id) } : systemToWire(schema, row);
    for (const [name, fd] of fields) {
      const v = row[columns.get(name)!];
      if (fd.type === 'dictionary') out[name] = v == null ? null : (dictionaries.get(Number(v)) ?? { id: Number(v) });
      else if (fd.type === 'ref' || fd.type === 'file')
        out[name] =
          v == null
            ? null
            : ((resolved.get(name) as Map<number, WireRecord> | undefined)?.get(Number(v)) ?? { id: Number(v) });
      else if (isList(fd)) {
        const list = (resolved.get(name) as Map<number, WireRecord[]> | undefined)?.get(out.id as number) ?? [];
        out[name] =
          embed[name] || fd.type === 'dictionaryList' || fd.type === 'files' ? list : list.map((x) => ({ id: x.id }));
      } else out[name] = scalarToWire(fd, v);
    }
    out._links = { self: { href: `${collectionPath(schema)}/${out.id}` } };
    return out;
  });
}
