/**
 * What the SPA offers of a declared status (`status` in `schemas/define.ts`): the moves from the
 * current code that the signed-in user may take, judged with the same rules the server enforces
 * (`schemas/statuses.ts`) through the shell's `canAccess`. The server decides anyway; this only
 * hides what would be refused.
 */
import type { EntitySchema, StatusTransition } from '../../../schemas/define';
import { findTransition, nextCodes } from '../../../schemas/statuses';
import { dictionaryCode } from '../../../schemas/dictionaryTypes';
import type { CanAccess } from '../access';

/**
 * A module name no role holds a privilege on: `canAccess(action, ADMIN_ONLY)` falls back to the
 * module privilege check, which only administrators pass (PERM-03).
 */
export const ADMIN_ONLY = '(administrators only)';

/** A dictionary entry of the status, as the API embeds it. */
export interface StatusEntry {
  id: number;
  code: number;
  gname: string;
}

/** One move the card may offer. */
export interface StatusMove {
  code: number;
  transition: StatusTransition;
}

/** Whether `canAccess` allows the user to take `transition` of `schema` (an update first of all). */
export function mayTakeHere(schema: EntitySchema, transition: StatusTransition, canAccess: CanAccess): boolean {
  if (!canAccess('edit', schema.route)) return false;
  const p = transition.privilege ?? 'update';
  if (p === 'admin') return canAccess('view', ADMIN_ONLY);
  if (typeof p === 'object') return canAccess(p.action, p.module);
  return p === 'update' || typeof schema.module !== 'string' ? true : canAccess(p, schema.module);
}

/** The moves from `code` the user may take, in declaration order. */
export function movesFrom(schema: EntitySchema, code: number | undefined, canAccess: CanAccess): StatusMove[] {
  const status = schema.status;
  if (!status || code === undefined) return [];
  return nextCodes(status, code)
    .map((to) => ({ code: to, transition: findTransition(status, code, to)! }))
    .filter((m) => mayTakeHere(schema, m.transition, canAccess));
}

/** The status entry a record embeds (`{ id, code, gname }`), or undefined. */
export function currentEntry(
  schema: EntitySchema,
  record: Record<string, unknown> | undefined,
): StatusEntry | undefined {
  const v = schema.status && record ? record[schema.status.field] : undefined;
  return v && typeof v === 'object' && typeof (v as StatusEntry).code === 'number' ? (v as StatusEntry) : undefined;
}

/** The filter of the status dictionary's entries (`type.code`). */
export function entriesFilter(schema: EntitySchema): Record<string, number> {
  const fd = schema.fields[schema.status!.field]!;
  return { 'type.code': dictionaryCode(fd.dictionary!) };
}
