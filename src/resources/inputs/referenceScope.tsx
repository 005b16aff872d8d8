/**
 * Extra filters for the pick lists of a form's references, by field name. A child form opened
 * from a card tab whose `via` is a path (`contact.client` on the client card's leads tab) cannot
 * preselect the parent, since the child does not refer to it directly: it narrows the first
 * reference's choices to records of that parent instead (`{ contact: { 'client.id': 12 } }`).
 */
import { createContext, useContext } from 'react';
import type { FilterSpec } from '../../../schemas/define';

/** Field name -> filter in the list grammar, merged into that field's pick-list filter. */
export type ReferenceScope = Record<string, FilterSpec>;

const NONE: ReferenceScope = {};

export const ReferenceScopeContext = createContext<ReferenceScope>(NONE);

/** The scope's extra filter of the reference input `name` (a top-level field), if any. */
export const useReferenceScope = (name: string): FilterSpec | undefined => useContext(ReferenceScopeContext)[name];

/**
 * The scope a card tab's child form gets from its parent: none when `via` is the child's own
 * reference to the parent (the form preselects it), else the path's first reference narrowed to
 * records whose rest of the path is the parent.
 *
 * @param via the tab's `related.via` (`client`, `contact.client`)
 * @param parentId the parent record's id
 * @example scopeFromParent('contact.client', 12) // { contact: { 'client.id': 12 } }
 */
export function scopeFromParent(via: string, parentId: string | number): ReferenceScope {
  const [head, ...rest] = via.split('.');
  if (rest.length === 0) return NONE;
  return { [head!]: { [`${rest.join('.')}.id`]: Number(parentId) } };
}
