import { canAccessEntity } from '../../schemas/access';
import type { EntitySchema, Projection } from '../../schemas/define';
import { getSchema } from '../../schemas/index';
import type { AuthUser } from '../auth/types';
import { columnName } from '../db/naming';
import { readableCondition } from './access';
import { q, type Params } from './model';
import { DICTIONARY_FIELDS, projectionColumns, selectedFields, subProjection } from './projection';

/**
 * The select list of a page (or single-record) query: the projection's own columns and computed
 * fields, plus every to-one record the projection shows as an object - dictionary entries and
 * embedded references - LEFT JOINed into the same statement, its columns named
 * `<field>$<column>` for `projectRows` (server/rest/projection.ts) to read. An embedded target's
 * read access (entity access and `accessRule`) is part of the JOIN's `ON`, so a record the user may
 * not read joins no row and is returned as `{ id }`. To-many embeds stay one batched query each.
 */
export interface Selection {
  /** Select items, comma-joined by the caller. */
  columns: string[];
  /** `LEFT JOIN ...` clauses over the row alias, after the filter joins. */
  joins: string[];
}

/**
 * Builds the {@link Selection} of `projection` over the row alias `alias`.
 * @param params the statement's parameters (per-user computed fields, access rules of targets)
 */
export function pageSelection(
  schema: EntitySchema,
  projection: Projection,
  user: AuthUser,
  params: Params,
  alias = 't0',
): Selection {
  const columns = projectionColumns(schema, projection, alias, '', { user, params });
  const joins: string[] = [];
  const embed = projection.embed ?? {};
  for (const [name, fd] of selectedFields(schema, projection)) {
    const isDictionary = fd.type === 'dictionary';
    if (!isDictionary && !(fd.type === 'ref' && embed[name])) continue;
    const target = getSchema(isDictionary ? 'baseDictionaries' : fd.target!);
    const e = `${alias}m${joins.length + 1}`;
    const on = `${e}.id = ${alias}.${q(columnName(name, fd))}`;
    if (isDictionary) {
      joins.push(`LEFT JOIN ${q(target.table)} ${e} ON ${on}`);
      columns.push(
        `${e}.id AS ${q(`${name}$id`)}`,
        ...DICTIONARY_FIELDS.map(
          (k) => `${e}.${q(columnName(k, target.fields[k]!))} AS ${q(`${name}$${columnName(k, target.fields[k]!)}`)}`,
        ),
      );
      continue;
    }
    // A record's own approval chain (`verification.chainField`) is read by whoever reads the record
    // (the chains' rule is "the owner is readable"), and this row passed the list's rule already:
    // only the entity check remains. Checking the chain's rule again per row (one OR branch per
    // document type) cost more than the rest of the page.
    const readable =
      name === schema.verification?.chainField
        ? canAccessEntity(target, 'view', user.roles, user.privileges)
          ? 'TRUE'
          : 'FALSE'
        : readableCondition(target, user, e, params);
    joins.push(`LEFT JOIN ${q(target.table)} ${e} ON ${on}${readable === 'TRUE' ? '' : ` AND ${readable}`}`);
    columns.push(...projectionColumns(target, subProjection(target, embed[name]!), e, `${name}$`, { user, params }));
  }
  return { columns, joins };
}
