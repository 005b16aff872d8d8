import { hasTrash, isLinkList, isToOne, shapeOf, type EntitySchema } from '../../schemas/define';
import { TRASH_COLUMNS } from '../trash/columns';
import { getSchema } from '../../schemas/index';
import { canLookUpEntity } from '../../schemas/lookup';
import type { AuthUser } from '../auth/types';
import type { Database } from '../db/database';
import { columnName } from '../db/naming';
import { ruleCondition } from './access';
import { viaColumn } from './children';
import { type FieldError, validationFailed } from './errors';
import { Joins, Params, q } from './model';
import type { RowWrite } from './references';

type Tx = Pick<Database, 'query'>;
type Row = Record<string, unknown>;

/** The ids a field of a write names in one target, each with the error property it is reported at. */
interface Judged {
  entity: string;
  target: EntitySchema;
  items: Array<{ property: string; id: number }>;
  /** An inverse list (`via`): a row of the target already pointing at `owner` is held, not newly named. */
  inverse?: { column: string; owner: number };
}

/** The id of a wire reference (`{ id }`, a bare id), or undefined. */
const idOf = (v: unknown): number | undefined => {
  const id = typeof v === 'object' && v !== null ? (v as { id?: unknown }).id : v;
  return typeof id === 'number' && Number.isSafeInteger(id) ? id : undefined;
};

/**
 * A reference a user's write sets or changes must point at a record that user may read (H2-04):
 * a lawyer cannot book time on a matter outside their access list by sending its id, nor link an
 * invoice they cannot see. Judged by the target's row access (`accessRule`, `rowModules`) as a
 * read of it would be, for to-one references and flat ids (a stored value sent back unchanged is not judged
 * again, as it was judged when set), the ids of join lists (`refList`), the ids of inverse lists
 * (`refList` with `via`: rows already held by the record are not judged again) and the same
 * references of nested children, at any depth (`contactList[0].country`). Only what the client
 * sent is judged: a reference a hook or a default sets is the server's. Dictionaries and targets
 * without a row rule are open. "May read" is the lookup (`canLookUpEntity`, schemas/lookup.ts):
 * a writer of a reference field looks its target up under the target's row rule without a
 * privilege on the target's module (roles holding `invoice` alone name an invoice's project and
 * matters; MEMBER a time's client), and no record of a target outside every lookup of the writer
 * is readable. The refusal reads as a missing
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
  ownerId?: number,
): Promise<void> {
  const judged = new Map<string, Judged>();
  await collect(tx, schema, user, rows, judged, ownerId);
  const errors: FieldError[] = [];
  for (const { entity, target, items, inverse } of judged.values()) {
    const ok = await readableIds(tx, target, user, [...new Set(items.map((i) => i.id))], inverse);
    const reported = new Set<string>();
    for (const item of items) {
      if (ok.has(item.id) || reported.has(`${item.property}:${item.id}`)) continue;
      reported.add(`${item.property}:${item.id}`);
      errors.push({
        entity,
        property: item.property,
        invalidValue: { id: item.id },
        message: 'references a record that does not exist',
      });
    }
  }
  if (errors.length > 0) throw validationFailed(errors);
}

/** Gathers the references `rows` of `schema` name into `judged`, descending into nested children. */
async function collect(
  tx: Tx,
  schema: EntitySchema,
  user: AuthUser,
  rows: RowWrite[],
  judged: Map<string, Judged>,
  ownerId?: number,
): Promise<void> {
  const add = (field: string, targetName: string, property: string, id: number, inverse?: Judged['inverse']) => {
    const target = getSchema(targetName);
    if (!target.accessRule && !target.rowModules?.length) return;
    const key = `${schema.name}.${field}${inverse ? `:${inverse.owner}` : ''}`;
    const entry = judged.get(key) ?? { entity: schema.entityName, target, items: [], inverse };
    entry.items.push({ property, id });
    judged.set(key, entry);
  };
  for (const row of rows) {
    const prefix = row.prefix ?? '';
    const body = row.write.body;
    const sent = (name: string) => !body || Object.hasOwn(body, name);
    for (const [name, fd] of Object.entries(schema.fields)) {
      if (fd.dictionary || !fd.target || !sent(name)) continue;
      if (isToOne(fd)) {
        const col = columnName(name, fd);
        const v = row.write.columns[col];
        if (typeof v !== 'number' || (row.stored && Number(row.stored[col]) === v)) continue;
        add(name, fd.target, prefix + name, v);
      } else if (isLinkList(fd) && fd.via && body && Array.isArray(body[name])) {
        const target = getSchema(fd.target);
        const inverse = ownerId === undefined ? undefined : { column: viaColumn(target, fd.via), owner: ownerId };
        for (const x of body[name] as unknown[]) {
          const id = idOf(x);
          if (id !== undefined) add(name, fd.target, prefix + name, id, inverse);
        }
      }
    }
    for (const link of row.write.links) {
      if (link.fd.dictionary || !link.fd.target || !sent(link.name)) continue;
      for (const id of link.ids) add(link.name, link.fd.target, prefix + link.name, id);
    }
    for (const { name, fd, rows: children } of row.write.children) {
      if (shapeOf(fd) !== 'children' || !fd.target) continue;
      const child = getSchema(fd.target);
      const ids = children.flatMap((c) => (c.id === undefined ? [] : [c.id]));
      const stored = new Map<number, Row>();
      if (ids.length > 0)
        for (const r of await tx.query<Row>(`SELECT * FROM ${q(child.table)} WHERE id = ANY($1::bigint[])`, [ids]))
          stored.set(Number(r.id), r);
      const childRows: RowWrite[] = children.map((c, i) => ({
        write: c.write,
        stored: c.id === undefined ? undefined : stored.get(c.id),
        prefix: `${prefix}${name}[${i}].`,
      }));
      await collect(tx, child, user, childRows, judged);
    }
  }
}

/**
 * The ids among `ids` that do not name a record of `target` outside `user`'s lookup of it (none when
 * the user may not look it up; else those its row rule hides) (a
 * record in the trash counts as readable: the trash's own check names it, `checkNotInTrash`; an id
 * no record has is left to the foreign key). For an inverse list, the rows already held by its
 * owner count as readable.
 */
async function readableIds(
  tx: Tx,
  target: EntitySchema,
  user: AuthUser,
  ids: number[],
  inverse?: Judged['inverse'],
): Promise<Set<number>> {
  // outside every lookup (no read, no referencing module the user writes): nothing is readable
  if (!canLookUpEntity(target, user.roles, user.privileges)) return new Set();
  const params = new Params();
  const held = inverse ? ` OR t0.${q(inverse.column)} = ${params.add(inverse.owner)}` : '';
  const joins = new Joins(target);
  const idList = params.add(ids);
  const condition = ruleCondition(target, user, 'view', joins, params);
  if (condition === undefined) return new Set(ids);
  const trashed = hasTrash(target) ? ` OR t0.${TRASH_COLUMNS.deletedAt} IS NOT NULL` : '';
  // an id no record has is left to the foreign key or the field's own check, which name it
  const rows = await tx.query<{ id: number; ok: boolean }>(
    `SELECT t0.id, COALESCE(${condition}${trashed}${held}, FALSE) AS ok FROM ${q(target.table)} t0 ${joins.sql.join(' ')} WHERE t0.id = ANY(${idList}::bigint[])`,
    params.values,
  );
  const hidden = new Set(rows.filter((r) => !r.ok).map((r) => Number(r.id)));
  return new Set(ids.filter((id) => !hidden.has(id)));
}
