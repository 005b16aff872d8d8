/** The list's resource on the wire, for the export button and the import dialog. */
import { useContext } from 'react';
import { DataProviderContext } from 'react-admin';
import { resolvedOf } from './transfer';

/**
 * Where the list's resource lives on the wire (`resolvedOf`), read from the data provider itself:
 * react-admin's `useDataProvider` wraps every function as an asynchronous verb.
 */
export function useResolvedResource(resource: string) {
  return resolvedOf((useContext(DataProviderContext) ?? {}) as Parameters<typeof resolvedOf>[0], resource);
}
