/**
 * Dictionary types (the `baseDictionaryTypes` rows) and their seeded entries (`baseDictionaries`),
 * declared in the area folder whose schemas use them (`schemas/crm/dictionaries.ts`) and collected
 * in `schemas/dictionaryTypes.ts`. A field names its type: `f.dictionary('CONTACT_STAGE')`; the
 * registry check fails at load on a name no declaration has.
 *
 * Entries are reference data: every start inserts the declared entries a database lacks (by type
 * and code), never changing or deleting what users edited (server/db/seed/reference.ts).
 */

/** A seeded dictionary entry. */
export interface DictionaryEntrySeed {
  /** The entry's code within its type; with the type, its natural key. */
  code: number;
  gname: string;
  lname?: string;
  charCode?: string;
  /** A database id the product relies on (`positions.level` defaults to entry 22). */
  id?: number;
}

/** A dictionary type and its seeded entries. */
export interface DictionaryDeclaration<N extends string = string> {
  /** Upper-case name fields refer to: `COUNTRY`. */
  name: N;
  /** The type's code, fixed forever: stored rows, filters (`type.code=4`) and tests use it. */
  code: number;
  /** The type's display name. */
  label: string;
  entries: readonly DictionaryEntrySeed[];
}

/**
 * Declares a dictionary type with its seed entries.
 *
 * @example
 * export const contactStage = defineDictionary({
 *   name: 'CONTACT_STAGE',
 *   code: 8,
 *   label: 'Contact stage',
 *   entries: [{ code: 1, gname: 'New' }, { code: 2, gname: 'Engaged' }],
 * });
 * @throws Error when the name is not upper snake case, the code not a positive integer, or two
 *   entries share a code
 */
export function defineDictionary<const N extends string>(
  declaration: DictionaryDeclaration<N>,
): DictionaryDeclaration<N> {
  const { name, code, entries } = declaration;
  if (!/^[A-Z][A-Z0-9_]*$/.test(name)) throw new Error(`dictionary ${name}: the name must be UPPER_SNAKE_CASE`);
  if (!Number.isInteger(code) || code < 1)
    throw new Error(`dictionary ${name}: code ${code} is not a positive integer`);
  const codes = new Set<number>();
  for (const e of entries) {
    if (codes.has(e.code)) throw new Error(`dictionary ${name}: two entries have code ${e.code}`);
    codes.add(e.code);
  }
  return declaration;
}

/**
 * Checks a set of declarations: names and codes unique.
 * @throws Error naming both declarations that share a name or a code
 */
export function checkDictionaries(declarations: readonly DictionaryDeclaration[]): void {
  const byName = new Map<string, DictionaryDeclaration>();
  const byCode = new Map<number, DictionaryDeclaration>();
  for (const d of declarations) {
    if (byName.has(d.name)) throw new Error(`dictionary ${d.name} is declared twice`);
    const other = byCode.get(d.code);
    if (other) throw new Error(`dictionaries ${other.name} and ${d.name} both have code ${d.code}`);
    byName.set(d.name, d);
    byCode.set(d.code, d);
  }
}
