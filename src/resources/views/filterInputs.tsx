/**
 * The list filter inputs other than the search box, in their own chunk (the pick list's
 * Autocomplete, its popper and the selects are not in the first load; the rows show without them).
 * Rendered by {@link LazyFilterInput} in `filters.tsx`.
 */
import { AutocompleteInput, NullableBooleanInput, ReferenceInput, SelectInput, TextInput } from 'react-admin';
import { representRecord } from '../format';
import { referenceFilter, targetRepresentation, targetRoute } from '../schemaUtils';
import type { FilterInputProps } from './filters';

/**
 * One filter input by the field's type: references as ReferenceInput + AutocompleteInput (with the
 * field's pick-list filter), booleans as yes/no/any, enums as a select, anything else as text.
 */
export default function FilterInput({ fd, isList, ...props }: FilterInputProps) {
  if (fd && !isList && (fd.type === 'ref' || fd.type === 'dictionary' || fd.type === 'refId')) {
    const template = targetRepresentation(fd);
    return (
      <ReferenceInput {...props} reference={targetRoute(fd)} filter={referenceFilter(fd)}>
        <AutocompleteInput label={props.label} optionText={(r: unknown) => representRecord(template, r)} />
      </ReferenceInput>
    );
  }
  if (fd?.type === 'boolean') return <NullableBooleanInput {...props} />;
  if (fd?.type === 'enum')
    return <SelectInput {...props} choices={(fd.values ?? []).map((v) => ({ id: v, name: v }))} />;
  return <TextInput {...props} />;
}
