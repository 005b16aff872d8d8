/**
 * Form inputs of references: the paged dropdown (one or many) over the target's pick list with
 * its filter (WID-27), and a nested child list as an ArrayInput of the child's own inputs. Their
 * summary lines read the picked records' representations, since the form holds only ids.
 */
import type { ReactNode } from 'react';
import { useFormContext } from 'react-hook-form';
import {
  ArrayInput,
  SimpleFormIterator,
  useGetMany,
  useGetOne,
  useWrappedSource,
  type RaRecord,
  type Validator,
} from 'react-admin';
import type { Field } from '../../../../schemas/define';
import { findSchema } from '../../../../schemas/registry';
import { LOOKUP_PROJECTION } from '../../../../schemas/lookup';
import { useResourceAccess } from '../../access';
import { PagedDropdown } from '../../../widgets/PagedDropdown';
import { representRecord } from '../../format';
import { referenceFilter, targetRepresentation, targetRoute } from '../../schemaUtils';
import { useReferenceScope } from '../../inputs/referenceScope';
import { SummaryLine } from '../SummaryLine';
import { widgetProps } from '../scalar/input';
import type { FieldInput, SummaryProps } from '../types';

/**
 * How a reference's pick list and picked names read the target (H2-04): the full read when the
 * user lists it, else its lookup (`?projection=lookup`: id and representation under the target's
 * row rule, which the server grants to writers of a field pointing at it - a MEMBER's time form
 * names its client so).
 */
const useReadMeta = (field: Field): { projection: string } | undefined => {
  const canAccess = useResourceAccess();
  const dictionary = field.type === 'dictionary' || field.type === 'dictionaryList';
  return dictionary || canAccess('list', targetRoute(field)) ? undefined : { projection: LOOKUP_PROJECTION };
};

const withoutRequired = (vs: Validator[]) => vs.filter((v) => !(v as Validator & { isRequired?: boolean }).isRequired);

/**
 * A dictionary entry picked in a form keeps its `code` beside its id, so payload rules and
 * conditional inputs that read the code (MAT-10: rates for bill type code 2) see the new entry's
 * code, not the code of the entry the record was loaded with. In a row of an array input the code
 * lands in that row (`budgetPayerList.1.payerType.code`), where the row's conditional inputs read it.
 */
const KeepCode = ({
  name,
  children,
}: {
  name: string;
  children: (onPick: (r: RaRecord | null) => void) => ReactNode;
}) => {
  const { setValue } = useFormContext();
  // inside an array input (a budget's payers) the row's path prefixes the field's name
  const path = useWrappedSource(name);
  return <>{children((r) => setValue(`${path}.code`, r?.code ?? null, { shouldDirty: true }))}</>;
};

const dropdown =
  (multiple: boolean): FieldInput['input'] =>
  (p) => {
    const template = targetRepresentation(p.field);
    if (p.field.type === 'dictionary' && !multiple)
      return <KeepCode name={p.name}>{(onPick) => dropdownOf(p, template, multiple, onPick)}</KeepCode>;
    return dropdownOf(p, template, multiple);
  };

const dropdownOf = (
  p: Parameters<FieldInput['input']>[0],
  template: ReturnType<typeof targetRepresentation>,
  multiple: boolean,
  onPick?: (r: RaRecord | null) => void,
) => <ReferenceDropdown p={p} template={template} multiple={multiple} onPick={onPick} />;

/** The paged dropdown of a reference, its choices narrowed by the form's reference scope. */
const ReferenceDropdown = ({
  p,
  template,
  multiple,
  onPick,
}: {
  p: Parameters<FieldInput['input']>[0];
  template: ReturnType<typeof targetRepresentation>;
  multiple: boolean;
  onPick?: (r: RaRecord | null) => void;
}) => {
  const scope = useReferenceScope(p.name);
  const meta = useReadMeta(p.field);
  return (
    <PagedDropdown
      meta={meta}
      onPick={onPick}
      {...widgetProps(p)}
      // WID-24: the dropdown's own "required" message replaces the generic one.
      validate={withoutRequired(p.validate)}
      source={multiple || p.field.type === 'refId' ? p.name : `${p.name}.id`}
      reference={targetRoute(p.field)}
      filter={scope ? { ...referenceFilter(p.field), ...scope } : referenceFilter(p.field)}
      optionText={(record) => representRecord(template, record)}
      multiple={multiple}
    />
  );
};

const idOf = (value: unknown): unknown =>
  value != null && typeof value === 'object' ? (value as { id?: unknown }).id : value;

/** A picked reference (`{ id }`, or the id of a `refId`): its representation, read through the cache. */
const RefLine = ({ label, field, value }: SummaryProps) => {
  const id = idOf(value) as string | number | undefined;
  const meta = useReadMeta(field);
  const { data } = useGetOne(targetRoute(field), { id: id ?? '', meta }, { enabled: id != null && id !== '' });
  const text = id == null || id === '' ? '' : representRecord(targetRepresentation(field), data ?? value);
  return <SummaryLine label={label} value={text} />;
};

/** Picked references (ids): their representations, comma separated. */
const RefListLine = ({ label, field, value }: SummaryProps) => {
  const ids = (Array.isArray(value) ? value.map(idOf) : []) as Array<string | number>;
  const meta = useReadMeta(field);
  const { data } = useGetMany(targetRoute(field), { ids, meta }, { enabled: ids.length > 0 });
  const template = targetRepresentation(field);
  const text = (data ?? ids.map((id) => ({ id }))).map((r) => representRecord(template, r)).join(', ');
  return <SummaryLine label={label} value={ids.length ? text : ''} />;
};

const children: FieldInput['input'] = (p) => {
  const child = p.field.target ? findSchema(p.field.target) : undefined;
  if (!child) return null;
  return (
    <ArrayInput source={p.name} label={p.label} validate={p.validate}>
      <SimpleFormIterator>{p.inputsOf(child, p.field.via ? [p.field.via] : [])}</SimpleFormIterator>
    </ArrayInput>
  );
};

const one: FieldInput = { input: dropdown(false), summary: (p) => <RefLine {...p} /> };
const many: FieldInput = { input: dropdown(true), summary: (p) => <RefListLine {...p} /> };

export const referenceInputs: Record<
  'ref' | 'refId' | 'dictionary' | 'refList' | 'dictionaryList' | 'children',
  FieldInput
> = {
  ref: one,
  refId: one,
  dictionary: one,
  refList: many,
  dictionaryList: many,
  children: { input: children },
};
