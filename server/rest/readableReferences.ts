import { hasTrash, isToOne, type EntitySchema } from '../../schemas/define';
import { TRASH_COLUMNS } from '../trash/columns';
import { getSchema } from '../../schemas/index';
import type { AuthUser } from '../auth/types';
import type { Database } from '../db/database';
import { columnName } from '../db/naming';
import { ruleCondition } from './access';
import { type FieldError, validationFailed } from './errors';
import { Joins, Params, q } from './model';
import type { RowWrite } from './references';

type Tx = Pick<Database, 'query'>;

/**
 * A reference a user's write sets or changes must point at a record that user may read (H2-04):
 * a lawyer cannot book time on a matter outside their access list by sending its id, nor link an
 * invoice they cannot see. Judged by the target's row access (`accessRule`, `rowModules`) as a
 * read of it would be, for to-one references (a stored value sent back unchanged is not judged
 * again, as it was judged when set) and for the ids of join lists (`refList`). Dictionaries and
 * targets without a row rule are open to every reader and skipped. The refusal reads as a missing
 * record does ("references a record that does not exist"), so a write cannot probe which hidden
 * records exist. One query per field that names a new id; none when nothing is judged.
 * Server code writing for itself (`server/rest/system.ts`) does not come here.
 * @throws HttpError 400 `Validation failed` naming each field with a record the user may not read
 * @example
 * await checkReadableReferences(tx, times, member, [{ write }]) // POST /times with a hidden matter -> 400 at `matter`
 */
export async function checkReadableReferences(
  tx: Tx,
  schema: EntitySchema,
  user: AuthUser,
  rows: RowWrite[],
): Promise<void> {
  const judged = new Map<string, { target: EntitySchema; items: Array<{ property: string; id: number }> }>();
  const add = (field: string, targetName: string, property: string, id: number) => {
    const target = getSchema(targetName);
    if (!target.accessRule && !target.rowModules?.length) return;
    const entry = judged.get(field) ?? { target, items: [] };
    entry.items.push({ property, id });
    judged.set(field, entry);
  };
  for (const row of rows) {
    const prefix = row.prefix ?? '';
    for (const [name, fd] of Object.entries(schema.fields)) {
      if (!isToOne(fd) || fd.dictionary || !fd.target) continue;
      const col = columnName(name, fd);
      const v = row.write.columns[col];
      if (typeof v !== 'number' || (row.stored && Number(row.stored[col]) === v)) continue;
      add(name, fd.target, prefix + name, v);
    }
    for (const link of row.write.links) {
      if (link.fd.dictionary || !link.fd.target) continue;
      for (const id of link.ids) add(link.name, link.fd.target, prefix + link.name, id);
    }
  }
  const errors: FieldError[] = [];
  for (const { target, items } of judged.values()) {
    const joins = new Joins(target);
    const params = new Params();
    const ids = params.add([...new Set(items.map((i) => i.id))]);
    const condition = ruleCondition(target, user, 'view', joins, params);
    if (condition === undefined) continue;
    // a record in the trash is left to the trash's own check, which names it (checkNotInTrash)
    const trashed = hasTrash(target) ? ` OR t0.${TRASH_COLUMNS.deletedAt} IS NOT NULL` : '';
    const readable = await tx.query<{ id: number }>(
      `SELECT t0.id FROM ${q(target.table)} t0 ${joins.sql.join(' ')} WHERE t0.id = ANY(${ids}::bigint[]) AND (${condition}${trashed})`,
      params.values,
    );
    const ok = new Set(readable.map((r) => Number(r.id)));
    const reported = new Set<string>();
    for (const item of items) {
      if (ok.has(item.id) || reported.has(`${item.property}:${item.id}`)) continue;
      reported.add(`${item.property}:${item.id}`);
      errors.push({
        entity: schema.entityName,
        property: item.property,
        invalidValue: { id: item.id },
        message: 'references a record that does not exist',
      });
    }
  }
  if (errors.length > 0) throw validationFailed(errors);
}
