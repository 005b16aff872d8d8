import type { EntitySchema } from '../../schemas/define';
import { unreadableFields } from '../../schemas/access';
import type { AuthUser } from '../auth/types';
import type { Database } from '../db/database';
import { type RawQuery, paging } from '../rest/query';
import { getRecord } from '../rest/service';
import type { HistoryChange } from './tables';

/**
 * Reading the record history: `GET <collection>/{id}/history` (docs/api.md), newest first. The
 * record is loaded first by the same function `GET <collection>/{id}` uses, so a record the
 * user may not read answers here exactly as it does there (403/404), and a change of a personal
 * field the user does not read (`readModules`, H2-05) is left out of its entry.
 */

type Db = Pick<Database, 'query'>;

/** The `changes` column as read: jsonb arrives parsed from PostgreSQL, as text from some drivers. */
export const storedChanges = (value: unknown): HistoryChange[] =>
  (typeof value === 'string' ? JSON.parse(value) : value) as HistoryChange[];

/** One history entry on the wire. */
export interface HistoryEntry {
  id: number;
  action: 'create' | 'update' | 'delete';
  /** The user name of who wrote. */
  changedBy: string | null;
  /** ISO 8601. */
  changedAt: string;
  changes: HistoryChange[];
}

/** A page of the history of one record: entries newest first, and the page counts. */
export async function listHistory(
  db: Db,
  schema: EntitySchema,
  user: AuthUser,
  id: number,
  query: RawQuery,
): Promise<{
  items: HistoryEntry[];
  page: { size: number; totalElements: number; totalPages: number; number: number };
}> {
  const { page, size } = paging(query);
  await getRecord(db, schema, user, id);
  const [rows, [count]] = await Promise.all([
    db.query<{ id: number; action: string; changed_by: string | null; changed_at: Date | string; changes: unknown }>(
      `SELECT id, action, changed_by, changed_at, changes FROM record_history
        WHERE collection = $1 AND record_id = $2 ORDER BY id DESC LIMIT $3 OFFSET $4`,
      [schema.name, id, size, page * size],
    ),
    db.query<{ n: number }>('SELECT count(*)::int AS n FROM record_history WHERE collection = $1 AND record_id = $2', [
      schema.name,
      id,
    ]),
  ]);
  const totalElements = Number(count?.n ?? 0);
  // the changes of a personal field the user does not read are left out, as the record leaves it out (H2-05)
  const hidden = new Set(unreadableFields(schema, user.roles, user.privileges));
  const readable = (field: string) => !hidden.has(field);
  return {
    items: rows.map((r) => ({
      id: Number(r.id),
      action: r.action as HistoryEntry['action'],
      changedBy: r.changed_by,
      changedAt: new Date(r.changed_at).toISOString(),
      changes: storedChanges(r.changes).filter((c) => readable(c.field)),
    })),
    page: { size, totalElements, totalPages: Math.ceil(totalElements / size), number: page },
  };
}
