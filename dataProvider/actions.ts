import type { Identifier } from 'ra-core';
import { actionPathParams, type ActionMethod, type EntityAction } from '../schemas/define';
import type { HttpClient } from './httpClient';
import { withQuery, type QueryParams } from './query';
import { fromHal, type ResolvedResource } from './resources';

/**
 * Which declared action to call and with what (`dataProvider.action`, docs/architecture.md
 * "Actions as a data-provider verb").
 */
export interface ActionParams {
  /** The action's key under the schema's `actions` (`votes`, `checkDocuments`). */
  name: string;
  /** The record, for an `item` action; ignored by a `collection` action. */
  id?: Identifier;
  /** One of the declared `methods`; default the first declared (`POST` when none is). */
  method?: ActionMethod;
  /**
   * The input: fields named by `:field` segments of the declared `path` go into the URL, the
   * rest into the query string for a GET, else into the JSON body.
   */
  data?: Record<string, unknown>;
  signal?: AbortSignal;
}

/**
 * What an action answered: its JSON body (`undefined` for 204); a HAL page
 * (`{ _embedded: { <key>: [...] }, page }`) is answered as its rows, without their `_links`, and
 * `total` (`page.totalElements`, else the number of rows).
 */
export interface ActionResult<T = unknown> {
  data: T;
  total?: number;
}

/** The request an action call makes: URL (with query), method and JSON body. */
export interface ActionRequest {
  url: string;
  method: ActionMethod;
  body?: Record<string, unknown>;
}

/**
 * Builds the request of a declared action: `<collection>/{id}/<path>` (item) or
 * `<collection>/<path>` (collection), `:field` segments filled from `data`.
 *
 * @example
 * actionRequest(resolve('invoices'), { name: 'recalculate', data: { invoiceId: 7 } })
 * // { url: '/core/api/invoices/recalculate/7', method: 'PATCH' }
 * @throws Error when the schema declares no such action, the method is not declared, an item
 *   action has no `id`, or a `:field` of the path has no value in `data`
 */
export function actionRequest(r: ResolvedResource, params: ActionParams): ActionRequest {
  const action: EntityAction | undefined = r.schema.actions?.[params.name];
  if (!action) {
    throw new Error(
      `The schema "${r.schema.name}" declares no action "${params.name}". Declare it under "actions" in its schema, or call one of: ${Object.keys(r.schema.actions ?? {}).join(', ') || '(none)'}.`,
    );
  }
  const methods = action.methods ?? ['POST'];
  const method = params.method ?? methods[0]!;
  if (!methods.includes(method)) {
    throw new Error(`The action "${r.schema.name}.${params.name}" answers ${methods.join(', ')}, not ${method}.`);
  }
  const rest: Record<string, unknown> = { ...params.data };
  const inPath = new Set(actionPathParams(action));
  const segments = (action.path ?? params.name).split('/').map((segment) => {
    if (!segment.startsWith(':')) return segment;
    const field = segment.slice(1);
    const value = rest[field];
    if (value === undefined || value === null || value === '') {
      throw new Error(
        `The action "${r.schema.name}.${params.name}" needs "${field}" in its data (its path is ${action.path}).`,
      );
    }
    return encodeURIComponent(String(value));
  });
  for (const field of inPath) delete rest[field];
  let base = r.url;
  if (action.level === 'item') {
    if (params.id === undefined || params.id === null || params.id === '') {
      throw new Error(`The action "${r.schema.name}.${params.name}" is an item action: give the record's id.`);
    }
    base = `${base}/${encodeURIComponent(String(params.id))}`;
  }
  const url = `${base}/${segments.join('/')}`;
  if (method === 'GET') return { url: withQuery(url, rest as QueryParams), method };
  // no body at all when nothing is left to send (fields all in the path, or no input)
  return Object.keys(rest).length > 0 ? { url, method, body: rest } : { url, method };
}

/** The rows and total of a HAL page, or undefined for any other answer. */
export function halRows(json: unknown): { data: unknown[]; total: number } | undefined {
  if (!json || typeof json !== 'object') return undefined;
  const { _embedded: embedded, page } = json as { _embedded?: unknown; page?: { totalElements?: unknown } };
  if (!embedded || typeof embedded !== 'object') return undefined;
  const rows = Object.values(embedded).find(Array.isArray) as unknown[] | undefined;
  const data = (rows ?? []).map((row) => fromHal(row));
  return { data, total: typeof page?.totalElements === 'number' ? page.totalElements : data.length };
}

/**
 * Calls a declared action (see {@link actionRequest}) and reads its answer ({@link ActionResult}).
 * @throws HttpError as every data provider call (400 with field errors, 403, 404, 409)
 */
export async function callAction<T>(
  httpClient: HttpClient,
  r: ResolvedResource,
  params: ActionParams,
): Promise<ActionResult<T>> {
  const { url, method, body } = actionRequest(r, params);
  const { json } = await httpClient(url, { method, signal: params.signal, ...(body ? { body } : {}) });
  const page = halRows(json);
  return (page ?? { data: json }) as ActionResult<T>;
}
