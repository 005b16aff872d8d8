import type {
  AccessSubject,
  ActionContext,
  BeforeChangeContext,
  BeforeValidateContext,
  DocumentContext,
  EntityHooks,
  EntitySchema,
  HookContext,
  HookTx,
  VerificationDecidedContext,
  VerificationStartContext,
  WireRecord,
} from '../schemas/define';

/**
 * The server side of an entity: the bodies its isomorphic schema (`schemas/<area>/<name>.ts`)
 * only declares. A schema says which actions exist (name, path, input, access), which computed
 * fields it has (type, label), that it has an approval chain (owner type, chain field) and which
 * documents it renders; the declaration here supplies the code that runs them - hooks, action
 * handlers, computed SQL, approval callbacks, document data - so no SQL reaches the SPA bundle.
 *
 * Every declaration is listed once in `server/areas.ts`; the server checks at start-up that each
 * declared action has exactly one body and each body a declared action (`checkServerDeclarations`).
 */

/** Adds a bound value to the statement being built and returns its placeholder (`$3`). */
export interface SqlParams {
  add(value: unknown): string;
}

/**
 * A computed field's SQL: a string where `{row}` stands for the row's alias, or a function of the
 * alias, the signed-in user and the statement's parameters (`params.add(v)` returns `$n`).
 */
export type ComputedSql = string | ((row: string, user: AccessSubject, params: SqlParams) => string);

/**
 * Hooks by moment, each a list run in order (`EntityHooks` in `schemas/define.ts` tells what each
 * moment sees). Lists compose: a shared check is one more entry.
 */
export interface ServerHooks {
  beforeValidate?: Array<NonNullable<EntityHooks['beforeValidate']>>;
  beforeChange?: Array<NonNullable<EntityHooks['beforeChange']>>;
  afterChange?: Array<NonNullable<EntityHooks['afterChange']>>;
  afterDelete?: Array<NonNullable<EntityHooks['afterDelete']>>;
  afterCommit?: Array<NonNullable<EntityHooks['afterCommit']>>;
}

/** The bodies of an entity's approval chain (`verification` in the schema). */
export interface ServerVerification {
  /**
   * The approvers of a new document's chain: employee ids in decision order. Nulls and repeats in a
   * row are dropped; an empty list makes a chain only an admin can decide.
   */
  approvers: (ctx: VerificationStartContext) => Promise<Array<number | null>>;
  /** The chain's description (default: the entity name and the document's representation). */
  description?: (ctx: VerificationStartContext) => string;
  /** Runs in the solve's transaction when the chain is approved (2) or rejected (3); throw to refuse. */
  onDecided?: (ctx: VerificationDecidedContext) => Promise<void>;
}

/** The bodies of an entity's documents (`documents` in the schema, served by `server/documents/`). */
export interface ServerDocuments {
  /** The id of the office whose templates are used, or null (then 404: no template). */
  office: (ctx: DocumentContext) => Promise<number | null>;
  /** The TEMPLATE_LOCATION_TYPE code preferred among the office's templates (1 local, 2 international). */
  location?: (ctx: DocumentContext) => Promise<number | null>;
  /** The values of the template's tags: texts, numbers, booleans, and arrays of objects for loops. */
  data: (ctx: DocumentContext) => Promise<Record<string, unknown>>;
  /** The stored file's name (`.docx` added when missing); default `<Document type> <id>.docx`. */
  fileName?: (ctx: DocumentContext) => string;
}

/** An action's body: run in the action's transaction, its result answered as JSON (undefined: 204). */
export type ActionHandler = (ctx: ActionContext) => Promise<unknown>;

/** What `defineServer` takes: every part optional, each keyed as the schema declares it. */
export interface ServerParts {
  hooks?: ServerHooks;
  /** One body per action the schema declares, by the action's name. */
  actions?: Record<string, ActionHandler>;
  /** One SQL expression per computed field the schema declares, by the field's name. */
  computed?: Record<string, ComputedSql>;
  verification?: ServerVerification;
  documents?: ServerDocuments;
  /**
   * Runs in the trash's transaction before records `ids` of the entity go to its trash, whether a
   * user deleted them or they go with another record (`server/trash/delete.ts`): throw an error
   * with `statusCode` 409 to refuse the delete, or write what has to change with it through the
   * writes that record history (`systemWrite`, `server/rest/system.ts`), as `username`.
   */
  beforeTrash?: (tx: HookTx, ids: number[], username: string) => Promise<void>;
}

/** The server declaration of one entity: its schema's name and the bodies. */
export interface ServerDeclaration extends ServerParts {
  name: string;
}

/**
 * A declaration whose parts may still be a function: resolved when the registry is first read
 * (`server/areas.ts`), after every module has loaded, so the parts may use values of modules
 * that import the registry themselves (an import cycle).
 */
export interface PendingDeclaration {
  name: string;
  parts: ServerParts | (() => ServerParts);
}

/**
 * Declares the server side of one entity.
 * @param schemaOrName the schema (or its collection name) the bodies belong to
 * @param parts the bodies, or a function returning them (for parts built from values of modules
 *   in an import cycle with the registry, such as hook sets shared with `server/rest/`)
 * @example
 * // server/workspace/ideas.ts
 * export const ideasServer = defineServer('ideas', {
 *   hooks: { beforeChange: [async ({ user, mode }) => (mode === 'create' ? { author: { id: user.employeeId } } : undefined)] },
 *   computed: { votes: '(SELECT count(*)::int FROM idea_votes v WHERE v.idea_id = {row}.id)' },
 *   actions: { votes: async ({ tx, id }) => ({ votes: await voteCount(tx, id!) }) },
 * });
 */
export function defineServer(
  schemaOrName: EntitySchema | string,
  parts: ServerParts | (() => ServerParts),
): PendingDeclaration {
  return { name: typeof schemaOrName === 'string' ? schemaOrName : schemaOrName.name, parts };
}

/** The declaration with its parts resolved. */
export const resolveDeclaration = (d: PendingDeclaration): ServerDeclaration => ({
  name: d.name,
  ...(typeof d.parts === 'function' ? d.parts() : d.parts),
});

/**
 * Hook sets (`EntityHooks` objects, such as a check shared by several entities) as one
 * `ServerHooks` of lists, in the order given.
 * @example hooks: hookLists(lastAdminHooks, principalHooks)
 */
export function hookLists(...sets: Array<EntityHooks | ServerHooks>): ServerHooks {
  const out: Required<ServerHooks> = {
    beforeValidate: [],
    beforeChange: [],
    afterChange: [],
    afterDelete: [],
    afterCommit: [],
  };
  for (const set of sets)
    for (const moment of Object.keys(out) as Array<keyof ServerHooks>) {
      const v = set[moment] as unknown;
      if (v === undefined) continue;
      (out[moment] as unknown[]).push(...(Array.isArray(v) ? v : [v]));
    }
  return out;
}

/** Hook contexts, re-exported for the server's declarations. */
export type { ActionContext, BeforeChangeContext, BeforeValidateContext, HookContext, WireRecord };
