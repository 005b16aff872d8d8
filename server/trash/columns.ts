import { hasTrash, type EntitySchema } from '../../schemas/define';

/**
 * The columns an entity with a trash (`trash` in its schema) has beyond its fields, and the SQL
 * conditions every read ANDs in to tell live rows from deleted ones.
 *
 * - `deleted_at` (timestamptz): when the record went to the trash; null while it is live;
 * - `deleted_by` (text): the user name of who deleted it;
 * - `deleted_with` (text): for a record that went with another one (a matter's time entries with
 *   the matter), that record's key `<collection>/<id>`; null for the record the user deleted.
 *   The trash lists only those; a restore or purge of one takes the others along.
 */
export const TRASH_COLUMNS = { deletedAt: 'deleted_at', deletedBy: 'deleted_by', deletedWith: 'deleted_with' } as const;

/** Which rows of a trash-enabled entity a read sees: live ones (every ordinary read), or deleted ones (the trash). */
export type RowScope = 'live' | 'trash';

/**
 * The condition over `alias` that keeps rows of `schema` in `scope`: `alias.deleted_at IS NULL`
 * for live rows; for the trash, the records a user deleted (not those that went with them);
 * undefined for an entity without a trash (every row is live, and it has no trash).
 * @example scopeCondition(matters, 't0') // 't0.deleted_at IS NULL'
 */
export function scopeCondition(schema: EntitySchema, alias: string, scope: RowScope = 'live'): string | undefined {
  if (!hasTrash(schema)) return undefined;
  if (scope === 'live') return `${alias}.${TRASH_COLUMNS.deletedAt} IS NULL`;
  return `(${alias}.${TRASH_COLUMNS.deletedAt} IS NOT NULL AND ${alias}.${TRASH_COLUMNS.deletedWith} IS NULL)`;
}

/**
 * The condition over `alias` that keeps only live rows (not in the trash) of a trash-enabled
 * table, for hand-written SQL outside the generic service (billing totals, documents): one place
 * for the rule that a record in the trash counts nowhere.
 * @example `SELECT ... FROM times t WHERE t.invoice_id = $1 AND ${notTrashed('t')}`
 */
export const notTrashed = (alias: string): string => `${alias}.${TRASH_COLUMNS.deletedAt} IS NULL`;

/** The key a record's companions carry in `deleted_with`: `<collection>/<id>`. */
export const trashKey = (schema: EntitySchema, id: number): string => `${schema.name}/${id}`;
