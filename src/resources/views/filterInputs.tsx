/**
 * The list filter inputs other than the search box, in the list toolbar's chunk (the pick list's
 * Autocomplete, its popper and the selects are not in the first load).
 * Rendered by {@link SchemaFilterInput} in `filters.tsx`; the inputs come from the filter table.
 */
import { fieldFilters, textFilter } from '../fieldTypes/filters';
import type { FilterInputProps } from './filters';

/** One filter input by the field's type; `.in` / `.notIn` lists and unknown fields are typed as text. */
export default function FilterInput({ fd, isList, ...props }: FilterInputProps) {
  if (!fd || isList) return textFilter({ ...props, field: { type: 'text' } });
  return fieldFilters[fd.type]({ ...props, field: fd });
}
