/**
 * THE display table: every field type's text formatter, list cell and show field
 * ({@link FieldDisplay}). In the first load (lists use it); inputs and filters have tables of their
 * own that load with forms and the filter bar (`inputs.ts`, `filters.ts`).
 */
import { cloneElement, type ReactElement, type ReactNode } from 'react';
import type { Field, FieldType } from '../../../schemas/define';
import { getNamePath, getPath } from '../format';
import { labelOf } from '../schemaUtils';
import { referenceDisplays } from './reference/display';
import { withRegistered } from './registry';
import { scalarDisplays } from './scalar/display';
import { structuredDisplays } from './structured/display';
import { translatedDisplay } from './translated/display';
import type { FieldDisplay, Rec } from './types';

/**
 * Every field type's display; exhaustive, so a new `FieldType` fails the type check until it has
 * one. The `file` and `files` entries are the files area's, registered at start-up (`./registry`).
 */
export const fieldDisplays: Record<FieldType, FieldDisplay> = withRegistered(
  {
    ...scalarDisplays,
    ...referenceDisplays,
    ...structuredDisplays((value, fd) => formatValue(fd, value), fieldFor),
    translated: translatedDisplay,
  },
  (renderers) => renderers.display,
);

/**
 * A field value as plain text (the wizard's summary, chips, titles): the type's one formatter.
 * @example formatValue(f.percent(), 0.12) // '12%'
 */
export const formatValue = (fd: Field, value: unknown): string => fieldDisplays[fd.type].text(value, fd);

/**
 * The display element of one schema field (dotted `name` for embedded paths like `type.code`),
 * usable as a DataTable cell's child, in a `SimpleShowLayout` or a `TabbedShowLayout.Tab`.
 */
export function fieldFor(name: string, fd: Field, options: { inList?: boolean } = {}): ReactElement {
  const element = fieldDisplays[fd.type].field({ source: name, label: labelOf(name, fd), inList: options.inList }, fd);
  return cloneElement(element, { key: name });
}

/**
 * A list cell's renderer for DataTable's `render`, or `undefined` for the types whose cell is
 * their {@link fieldFor} element (chips, embedded groups). A global name's cell (`gname`) shows
 * the local name in Russian where the row has one (`getNamePath`), unless `options.localShown`
 * says the list shows the local name in a column of its own.
 *
 * @example
 * cellRender('gname', f.text(), { localShown: columns.includes('lname') })
 */
export function cellRender(
  name: string,
  fd: Field,
  options: { localShown?: boolean } = {},
): ((record: Rec) => ReactNode) | undefined {
  const cell = fieldDisplays[fd.type].cell;
  const read = options.localShown ? getPath : getNamePath;
  return cell && ((record) => cell(read(record, name), fd));
}

/** Whether a list column may be sorted on. */
export const isSortable = (fd: Field): boolean => fieldDisplays[fd.type].sortable;

/** Whether a field is one of a list's default columns. */
export const isDefaultColumn = (fd: Field): boolean => fieldDisplays[fd.type].column;
