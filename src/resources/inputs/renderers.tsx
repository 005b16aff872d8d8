/**
 * THE map from field type to input widget. One entry per type, so a later issue swaps a widget
 * (the spec textarea, masked inputs, the date picker) with `setInputRenderer(type, renderer)`.
 */
import { Box, Typography } from '@mui/material';
import type { ReactElement } from 'react';
import {
  ArrayInput,
  AutocompleteArrayInput,
  AutocompleteInput,
  BooleanInput,
  DateInput,
  DateTimeInput,
  NumberInput,
  PasswordInput,
  ReferenceArrayInput,
  ReferenceInput,
  SelectInput,
  SimpleFormIterator,
  TextInput,
  type Validator,
} from 'react-admin';
import type { EntitySchema, Field, FieldType } from '../../../schemas/define';
import { findSchema } from '../../../schemas/index';
import { representRecord } from '../format';
import { referenceFilter, targetRepresentation, targetRoute } from '../schemaUtils';
import { maxLengthOf } from './validators';
import { InputByType } from './InputByType';
import { DurationInput, LongTextInput, MonthInput, PercentInput } from './widgets';

export interface InputRenderProps {
  /** Field name (relative inside an ArrayInput item). */
  name: string;
  field: Field;
  label: string;
  validate: Validator[];
  disabled?: boolean;
  /** Shown disabled but still submitted (a field locked by the record's status). */
  readOnly?: boolean;
  helperText?: string;
  /** Renders the inputs of another schema (nested children). */
  inputsOf: (schema: EntitySchema, exclude: string[]) => ReactElement[];
}

export type InputRenderer = (props: InputRenderProps) => ReactElement | null;

const base = ({ label, validate, disabled, readOnly, helperText }: InputRenderProps) => ({
  label,
  validate,
  disabled,
  readOnly,
  helperText,
});

const optionText = (fd: Field) => {
  const template = targetRepresentation(fd);
  return (record: unknown) => representRecord(template, record);
};
const filterToQuery = (q: string) => ({ q });

const reference: InputRenderer = (p) => (
  <ReferenceInput
    source={p.field.type === 'refId' ? p.name : `${p.name}.id`}
    reference={targetRoute(p.field)}
    filter={referenceFilter(p.field)}
  >
    <AutocompleteInput {...base(p)} optionText={optionText(p.field)} filterToQuery={filterToQuery} />
  </ReferenceInput>
);

const referenceList: InputRenderer = (p) => (
  <ReferenceArrayInput source={p.name} reference={targetRoute(p.field)} filter={referenceFilter(p.field)}>
    <AutocompleteArrayInput {...base(p)} optionText={optionText(p.field)} filterToQuery={filterToQuery} />
  </ReferenceArrayInput>
);

const textLike =
  (type?: string): InputRenderer =>
  (p) => <TextInput source={p.name} {...base(p)} type={type} inputProps={{ maxLength: maxLengthOf(p.field) }} />;

const subInputs = (p: InputRenderProps, prefix: string) =>
  Object.entries(p.field.fields ?? {}).map(([sub, fd]) => (
    <InputByType key={sub} name={prefix ? `${prefix}.${sub}` : sub} field={fd} inputsOf={p.inputsOf} />
  ));

/** The renderer of every field type. Mutable through {@link setInputRenderer} only. */
export const inputRenderers: Record<FieldType, InputRenderer> = {
  text: textLike(),
  longText: (p) => <LongTextInput source={p.name} {...base(p)} maxLength={maxLengthOf(p.field)} />,
  number: (p) => <NumberInput source={p.name} {...base(p)} step={p.field.integer ? 1 : 'any'} />,
  money: (p) => <NumberInput source={p.name} {...base(p)} step={0.01} />,
  percent: (p) => <PercentInput source={p.name} {...base(p)} />,
  boolean: (p) => <BooleanInput source={p.name} {...base(p)} />,
  date: (p) => <DateInput source={p.name} {...base(p)} />,
  month: (p) => <MonthInput source={p.name} {...base(p)} />,
  dateTime: (p) => <DateTimeInput source={p.name} {...base(p)} />,
  durationMs: (p) => <DurationInput source={p.name} {...base(p)} />,
  email: textLike('email'),
  phone: textLike('tel'),
  url: textLike('url'),
  password: (p) => <PasswordInput source={p.name} {...base(p)} />,
  enum: (p) => (
    <SelectInput source={p.name} {...base(p)} choices={(p.field.values ?? []).map((v) => ({ id: v, name: v }))} />
  ),
  ref: reference,
  refId: reference,
  dictionary: reference,
  refList: referenceList,
  dictionaryList: referenceList,
  file: reference,
  files: referenceList,
  embedded: (p) => (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0 }} aria-label={p.label}>
      <Typography component="legend" variant="subtitle1" gutterBottom>
        {p.label}
      </Typography>
      {subInputs(p, p.name)}
    </Box>
  ),
  embeddedList: (p) => (
    <ArrayInput source={p.name} label={p.label} validate={p.validate}>
      <SimpleFormIterator inline>{subInputs(p, '')}</SimpleFormIterator>
    </ArrayInput>
  ),
  children: (p) => {
    const child = p.field.target ? findSchema(p.field.target) : undefined;
    if (!child) return null;
    return (
      <ArrayInput source={p.name} label={p.label} validate={p.validate}>
        <SimpleFormIterator>{p.inputsOf(child, p.field.via ? [p.field.via] : [])}</SimpleFormIterator>
      </ArrayInput>
    );
  },
};

/** Replaces the widget of one field type everywhere (the spec's form widgets, `src/widgets/register.ts`). */
export const setInputRenderer = (type: FieldType, renderer: InputRenderer): void => {
  inputRenderers[type] = renderer;
};
