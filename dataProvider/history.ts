import type { Identifier } from 'ra-core';
import type { HttpClient } from './httpClient';
import { withQuery } from './query';

/** One field a write changed (values in wire units; a write-only field has none). */
export interface HistoryChange {
  field: string;
  before?: unknown;
  after?: unknown;
  writeOnly?: true;
}

/** One write of a record, as `GET <collection>/{id}/history` returns it. */
export interface HistoryEntry {
  id: number;
  action: 'create' | 'update' | 'delete' | 'restore' | 'purge';
  changedBy: string | null;
  /** ISO 8601. */
  changedAt: string;
  changes: HistoryChange[];
}

/** Which page of a record's history to read (`page` 1-based, as react-admin counts). */
export interface GetHistoryParams {
  id: Identifier;
  pagination: { page: number; perPage: number };
  signal?: AbortSignal;
}

/**
 * Reads a page of a record's history, newest first, from the record URL `itemUrl`.
 * @example
 * const { data, total } = await dataProvider.getHistory('clients', { id: 12, pagination: { page: 1, perPage: 20 } });
 * @throws HttpError as every data provider call (403/404 when the record may not be read)
 */
export async function fetchHistory(
  httpClient: HttpClient,
  itemUrl: string,
  { pagination, signal }: GetHistoryParams,
): Promise<{ data: HistoryEntry[]; total: number }> {
  const url = withQuery(`${itemUrl}/history`, { page: pagination.page - 1, size: pagination.perPage });
  const { json } = await httpClient<{ _embedded?: { history?: HistoryEntry[] }; page?: { totalElements?: number } }>(
    url,
    { signal },
  );
  return { data: json?._embedded?.history ?? [], total: Number(json?.page?.totalElements ?? 0) };
}
