/**
 * The registry of the server's rooms: every entity's server declaration (`defineServer`,
 * `server/define.ts`) by collection name, which the generic service reads for hooks, action
 * bodies, computed SQL, approval and document bodies, and the rooms' extensions of every write
 * ({@link WriteExtension}: the approvals' chain start). It imports no area: `server/areas.ts`
 * lists the areas' declarations and extensions and provides them here ({@link provideRooms}) when
 * it loads, and the server (`server/app.ts`), the seed and the test harness import that list.
 */
import type { ActionContext, EntityHooks, EntitySchema } from '../../schemas/define';
import type { AuthUser } from '../auth/types';
import type { Database } from '../db/database';
import { resolveDeclaration, type ComputedSql, type PendingDeclaration, type ServerDeclaration } from '../define';

/**
 * The part of a create's parsed write (`ParsedWrite`, `server/rest/validate.ts`) an extension sees
 * and may set: column name -> SQL value of the entity's own table.
 */
export interface InsertColumns {
  columns: Record<string, unknown>;
}

/** What a room's extension is given: the write's (or action's) transaction, entity and user. */
export interface ExtensionContext {
  tx: Pick<Database, 'query'>;
  schema: EntitySchema;
  user: AuthUser;
}

/**
 * A room's part in every write of the generic service (`server/rest/service.ts`) and every action
 * (`server/rest/actions.ts`), for work that is not one entity's hook but applies to any entity that
 * declares something in its schema (the approvals' chain of an entity with `verification`,
 * `server/approvals/start.ts`). The generic rooms call it through the registry and never import
 * the room; a part that does not apply to the entity does nothing.
 * @example
 * // server/areas.ts
 * provideRooms(declarations, () => [
 *   {
 *     name: 'approvals',
 *     beforeInsert: ({ tx, schema, user }, write) => startVerification(tx, schema, user, write),
 *     actionContext: ({ tx, schema, user }) => ({ startVerification: (id) => startVerificationOf(tx, schema, user, id) }),
 *   },
 * ]);
 */
export interface WriteExtension {
  /** A name telling the listed extensions apart (`approvals`). */
  name: string;
  /**
   * Runs in a create's transaction after validation and the hooks, before the row is inserted; may
   * set columns of `write` (a chain field). Returns what runs once the row exists, given its id
   * (after the owners are touched, before the status history and the access check), or undefined.
   */
  beforeInsert?: (ctx: ExtensionContext, write: InsertColumns) => Promise<((id: number) => Promise<void>) | undefined>;
  /**
   * Helpers added to every action's context (`ActionContext` in `schemas/define.ts`), bound to the
   * action's transaction, entity and user.
   */
  actionContext?: (ctx: ExtensionContext) => Partial<ActionContext>;
  /**
   * Runs in a delete's transaction before records of `schema` are deleted or moved to the trash
   * (the record itself and the companions trashed with it), after the access checks: the
   * approvals cancel the records' open chains (MC-6).
   */
  beforeDelete?: (ctx: DeleteContext, ids: readonly number[]) => Promise<void>;
  /**
   * Runs in a restore's transaction once records `ids` of `ctx.schema` are back from the trash
   * (the record and its companions): the approvals start a new chain where the trash cancelled one.
   */
  afterRestore?: (ctx: ExtensionContext, ids: readonly number[]) => Promise<void>;
}

/** Runs every extension's `afterRestore` for records `ids` of `ctx.schema` just restored. */
export async function afterRestore(ctx: ExtensionContext, ids: readonly number[]): Promise<void> {
  for (const e of writeExtensions()) await e.afterRestore?.(ctx, ids);
}

/** What {@link WriteExtension.beforeDelete} is given: the transaction, entity and who deletes. */
export interface DeleteContext {
  tx: Pick<Database, 'query'>;
  schema: EntitySchema;
  username: string;
}

/** Runs every extension's `beforeDelete` for records `ids` of `ctx.schema` about to go. */
export async function beforeDelete(ctx: DeleteContext, ids: readonly number[]): Promise<void> {
  for (const e of writeExtensions()) await e.beforeDelete?.(ctx, ids);
}

let provided: (() => PendingDeclaration[]) | undefined;
let providedExtensions: () => WriteExtension[] = () => [];

/**
 * Gives the registry the list of the areas' declarations and the rooms' write extensions, each
 * read on first use (after every module of the areas has loaded). Called once, by `server/areas.ts`.
 */
export function provideRooms(
  declarations: () => PendingDeclaration[],
  extensions: () => WriteExtension[] = () => [],
): void {
  provided = declarations;
  providedExtensions = extensions;
}

let extensionList: WriteExtension[] | undefined;

/** The rooms' write extensions, in the order `server/areas.ts` lists them. */
export function writeExtensions(): readonly WriteExtension[] {
  extensionList ??= providedExtensions();
  return extensionList;
}

/**
 * Runs every extension's `beforeInsert` for a create about to insert `write`; returns the
 * function that runs what they asked for once the row has its id.
 */
export async function beforeInsert(
  ctx: ExtensionContext,
  write: InsertColumns,
): Promise<(id: number) => Promise<void>> {
  const after: Array<(id: number) => Promise<void>> = [];
  for (const e of writeExtensions()) {
    const then = await e.beforeInsert?.(ctx, write);
    if (then) after.push(then);
  }
  return async (id) => {
    for (const then of after) await then(id);
  };
}

/** The helpers every extension adds to an action's context, merged in list order. */
export function extendedActionContext(ctx: ExtensionContext): Partial<ActionContext> {
  return Object.assign({}, ...writeExtensions().map((e) => e.actionContext?.(ctx) ?? {}));
}

let registry: Map<string, ServerDeclaration> | undefined;

/** The declarations by collection name, built on first use. */
function declared(): Map<string, ServerDeclaration> {
  if (!registry) {
    if (!provided) throw new Error('the server rooms are not loaded: import server/areas.ts before serving');
    registry = new Map();
    for (const d of provided()) addDeclaration(resolveDeclaration(d));
  }
  return registry;
}

function addDeclaration(d: ServerDeclaration): void {
  const byName = registry!;
  if (byName.has(d.name)) throw new Error(`server declaration ${d.name}: declared twice`);
  byName.set(d.name, d);
}

/** The server declaration of collection `name`, if it has one. */
export const serverOf = (name: string): ServerDeclaration | undefined => declared().get(name);

/**
 * Adds a server declaration at run time, as `registerSchema` adds a schema: for tests that add an
 * entity (or bodies to a test's own entity). Returns the function that removes it again.
 * @throws Error when `name` already has a declaration
 */
export function registerServer(pending: PendingDeclaration): () => void {
  const byName = declared();
  const d = resolveDeclaration(pending);
  addDeclaration(d);
  return () => {
    if (byName.get(d.name) === d) byName.delete(d.name);
  };
}

/**
 * The SQL of computed field `name` of `schema`, from its server declaration.
 * @throws Error when the declaration gives none
 */
export function computedSqlOf(schema: EntitySchema, name: string): ComputedSql {
  const own = serverOf(schema.name)?.computed;
  if (!own || !Object.hasOwn(own, name)) throw new Error(`schema ${schema.name}: computed field ${name} has no SQL`);
  return own[name]!;
}

/**
 * Every hook set of `schema` in the order they run: each hook of the server declaration's lists,
 * one set per hook (`EntityHooks`, as the service calls them).
 */
export function serverHooksOf(schema: EntitySchema): EntityHooks[] {
  const hooks = serverOf(schema.name)?.hooks;
  if (!hooks) return [];
  return [
    ...(hooks.beforeValidate ?? []).map((beforeValidate) => ({ beforeValidate })),
    ...(hooks.beforeChange ?? []).map((beforeChange) => ({ beforeChange })),
    ...(hooks.afterChange ?? []).map((afterChange) => ({ afterChange })),
    ...(hooks.afterDelete ?? []).map((afterDelete) => ({ afterDelete })),
    ...(hooks.afterCommit ?? []).map((afterCommit) => ({ afterCommit })),
  ];
}

/**
 * Checks the declarations against the schemas: each declaration names a schema; each declared
 * action, computed field, approval chain and document set has its body, and each body belongs to
 * something declared. Run at start-up (`buildApp`), so a half-declared entity never serves.
 * @throws Error naming the schema and the action (or field) at the first mismatch
 */
export function checkServerDeclarations(schemas: readonly EntitySchema[]): void {
  const known = new Set(schemas.map((s) => s.name));
  for (const name of declared().keys())
    if (!known.has(name)) throw new Error(`server declaration ${name}: there is no schema of that name`);
  for (const schema of schemas) {
    const d = serverOf(schema.name);
    const where = `(add it to defineServer('${schema.name}') in server/<area>/)`;
    const actions = schema.actions ?? {};
    for (const name of Object.keys(actions))
      if (!d?.actions || !Object.hasOwn(d.actions, name))
        throw new Error(`schema ${schema.name}: action ${name} has no body ${where}`);
    for (const name of Object.keys(d?.actions ?? {}))
      if (!Object.hasOwn(actions, name))
        throw new Error(
          `schema ${schema.name}: the server declares a body for action ${name}, which it does not declare`,
        );
    const computed = schema.computed ?? {};
    for (const name of Object.keys(computed))
      if (!d?.computed || !Object.hasOwn(d.computed, name))
        throw new Error(`schema ${schema.name}: computed field ${name} has no SQL ${where}`);
    for (const name of Object.keys(d?.computed ?? {}))
      if (!Object.hasOwn(computed, name))
        throw new Error(
          `schema ${schema.name}: the server declares SQL for computed field ${name}, which it does not declare`,
        );
    if (schema.verification && !d?.verification)
      throw new Error(`schema ${schema.name}: verification has no approvers ${where}`);
    if (!schema.verification && d?.verification)
      throw new Error(`schema ${schema.name}: the server declares approval bodies, the schema no verification`);
    if (schema.documents && !d?.documents) throw new Error(`schema ${schema.name}: documents have no data ${where}`);
    if (!schema.documents && d?.documents)
      throw new Error(`schema ${schema.name}: the server declares document bodies, the schema no documents`);
    if (!schema.trash && d?.beforeTrash)
      throw new Error(`schema ${schema.name}: the server declares beforeTrash, the schema no trash`);
  }
}
