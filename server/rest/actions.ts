import { extendedActionContext, serverOf } from './rooms';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { EntityAction, EntitySchema, WireRecord } from '../../schemas/define';
import { actionPathParams, actionUrl, isColumnField, isToOne } from '../../schemas/define';
import { getSchema } from '../../schemas/registry';
import type { AuthUser } from '../auth/types';
import type { Database } from '../db/database';
import { columnName } from '../db/naming';
import type { Db } from './service';
import { forbidden } from './errors';
import { q } from './model';
import { aggregateGroups, aggregateRecords, authorize, getRecord, listRecords, type AggregateSpec } from './service';
import type { RawQuery } from './query';
import { parseBody } from './validate';
import { systemWriter } from './system';

/**
 * The routes of the schema's actions (`EntityAction` in `schemas/define.ts`): `item` actions at
 * `<collection>/:id/<name>`, `collection` actions at `<collection>/<name>`, one route per
 * declared method. Checks run in the order the declaration documents: privilege (403), record
 * readable (as `GET <collection>/{id}`: 403/404), predicate (403), input (400), then the
 * body (the server room's) in a transaction.
 */

/** The pseudo-schema an action's input is validated against, so errors name `<Entity>.<action>`. */
export function inputSchema(schema: EntitySchema, name: string, action: EntityAction): EntitySchema {
  return {
    ...schema,
    name: `${schema.name}.${name}`,
    entityName: `${schema.entityName}.${name}`,
    fields: action.input ?? {},
    // a name no input field takes, so no property is read as the optimistic lock
    lockProperty: '\u0000lock',
    actions: undefined,
  };
}

/**
 * Validates an action's input like a create body (400 `Validation failed` with field errors)
 * and returns it by field name: scalars in wire units, references as ids, lists as id arrays,
 * embedded values as objects.
 */
export async function parseActionInput(
  schema: EntitySchema,
  name: string,
  action: EntityAction,
  body: unknown,
): Promise<WireRecord> {
  const target = inputSchema(schema, name, action);
  const write = await parseBody(target, body ?? {}, 'create');
  const input: WireRecord = {};
  for (const [field, fd] of Object.entries(target.fields)) {
    if (isColumnField(fd)) {
      const col = columnName(field, fd);
      if (!Object.hasOwn(write.columns, col)) continue;
      const v = write.columns[col];
      input[field] =
        (fd.type === 'embedded' || fd.type === 'embeddedList') && typeof v === 'string' ? JSON.parse(v) : v;
    }
  }
  for (const link of write.links) input[link.name] = link.ids;
  return input;
}

/**
 * The input of a `GET` action as a body: each declared field present in the query string, parsed
 * as its type would be sent in JSON (numbers, booleans, references `{ id }`); other parameters
 * (a cache buster) are left out. A value that does not parse stays a string, so validation
 * answers 400 naming the field.
 */
export function queryInput(action: EntityAction, query: unknown): WireRecord {
  const body: WireRecord = {};
  const raw = (query ?? {}) as Record<string, unknown>;
  for (const [name, fd] of Object.entries(action.input ?? {})) {
    if (!Object.hasOwn(raw, name)) continue;
    const v = raw[name];
    if (typeof v !== 'string') {
      body[name] = v;
      continue;
    }
    const numeric = /^-?\d+(\.\d+)?$/.test(v);
    if (fd.type === 'boolean') body[name] = v === 'true' ? true : v === 'false' ? false : v;
    else if (isToOne(fd))
      body[name] = fd.type === 'refId' ? (numeric ? Number(v) : v) : { id: numeric ? Number(v) : v };
    // Money stays the decimal string it was sent as (exact); the money wire type reads it.
    else if (fd.type === 'money') body[name] = v;
    else if (['number', 'percent', 'durationMs'].includes(fd.type) && numeric) body[name] = Number(v);
    else body[name] = v;
  }
  return body;
}

/** The path of an action relative to the collection path (`actionUrl` in `schemas/define.ts`). */
export const actionPath = (path: string, name: string, action: EntityAction): string => actionUrl(path, name, action);

/** The input an action reads from its path (`:field` segments), as strings keyed by field. */
const pathInput = (action: EntityAction, params: unknown): WireRecord => {
  const raw = (params ?? {}) as Record<string, string | undefined>;
  return Object.fromEntries(actionPathParams(action).flatMap((k) => (raw[k] === undefined ? [] : [[k, raw[k]]])));
};

/** Registers every action of `schema` under the collection `path`. */
export function registerActions(
  app: FastifyInstance,
  db: Database,
  schema: EntitySchema,
  path: string,
  helpers: { requireUser: (r: FastifyRequest) => AuthUser; idParam: (r: FastifyRequest) => number },
): void {
  for (const [name, action] of Object.entries(schema.actions ?? {})) {
    // the body: the server declaration's (server/<area>/)
    const run = serverOf(schema.name)?.actions?.[name];
    if (!run) throw new Error(`schema ${schema.name}: action ${name} has no body`);
    for (const method of action.methods ?? ['POST']) {
      app.route({
        method,
        url: actionPath(path, name, action),
        handler: async (request, reply) => {
          const user = helpers.requireUser(request);
          if (action.access.privilege) authorize(schema, user, action.access.privilege);
          const id = action.level === 'item' ? helpers.idParam(request) : undefined;
          // a GET only reads: it runs its statements as the list does, without a transaction (no
          // BEGIN and COMMIT round trips); every other method runs in one, with the row locked
          const within = <T>(work: (tx: Db) => Promise<T>): Promise<T> =>
            method === 'GET' ? work(db) : db.transaction(work);
          const result = await within(async (tx) => {
            let row: WireRecord | undefined;
            if (id !== undefined) {
              // the record the path's id names: this collection's, or the one `idOf` declares
              const owner = action.idOf ? getSchema(action.idOf) : schema;
              row = await getRecord(tx, owner, user, id);
              if (method !== 'GET') await tx.query(`SELECT 1 FROM ${q(owner.table)} WHERE id = $1 FOR UPDATE`, [id]);
            }
            if (action.access.allow && !action.access.allow(user, row))
              throw forbidden(`Access denied: ${name} on ${schema.name}`);
            // a GET reads: its input from the query string, whose other parameters are the list's filters
            const fromPath = pathInput(action, request.params);
            const sent = request.body;
            const body =
              method === 'GET'
                ? queryInput(action, { ...(request.query as object), ...fromPath })
                : Object.keys(fromPath).length > 0 &&
                    (sent === undefined || (typeof sent === 'object' && sent !== null && !Array.isArray(sent)))
                  ? { ...(sent as object | undefined), ...fromPath }
                  : sent;
            const input = await parseActionInput(schema, name, action, body);
            const query = (request.query ?? {}) as RawQuery;
            const list = actionList(tx, schema, user, query);
            const read = async (readId: number, options: { lock?: boolean } = {}) => {
              if (options.lock) await tx.query(`SELECT 1 FROM ${q(schema.table)} WHERE id = $1 FOR UPDATE`, [readId]);
              return getRecord(tx, schema, user, readId);
            };
            const write = systemWriter(tx, user.username);
            // helpers the rooms add (the approvals' `startVerification`), else one that says none does
            const startVerification = () =>
              Promise.reject(new Error(`${schema.name} declares no verification (no room starts its chain)`));
            return run({
              tx,
              schema,
              user,
              method,
              id,
              row,
              input,
              query,
              list,
              read,
              write,
              startVerification,
              ...extendedActionContext({ tx, schema, user }),
            });
          });
          if (result === undefined) return reply.code(204).send();
          return reply.code(action.status ?? 200).send(result);
        },
      });
    }
  }
}

/**
 * The `list` an action body is handed (`ActionContext.list`): the collection's rows as `user`
 * reads them under the request's `query` (the list's filters) - exact sums (`aggregate`), sums per
 * group (`aggregateGroups`) and a page of records (`page`). Exported so server code that runs an
 * action body without HTTP (the money check) hands it the same.
 * @example const totals = await actionList(db, invoices, admin, { 'status.code': '4' }).aggregate({ total: { sum: 'totalAmount' } })
 */
export function actionList(tx: Db, schema: EntitySchema, user: AuthUser, query: RawQuery) {
  return {
    aggregate: (spec: AggregateSpec) => aggregateRecords(tx, schema, user, query, spec),
    aggregateGroups: (spec: AggregateSpec, groupBy: string[]) =>
      aggregateGroups(tx, schema, user, query, spec, groupBy),
    page: async (pageQuery: Record<string, string>) => {
      const page = await listRecords(tx, schema, user, pageQuery);
      return { items: page.items, totalElements: page.page.totalElements };
    },
  };
}
