import type { EntitySchema } from '../../schemas/define';
import { isColumnField } from '../../schemas/define';
import type { Database } from '../db/database';
import { columnName } from '../db/naming';
import { q } from '../rest/model';
import type { HistoryChange } from './tables';
import { columnToWire } from './wire';

/**
 * Writing the record history (`record_history`, `tables.ts`): the write functions of
 * `server/rest/write.ts` and `children.ts` call these with the rows as stored before the write;
 * the rows after it are read back here, so what is recorded is what was stored (defaults,
 * `autoNumber`, payload rules and hook changes included). Everything runs in the write's
 * transaction.
 */

type Tx = Pick<Database, 'query'>;
type Row = Record<string, unknown>;

/**
 * What a write did to a record; `restore` (brought back from the trash) and `purge` (removed from
 * the trash for good) are written by `server/trash/`.
 */
export type HistoryAction = 'create' | 'update' | 'delete' | 'restore' | 'purge';

/** Join-table lists of one record: field name -> target ids. */
export type LinkLists = Record<string, number[]>;

const sameJson = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);

/**
 * The fields that differ between `before` and `after` (undefined = no row: a create or a
 * delete), in wire units. Join-table lists are compared for the fields `linksAfter` holds (a
 * write that did not send a list leaves it as it was), against `linksBefore` (empty when absent).
 */
export function changesOf(
  schema: EntitySchema,
  before: Row | undefined,
  after: Row | undefined,
  linksBefore: LinkLists = {},
  linksAfter: LinkLists = {},
): HistoryChange[] {
  const out: HistoryChange[] = [];
  for (const [field, fd] of Object.entries(schema.fields)) {
    if (isColumnField(fd)) {
      const col = columnName(field, fd);
      const b = before?.[col] ?? null;
      const a = after?.[col] ?? null;
      if (fd.writeOnly) {
        if (b !== a) out.push({ field, writeOnly: true });
        continue;
      }
      const bw = columnToWire(fd, b);
      const aw = columnToWire(fd, a);
      if (!sameJson(bw, aw)) out.push({ field, before: bw, after: aw });
    } else if (Object.hasOwn(linksAfter, field)) {
      const bl = [...(linksBefore[field] ?? [])].sort((x, y) => x - y);
      const al = [...linksAfter[field]!].sort((x, y) => x - y);
      if (!sameJson(bl, al)) out.push({ field, before: bl.map((id) => ({ id })), after: al.map((id) => ({ id })) });
    }
  }
  return out;
}

/** Whether writes of `schema` are recorded (`history: false` turns it off). */
export const historyOn = (schema: EntitySchema): boolean => schema.history !== false;

/** The stored rows of `ids`, by id. */
async function rowsById(tx: Tx, schema: EntitySchema, ids: number[]): Promise<Map<number, Row>> {
  const rows = await tx.query<Row>(`SELECT * FROM ${q(schema.table)} WHERE id = ANY($1::bigint[])`, [ids]);
  return new Map(rows.map((r) => [Number(r.id), r]));
}

/** Inserts one history row per entry, in one statement. */
async function insertEntries(
  tx: Tx,
  schema: EntitySchema,
  action: HistoryAction,
  user: string,
  entries: Array<{ id: number; changes: HistoryChange[] }>,
): Promise<void> {
  if (entries.length === 0) return;
  await tx.query(
    `INSERT INTO record_history (collection, record_id, action, changed_by, changes)
     SELECT $1, u.r, $2, $3, u.c::jsonb FROM unnest($4::bigint[], $5::text[]) AS u(r, c)`,
    [schema.name, action, user, entries.map((e) => e.id), entries.map((e) => JSON.stringify(e.changes))],
  );
}

/** Records the creation of rows of `schema` (read back after their insert), with their join lists. */
export async function recordCreated(
  tx: Tx,
  schema: EntitySchema,
  rows: Array<{ id: number; links: LinkLists }>,
  user: string,
): Promise<void> {
  if (!historyOn(schema) || rows.length === 0) return;
  const after = await rowsById(
    tx,
    schema,
    rows.map((r) => r.id),
  );
  await insertEntries(
    tx,
    schema,
    'create',
    user,
    rows.map((r) => ({ id: r.id, changes: changesOf(schema, undefined, after.get(r.id), {}, r.links) })),
  );
}

/**
 * Records updates of rows of `schema`: `stored` as it was before the write, the row read back
 * now; `linksAfter` the lists the write sent, `linksBefore` those lists as they were.
 */
export async function recordUpdated(
  tx: Tx,
  schema: EntitySchema,
  rows: Array<{ id: number; stored: Row; linksBefore: LinkLists; linksAfter: LinkLists }>,
  user: string,
): Promise<void> {
  if (!historyOn(schema) || rows.length === 0) return;
  const after = await rowsById(
    tx,
    schema,
    rows.map((r) => r.id),
  );
  await insertEntries(
    tx,
    schema,
    'update',
    user,
    rows.map((r) => ({
      id: r.id,
      changes: changesOf(schema, r.stored, after.get(r.id), r.linksBefore, r.linksAfter),
    })),
  );
}

/** Records the delete of `stored` rows of `schema` (every field that had a value, to null). */
export async function recordDeleted(tx: Tx, schema: EntitySchema, stored: Row[], user: string): Promise<void> {
  if (!historyOn(schema) || stored.length === 0) return;
  await insertEntries(
    tx,
    schema,
    'delete',
    user,
    stored.map((row) => ({ id: Number(row.id), changes: changesOf(schema, row, undefined) })),
  );
}

/**
 * Records an action on rows of `schema` that changes none of their fields (a restore from the
 * trash, a purge), one entry per id with no changes.
 */
export async function recordAction(
  tx: Tx,
  schema: EntitySchema,
  action: Extract<HistoryAction, 'restore' | 'purge'>,
  ids: number[],
  user: string,
): Promise<void> {
  if (!historyOn(schema)) return;
  await insertEntries(
    tx,
    schema,
    action,
    user,
    ids.map((id) => ({ id, changes: [] })),
  );
}
