import type { Identifier } from 'ra-core';
import type { HttpClient } from './httpClient';

/**
 * The trash of an entity with one (docs/api.md "Trash"): its list is react-admin's `getList` with
 * `meta: { trash: true }` (`GET <collection>/trash`, each record with `deletedAt` and
 * `deletedBy`); a record in it is brought back or removed for good with these calls.
 */

/** The `meta` of a `getList` that reads the trash instead of the live list. */
export const TRASH_META = { trash: true } as const;

/** Whether a `getList` call's `meta` asks for the trash. */
export const readsTrash = (meta: unknown): boolean =>
  typeof meta === 'object' && meta !== null && (meta as { trash?: unknown }).trash === true;

/** Which record of the trash to restore or purge. */
export interface TrashItemParams {
  id: Identifier;
}

/**
 * Brings the record back from the trash (`POST <collection>/{id}/restore`), with what went with it.
 * @throws HttpError 403 without the delete privilege, 404 when it is not in the trash, 409 while
 *   a record it references is in the trash (the message says which)
 */
export async function restoreFromTrash(httpClient: HttpClient, collectionUrl: string, { id }: TrashItemParams) {
  await httpClient(`${collectionUrl}/${encodeURIComponent(String(id))}/restore`, { method: 'POST' });
}

/**
 * Removes the record in the trash for good (`DELETE <collection>/{id}/purge`), with what went with it.
 * @throws HttpError 403, 404 as {@link restoreFromTrash}; 409 while another record references it
 */
export async function purgeFromTrash(httpClient: HttpClient, collectionUrl: string, { id }: TrashItemParams) {
  await httpClient(`${collectionUrl}/${encodeURIComponent(String(id))}/purge`, { method: 'DELETE' });
}
