/**
 * List filter inputs from `schema.list.filters`: search (always on, sent as `q`, which the data
 * provider maps to `search`), references as ReferenceInput + AutocompleteInput, booleans as a
 * yes/no/any select, enums as selects, anything else as text.
 *
 * None of them is in the first load: they come with the list's toolbar (`listToolbar.tsx`), whose
 * chunk holds them all (~17 KB gzip of Autocomplete, popper and selects), so an always-on
 * filter is on screen with the toolbar and never appears later and pushes the rows down.
 * react-admin's FilterForm and FilterButton read `source`, `label` and `alwaysOn` from the
 * elements' props, so the wrapper carries them.
 */
import { memo, type ReactElement } from 'react';
import { SearchInput } from 'react-admin';
import type { EntitySchema, Field } from '../../../schemas/define';
import { fieldKey } from '../../i18n/keys';
import { fieldFilters, textFilter } from '../fieldTypes/filters';

/** Props of one generated filter input: react-admin's input props plus the schema field. */
export interface FilterInputProps {
  source: string;
  label: string;
  alwaysOn?: boolean;
  /** The schema field filtered on (absent when the filter's source names no field). */
  fd?: Field;
  /** `.in` / `.notIn` filters take a comma-separated list, typed as text. */
  isList: boolean;
  [prop: string]: unknown;
}

/** One filter input by the field's type; `.in` / `.notIn` lists and unknown fields are typed as text. */
function FilterInput({ fd, isList, ...props }: FilterInputProps) {
  if (!fd || isList) return textFilter({ ...props, field: { type: 'text' } });
  return fieldFilters[fd.type]({ ...props, field: fd });
}

/**
 * One generated filter input, memoised like the search box: react-admin's filter form re-renders every input on every change
 * of the list (page, page size, sort), and an always-on reference filter's Autocomplete costs
 * ~18 ms a time on a slow machine (the switch to 100 rows). The props the form adds are
 * constants, and an input still re-renders on its own value through react-hook-form.
 */
export const SchemaFilterInput = memo(FilterInput);
SchemaFilterInput.displayName = 'SchemaFilterInput';

/** react-admin's search input, memoised for the same reason as {@link SchemaFilterInput}. */
const Search = memo(SearchInput);

export function listFilters(schema: EntitySchema): ReactElement[] {
  const declared = schema.list?.filters ?? [];
  const out: ReactElement[] = [<Search key="q" source="q" alwaysOn />];
  for (const filter of declared) {
    if (filter.source === 'search' || filter.source === 'q') continue;
    const fieldName = filter.field ?? filter.source.split('.')[0]!;
    out.push(
      <SchemaFilterInput
        key={filter.source}
        source={filter.source}
        label={fieldKey(schema.route, filter.source)}
        alwaysOn={filter.alwaysOn}
        fd={filter.input ?? schema.fields[fieldName]}
        isList={/\.(in|notIn)$/.test(filter.source)}
      />,
    );
  }
  return out;
}
