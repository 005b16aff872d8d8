/**
 * The permission predicate the shell hands to `resourceFor` (`src/app/resources.tsx` builds it
 * from the signed-in user's permissions with `createCanAccess`). Actions are react-admin's:
 * `list`, `show`, `create`, `edit`, `delete`; `resource` is a route (`clients`). A card tab with a
 * `module` and no related list is asked as `canAccess('view', <module>)` (NAV-37..44).
 */
import { createContext, useContext } from 'react';
import { useGetIdentity, usePermissions, type RaRecord } from 'react-admin';
import type { EntitySchema, WireRecord } from '../../schemas/define';
import type { Permissions } from '../access/canAccess';

export type CanAccess = (action: string, resource: string) => boolean;

const allowAll: CanAccess = () => true;

export const CanAccessContext = createContext<CanAccess>(allowAll);

/** The predicate in scope (allow-all outside a provider, e.g. in isolated tests). */
export const useResourceAccess = (): CanAccess => useContext(CanAccessContext);

/**
 * Whether the user reads a field (H2-05): a personal field (`readModules`) only with `view` on one
 * of its modules, asked as `canAccess('view', <module>)`; the server leaves it out of its answers
 * otherwise, so the list, the card and the form neither show nor ask for it.
 * @example readsField(employees.fields.birthDate, canAccess) // false for a publisher (team only)
 */
export const readsField = (fd: { readModules?: readonly string[] }, canAccess: CanAccess): boolean =>
  !fd.readModules || fd.readModules.some((m) => canAccess('view', m));

/** The names of the fields of `schema` the user does not read ({@link readsField}); usually none. */
export const unreadFields = (
  schema: { fields: Record<string, { readModules?: readonly string[] }> },
  canAccess: CanAccess,
): string[] =>
  Object.entries(schema.fields)
    .filter(([, fd]) => !readsField(fd, canAccess))
    .map(([name]) => name);

/**
 * Whether the card, the form and the list offer Delete on `record` beyond the privilege: the
 * schema's `deleteWhen` judged with the signed-in user's roles and employee (TIME-18: a lawyer's
 * own unbilled time entry). True for a schema without `deleteWhen`; false while the user is
 * loading, so no Delete shows that the server would then refuse.
 * @example const deletable = useDeleteWhen(times); deletable(record) // false on a billed entry
 */
export function useDeleteWhen(schema: Pick<EntitySchema, 'deleteWhen'>): (record: RaRecord | undefined) => boolean {
  const { identity } = useGetIdentity();
  const { permissions } = usePermissions<Permissions | undefined>();
  const when = schema.deleteWhen;
  if (!when) return () => true;
  if (!identity || !permissions) return () => false;
  const employeeId = (identity as { employeeId?: unknown }).employeeId;
  const user = { roles: permissions.roles, employeeId: typeof employeeId === 'number' ? employeeId : null };
  return (record) => !!record && when(user, record as WireRecord);
}
