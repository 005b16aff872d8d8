/**
 * THE filter table: every field type's list filter input ({@link FieldFilter}). In the list
 * toolbar's chunk (`../views/listToolbar.tsx`, through `../views/filters.tsx`): the pick list's Autocomplete, its popper and the
 * selects are not in the first load. References filter with their pick list (and its filter),
 * booleans with yes/no/any, enums with a select, the rest with a text input.
 */
import { AutocompleteInput, NullableBooleanInput, ReferenceInput, SelectInput, TextInput } from 'react-admin';
import type { FieldType } from '../../../schemas/define';
import { representRecord } from '../format';
import { referenceFilter, targetRepresentation, targetRoute } from '../schemaUtils';
import type { FieldFilter } from './types';

const text: FieldFilter = ({ field: _field, ...props }) => <TextInput {...props} />;

const reference: FieldFilter = ({ field, ...props }) => {
  const template = targetRepresentation(field);
  return (
    <ReferenceInput {...props} reference={targetRoute(field)} filter={referenceFilter(field)}>
      <AutocompleteInput label={props.label} optionText={(r: unknown) => representRecord(template, r)} />
    </ReferenceInput>
  );
};

/** Every field type's filter input; exhaustive, like the display and input tables. */
export const fieldFilters: Record<FieldType, FieldFilter> = {
  text,
  longText: text,
  // the server reads the text in the user's language (Accept-Language), falling back
  translated: text,
  number: text,
  money: text,
  percent: text,
  boolean: ({ field: _field, ...props }) => <NullableBooleanInput {...props} />,
  date: text,
  month: text,
  dateTime: text,
  durationMs: text,
  email: text,
  phone: text,
  url: text,
  password: text,
  enum: ({ field, ...props }) => (
    <SelectInput {...props} choices={(field.values ?? []).map((v) => ({ id: v, name: v }))} />
  ),
  ref: reference,
  refId: reference,
  dictionary: reference,
  refList: text,
  dictionaryList: text,
  embedded: text,
  embeddedList: text,
  children: text,
  file: text,
  files: text,
};

/** The text filter, for filters whose source names no field or takes a list (`.in`). */
export const textFilter = text;
