import { canAccessEntity, type Privilege } from './access';
import { listDefaultFilter, shapeOf, type EntitySchema, type Field, type Projection } from './define';
import { findSchema, storedSchemas } from './index';

/**
 * Lookups (H2-04, docs/decisions.md "Lookups"): a module that writes a reference to an entity lets
 * its writers look that entity up - read its records' id and representation, under the entity's
 * own row rule - without a privilege on the entity's module. It is what a form's pick list and
 * the name beside a picked id need; "a record the writer cannot read" in a write is a record
 * outside the writer's lookup. Entities read by administrators only grant no lookup: a reference
 * to them is judged by the field's own rule (a saved view's roles, H2-06).
 */

/** The name of the projection every entity answers to a lookup: `?projection=lookup`. */
export const LOOKUP_PROJECTION = 'lookup';

/** A reference field through which its writers look its target up: `schema.field -> target`. */
export interface LookupSource {
  schema: EntitySchema;
  field: string;
  fd: Field;
}

const sourcesMemo = new Map<string, LookupSource[]>();

/**
 * The reference fields a client may write that point at `target` (to-one, flat ids, join lists;
 * dictionaries and read-only fields are not), over every stored entity, nested children's included.
 * @example lookupSources(getSchema('clients')).map((s) => `${s.schema.name}.${s.field}`) // ['times.client', 'projects.payerClient', ...]
 */
export function lookupSources(target: EntitySchema): LookupSource[] {
  const known = sourcesMemo.get(target.name);
  if (known) return known;
  const out: LookupSource[] = [];
  for (const schema of storedSchemas())
    for (const [field, fd] of Object.entries(schema.fields))
      if (
        fd.target === target.name &&
        !fd.dictionary &&
        !fd.readOnly &&
        ['toOne', 'flatId', 'links'].includes(shapeOf(fd))
      )
        out.push({ schema, field, fd });
  sourcesMemo.set(target.name, out);
  return out;
}

/**
 * Whether a user may look `target` up (H2-04): they read it (`view` on its module), or they may
 * create or update an entity holding a reference field to it; never an entity read by
 * administrators only (for an administrator: always). `roles` are role names, `privileges` the
 * merged privileges (PERM-09), as for {@link canAccessEntity}. Which rows: the target's row rule.
 * @example canLookUpEntity(getSchema('clients'), ['MEMBER'], member.privileges) // true: MEMBER writes times, times.client -> clients
 */
export function canLookUpEntity(
  target: EntitySchema,
  roles: string[],
  privileges: ReadonlyMap<string, Privilege>,
): boolean {
  if (canAccessEntity(target, 'view', roles, privileges)) return true;
  if (target.access.read === 'admin') return false;
  return lookupSources(target).some(
    ({ schema }) =>
      canAccessEntity(schema, 'create', roles, privileges) || canAccessEntity(schema, 'update', roles, privileges),
  );
}

/** The field paths a representation template reads: `'%{number} %{project.gname}'` -> `['number', 'project.gname']`. */
export const representationPaths = (template: string | undefined): string[] =>
  !template
    ? []
    : template.includes('%{')
      ? [...template.matchAll(/%\{([^}]+)\}/g)].map((m) => m[1]!.trim())
      : [template.trim()];

const projectionMemo = new Map<string, Projection>();

/**
 * The lookup projection of `target`: its id and what its representation and the option texts of
 * the fields pointing at it read (own fields, and a reference's fields embedded), nothing else.
 * @example lookupProjection(getSchema('matters')) // { fields: ['number', 'description'], embed: {} }
 */
export function lookupProjection(target: EntitySchema): Projection {
  const known = projectionMemo.get(target.name);
  if (known) return known;
  const templates = [target.recordRepresentation, ...lookupSources(target).map((s) => s.fd.optionText)];
  const fields = new Set<string>();
  const embed: Record<string, string[]> = {};
  for (const path of templates.flatMap((t) => representationPaths(t as string | undefined))) {
    const [head, ...rest] = path.split('.');
    const fd = target.fields[head!];
    if (!fd) continue;
    if (rest.length === 0) fields.add(head!);
    else if (fd.target && findSchema(fd.target) && shapeOf(fd) === 'toOne')
      embed[head!] = [...new Set([...(embed[head!] ?? []), rest[0]!])];
  }
  const projection: Projection = { fields: [...fields], embed };
  projectionMemo.set(target.name, projection);
  return projection;
}

/**
 * The filter parameters a user who looks `target` up without reading it may send (the path before
 * an operator): `id`, the target's pick-list, default and fixed list filters, the filters of the fields pointing at it, and
 * the ids of its to-one references (a form's reference scope, `contact.client.id`).
 */
export function lookupFilterPaths(target: EntitySchema): string[] {
  const paths = new Set<string>(['id']);
  // what a list request of the SPA adds by itself (its default and fixed filters)
  const specs = [target.pickListFilter, listDefaultFilter(target), target.list?.fixedFilter];
  for (const key of specs.flatMap((spec) => Object.keys(spec ?? {}))) paths.add(key);
  for (const s of lookupSources(target)) for (const key of Object.keys(s.fd.filter ?? {})) paths.add(key);
  for (const [name, fd] of Object.entries(target.fields)) if (shapeOf(fd) === 'toOne') paths.add(`${name}.id`);
  return [...paths];
}
