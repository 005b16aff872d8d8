/**
 * Form inputs of the scalar types: the spec's widgets (masked text, textarea with a counter,
 * masked numbers, percent typed 0..100 and held as a fraction, the date and month pickers) and
 * react-admin inputs for booleans, date-times, durations (typed in minutes, held in ms),
 * passwords and enums.
 */
import {
  BooleanInput,
  DateTimeInput,
  NumberInput,
  PasswordInput,
  SelectInput,
  type NumberInputProps,
} from 'react-admin';
import { DatePickerWidget } from '../../../widgets/DatePicker';
import { MaskedNumberWidget, PercentWidget } from '../../../widgets/NumberInputs';
import { TextareaWidget } from '../../../widgets/Textarea';
import { TextWidget } from '../../../widgets/TextInput';
import type { TextMaskKind } from '../../../widgets/masks';
import { maxLengthOf } from '../../inputs/validators';
import { MoneyInput } from './MoneyInput';
import type { FieldInput, InputRenderProps } from '../types';

/** Field names that are range or period ends: their pickers allow future months (WID-10). */
const END_DATE_NAME = /(Lte|End|To|Until|Till|Due|Deadline)$/i;

/** The props every widget takes; the asterisk follows the schema's `required`. */
export const widgetProps = (p: InputRenderProps) => ({
  source: p.name,
  label: p.label,
  validate: p.validate,
  required: p.field.required === true,
  disabled: p.disabled,
  readOnly: p.readOnly,
  helperText: p.helperText,
});

/** The props of react-admin's own inputs. */
const raProps = ({ name, label, validate, disabled, readOnly, helperText }: InputRenderProps) => ({
  source: name,
  label,
  validate,
  disabled,
  readOnly,
  helperText,
});

const toNumber = (v: unknown): number | null => {
  if (v === '' || v == null) return null;
  const n = typeof v === 'number' ? v : Number(v);
  return Number.isNaN(n) ? null : n;
};
// Module-level so NumberInput's effect (keyed on `format`) stays stable.
const formatMinutes = (v: unknown): string => {
  const n = toNumber(v);
  return n == null ? '' : String(Math.round(n / 60000));
};
const parseMinutes = (v: unknown): number | null => {
  const n = toNumber(v);
  return n == null ? null : Math.round(n * 60000);
};

/** A duration typed in minutes and held in milliseconds. */
export const DurationInput = (props: NumberInputProps) => (
  <NumberInput {...props} format={formatMinutes} parse={parseMinutes} helperText={props.helperText ?? 'Minutes'} />
);

const text =
  (type?: string, mask?: TextMaskKind): FieldInput['input'] =>
  (p) => <TextWidget {...widgetProps(p)} type={type} mask={mask} maxLength={maxLengthOf(p.field)} />;

type ScalarType =
  | 'text'
  | 'longText'
  | 'number'
  | 'money'
  | 'percent'
  | 'boolean'
  | 'date'
  | 'month'
  | 'dateTime'
  | 'durationMs'
  | 'email'
  | 'phone'
  | 'url'
  | 'password'
  | 'enum';

export const scalarInputs: Record<ScalarType, FieldInput> = {
  text: { input: text() },
  email: { input: text('email', 'email') },
  url: { input: text('url', 'url') },
  phone: { input: text('tel') },
  longText: { input: (p) => <TextareaWidget {...widgetProps(p)} maxLength={maxLengthOf(p.field)} /> },
  percent: { input: (p) => <PercentWidget {...widgetProps(p)} /> },
  money: { input: (p) => <MoneyInput {...widgetProps(p)} /> },
  number: {
    input: (p) => <MaskedNumberWidget {...widgetProps(p)} kind={p.field.integer ? 'integer' : 'decimal'} />,
  },
  date: {
    input: (p) => <DatePickerWidget {...widgetProps(p)} mode="day" allowFuture={END_DATE_NAME.test(p.name)} />,
  },
  month: {
    input: (p) => <DatePickerWidget {...widgetProps(p)} mode="month" allowFuture={END_DATE_NAME.test(p.name)} />,
  },
  boolean: { input: (p) => <BooleanInput {...raProps(p)} /> },
  dateTime: { input: (p) => <DateTimeInput {...raProps(p)} /> },
  durationMs: { input: (p) => <DurationInput {...raProps(p)} /> },
  password: { input: (p) => <PasswordInput {...raProps(p)} /> },
  enum: {
    input: (p) => <SelectInput {...raProps(p)} choices={(p.field.values ?? []).map((v) => ({ id: v, name: v }))} />,
  },
};
