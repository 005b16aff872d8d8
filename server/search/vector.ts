import { columnName } from '../db/naming';
import type { EntitySchema } from '../../schemas/define';

/**
 * The full-text document of a searchable entity (`globalSearch` in schemas/define.ts) as SQL: its
 * columns' text, each NULL as empty, as one `tsvector` of the `simple` configuration (words and
 * codes as typed) and the `russian` one (Russian words by their stem, Latin words by the English
 * stemmer). The GIN index of the table (`server/db/tables.ts`) is declared over this very
 * expression, and the search's WHERE repeats it, so the planner uses the index.
 * @param alias the table alias the columns are qualified with (`t0`), or none for the index
 * @example
 * searchDocument(clients, 't0')
 * // (to_tsvector('simple'::regconfig, coalesce(t0."gname", '') || ' ' || coalesce(t0."iin_bin", ''))
 * //  || to_tsvector('russian'::regconfig, ...same text...))
 * @throws Error when the schema declares no `globalSearch`
 */
export function searchDocument(schema: EntitySchema, alias?: string): string {
  if (!schema.globalSearch) throw new Error(`schema ${schema.name} declares no globalSearch`);
  const text = schema.globalSearch.fields
    .map((name) => {
      const column = `"${columnName(name, schema.fields[name]!)}"`;
      return `coalesce(${alias ? `${alias}.${column}` : column}, '')`;
    })
    .join(` || ' ' || `);
  return `(to_tsvector('simple'::regconfig, ${text}) || to_tsvector('russian'::regconfig, ${text}))`;
}

/** The name of a searchable entity's GIN index. */
export const searchIndexName = (schema: EntitySchema): string => `${schema.table}_search_idx`;
