/**
 * Test helper: ra-data-fakerest data read with the API's filter operators (`a.b=1`, `.ne`,
 * `.gte`, `.lt`, `.in`, `.isNull`, `q`), every call recorded, and an `httpClient` stub under the
 * data provider's own verbs for the bespoke calls (total duration, export).
 */
import fakeRestProvider from 'ra-data-fakerest';
import { vi } from 'vitest';
import type { DataProvider, GetListParams } from 'react-admin';
import { createHttpVerbs, type HttpClient } from '../../dataProvider/index';

const OPS = new Set(['ne', 'gte', 'gt', 'lte', 'lt', 'in', 'isNull']);

const read = (row: unknown, path: string[]): unknown =>
  path.reduce<unknown>((v, k) => (v && typeof v === 'object' ? (v as Record<string, unknown>)[k] : undefined), row);

const cmp = (a: unknown, b: unknown) => (String(a) < String(b) ? -1 : String(a) > String(b) ? 1 : 0);

/** Whether a row passes one filter entry. */
export function passes(row: Record<string, unknown>, key: string, want: unknown): boolean {
  if (want === undefined || want === null || want === '') return true;
  if (key === 'q') return JSON.stringify(row).toLowerCase().includes(String(want).toLowerCase());
  const parts = key.split('.');
  const op = OPS.has(parts[parts.length - 1]!) ? parts.pop()! : 'eq';
  const v = read(row, parts);
  switch (op) {
    case 'ne':
      return String(v) !== String(want);
    case 'gte':
      return v != null && cmp(v, want) >= 0;
    case 'gt':
      return v != null && cmp(v, want) > 0;
    case 'lte':
      return v != null && cmp(v, want) <= 0;
    case 'lt':
      return v != null && cmp(v, want) < 0;
    case 'in':
      return (Array.isArray(want) ? want : String(want).split(',')).map(String).includes(String(v));
    case 'isNull':
      return (v == null) === (String(want) === 'true');
    default:
      return String(v) === String(want);
  }
}

export interface Call {
  method: string;
  resource: string;
  params: Record<string, unknown>;
}

/**
 * A data provider over `data` with the API's filters; `calls` records every react-admin call,
 * `verbs` spies the bespoke verbs (`action`, `request`, `excel`), `httpClient` is the stub under them.
 */
export function testProvider(data: Record<string, Array<Record<string, unknown>>>) {
  const fake = fakeRestProvider(data, false);
  const calls: Call[] = [];
  const list = async (resource: string, params: GetListParams) => {
    const all = (await fake.getList(resource, {
      pagination: { page: 1, perPage: 100_000 },
      sort: params.sort ?? { field: 'id', order: 'ASC' },
      filter: {},
    })) as { data: Array<Record<string, unknown>> };
    const rows = all.data.filter((r) => Object.entries(params.filter ?? {}).every(([k, v]) => passes(r, k, v)));
    const { page = 1, perPage = 20 } = params.pagination ?? {};
    return { data: rows.slice((page - 1) * perPage, page * perPage), total: rows.length } as never;
  };
  const httpClient = vi.fn(async (_url: string, _init?: Record<string, unknown>) => ({
    status: 200,
    headers: new Headers(),
    body: '',
    json: { durationTotal: 5_400_000 } as unknown,
    blob: new Blob(['xlsx']),
  }));
  const real = createHttpVerbs(httpClient as unknown as HttpClient);
  const verbs = { ...real, action: vi.fn(real.action), request: vi.fn(real.request), excel: vi.fn(real.excel) };
  const provider: DataProvider & { httpClient: typeof httpClient } = {
    ...fake,
    httpClient,
    // the data provider's own verbs over the stub, spied: a test asserts the call the screen makes
    ...verbs,
    getList: (resource, params) => {
      calls.push({ method: 'getList', resource, params: params as never });
      return list(resource, params);
    },
    getManyReference: (resource, { target, id, filter, ...rest }) => {
      calls.push({ method: 'getManyReference', resource, params: { target, id, filter } });
      return list(resource, { ...rest, filter: { ...filter, [target.endsWith('.id') ? target : `${target}.id`]: id } });
    },
    create: (resource, params) => {
      calls.push({ method: 'create', resource, params: params as never });
      return fake.create(resource, params);
    },
    update: (resource, params) => {
      calls.push({ method: 'update', resource, params: params as never });
      return fake.update(resource, params);
    },
  };
  return { provider, calls, httpClient, verbs };
}
