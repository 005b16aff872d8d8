import { isAdmin, hasPrivilege, type Privilege } from './access';
import type { EntitySchema, StatusConfig, StatusTransition } from './define';

/**
 * The rules of a declared status (`status` in `schemas/define.ts`), shared by the server, which
 * enforces them, and the SPA, which offers only the moves they allow. Pure functions of codes
 * (the dictionary entries' `code`s) and the user's roles and merged privileges.
 */

/** The transition that allows `from` -> `to`, or undefined when none is declared. */
export const findTransition = (status: StatusConfig, from: number, to: number): StatusTransition | undefined =>
  status.transitions.find((t) => t.from.includes(from) && t.to.includes(to));

/** The codes a record in `from` may move to, in declaration order, without duplicates. */
export const nextCodes = (status: StatusConfig, from: number): number[] => [
  ...new Set(status.transitions.filter((t) => t.from.includes(from)).flatMap((t) => t.to)),
];

/**
 * Whether a user holding `roles` and `privileges` may take `transition` of `schema` (its module's
 * `update` access is checked separately, as for any write).
 */
export function mayTake(
  schema: Pick<EntitySchema, 'module'>,
  transition: StatusTransition,
  roles: string[],
  privileges: Map<string, Privilege>,
): boolean {
  const p = transition.privilege ?? 'update';
  if (p === 'admin') return isAdmin(roles);
  if (typeof p === 'object') return hasPrivilege(roles, privileges, p.module, p.action);
  const module = typeof schema.module === 'string' ? schema.module : undefined;
  return module ? hasPrivilege(roles, privileges, module, p) : isAdmin(roles);
}

/** How a transition's privilege reads in a refusal: `the create privilege on invoice`, `an administrator`. */
export function privilegeText(schema: Pick<EntitySchema, 'module'>, transition: StatusTransition): string {
  const p = transition.privilege ?? 'update';
  if (p === 'admin') return 'an administrator';
  if (typeof p === 'object') return `the ${p.action} privilege on ${p.module}`;
  return `the ${p} privilege on ${typeof schema.module === 'string' ? schema.module : schema.module ? 'the record' : 'it'}`;
}

/** The fields a write may not change while a record is in status `code`. */
export const readOnlyIn = (status: StatusConfig, code: number | undefined): string[] =>
  code === undefined ? [] : (status.readOnlyIn?.[code] ?? []);
