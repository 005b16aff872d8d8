/**
 * List filter inputs from `schema.list.filters`: search (always on, sent as `q`, which the data
 * provider maps to `search`), references as ReferenceInput + AutocompleteInput, booleans as a
 * yes/no/any select, enums as selects, anything else as text.
 */
import type { ReactElement } from 'react';
import { AutocompleteInput, NullableBooleanInput, ReferenceInput, SearchInput, SelectInput, TextInput } from 'react-admin';
import type { EntitySchema } from '../../../schemas/define';
import { representRecord } from '../format';
import { labelOf, referenceFilter, targetRepresentation, targetRoute } from '../schemaUtils';

export function listFilters(schema: EntitySchema): ReactElement[] {
  const declared = schema.list?.filters ?? [];
  const out: ReactElement[] = [<SearchInput key="q" source="q" alwaysOn placeholder="Search" />];
  for (const filter of declared) {
    if (filter.source === 'search' || filter.source === 'q') continue;
    const fieldName = filter.field ?? filter.source.split('.')[0]!;
    const fd = schema.fields[fieldName];
    const key = filter.source;
    const common = { source: filter.source, label: filter.label ?? labelOf(fieldName, fd), alwaysOn: filter.alwaysOn };
    const isList = /\.(in|notIn)$/.test(filter.source);
    if (fd && !isList && (fd.type === 'ref' || fd.type === 'dictionary' || fd.type === 'refId')) {
      const template = targetRepresentation(fd);
      out.push(
        <ReferenceInput key={key} {...common} reference={targetRoute(fd)} filter={referenceFilter(fd)}>
          <AutocompleteInput label={common.label} optionText={(r: unknown) => representRecord(template, r)} />
        </ReferenceInput>,
      );
    } else if (fd?.type === 'boolean') {
      out.push(<NullableBooleanInput key={key} {...common} />);
    } else if (fd?.type === 'enum') {
      out.push(<SelectInput key={key} {...common} choices={(fd.values ?? []).map((v) => ({ id: v, name: v }))} />);
    } else {
      out.push(<TextInput key={key} {...common} />);
    }
  }
  return out;
}
