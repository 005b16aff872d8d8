/**
 * The texts of a list row on a phone (react-admin's `SimpleList` in `SchemaList`), derived from
 * the schema alone: the record's representation above, one or two of the list's columns below.
 */
import type { RaRecord } from 'react-admin';
import type { EntitySchema, Field } from '../../../schemas/define';
import { listColumns } from '../columns';
import { formatValue } from '../fields';
import { getPath, representRecord } from '../format';

/** How many list columns a phone row shows under its title. */
export const PHONE_SECONDARY_COLUMNS = 2;

/** Column types that say nothing as bare text under a title ("Yes" of which column?). */
const UNLABELLED_TYPES = new Set<Field['type']>(['boolean']);

/**
 * The field paths a record representation names: `'gname'` -> `['gname']`,
 * `'%{number} %{client.gname}'` -> `['number', 'client.gname']`, none without one.
 */
export const representationPaths = (template: string | undefined): string[] =>
  !template
    ? []
    : template.includes('%{')
      ? [...template.matchAll(/%\{([^}]+)\}/g)].map((m) => m[1]!.trim())
      : [template];

/**
 * The list columns a phone row shows under its title: the first {@link PHONE_SECONDARY_COLUMNS}
 * of the schema's list columns (`listColumns`) that the title does not already show, leaving
 * out `id` and yes/no columns.
 * @example phoneColumns(clients).map(([path]) => path) // ['country', 'sector']
 */
export const phoneColumns = (schema: EntitySchema): Array<[string, Field]> => {
  const shown = representationPaths(schema.recordRepresentation);
  return listColumns(schema)
    .filter(
      ([path, fd]) =>
        path !== 'id' &&
        !UNLABELLED_TYPES.has(fd.type) &&
        !shown.some((s) => s === path || s.startsWith(`${path}.`) || path.startsWith(`${s}.`)),
    )
    .slice(0, PHONE_SECONDARY_COLUMNS);
};

export interface PhoneListTexts {
  /** The row's title: the record's representation (`#<id>` when it has none). */
  primary: (record: RaRecord) => string;
  /** The row's second line: the phone columns' values as text, joined by ` · `, blanks left out. */
  secondary: (record: RaRecord) => string;
}

/**
 * The two texts of a schema's phone row.
 * @example phoneListTexts(clients).secondary({ id: 1, country: { gname: 'Kazakhstan' }, sector: { gname: 'Banking' } })
 *   // 'Kazakhstan · Banking'
 */
export const phoneListTexts = (schema: EntitySchema): PhoneListTexts => {
  const columns = phoneColumns(schema);
  return {
    primary: (record) => representRecord(schema.recordRepresentation, record),
    secondary: (record) =>
      columns
        .map(([path, fd]) => formatValue(fd, getPath(record, path)))
        .filter((text) => text !== '')
        .join(' · '),
  };
};
