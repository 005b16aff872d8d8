/** Data hooks of the status views: the status dictionary's entries and the data provider's HTTP client. */
import { useDataProvider, useGetList } from 'react-admin';
import type { EntitySchema } from '../../../schemas/define';
import type { HttpClient } from '../../../dataProvider/httpClient';
import { DICTIONARY_RESOURCE } from '../schemaUtils';
import { entriesFilter, type StatusEntry } from './rules';

/** The entries of the status dictionary, by code. */
export function useStatusEntries(schema: EntitySchema): Map<number, StatusEntry> {
  const { data } = useGetList<StatusEntry & { id: number }>(DICTIONARY_RESOURCE, {
    filter: entriesFilter(schema),
    pagination: { page: 1, perPage: 100 },
    sort: { field: 'code', order: 'ASC' },
  });
  return new Map((data ?? []).map((e) => [e.code, e]));
}

/** The data provider's HTTP client (`createDataProvider` exposes it for calls beyond CRUD). */
export const useHttpClient = (): HttpClient => (useDataProvider() as unknown as { httpClient: HttpClient }).httpClient;
