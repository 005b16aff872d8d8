/**
 * The spec's numeric masks (001 §2.11, §5, WID-48..54) as react-admin inputs holding numbers:
 * `MaskedNumberWidget` (currency: 2 fixed decimals with comma grouping; decimal; integer; `k`/`m`
 * shortcuts at the end) and `PercentWidget` (0..100 typed, no minus, record holds the fraction,
 * CONST-06).
 */
import { TextField, type InputBaseComponentProps } from '@mui/material';
import type { KeyboardEvent, ReactNode } from 'react';
import { FieldTitle, InputHelperText, type Validator } from 'react-admin';
import { fractionToPercent, percentToFraction } from '../resources/format';
import { applyShortcut, numericMask, shortcutFactor, type NumericMaskKind } from './masks';
import { MaskedInput } from './MaskedInput';
import { useWidgetInput } from './useWidgetInput';

export interface NumberWidgetProps {
  source: string;
  label?: ReactNode;
  validate?: Validator | Validator[];
  required?: boolean;
  disabled?: boolean;
  /** Shown disabled yet submitted with the form (a field read-only in the record's status). */
  readOnly?: boolean;
  helperText?: ReactNode;
  placeholder?: string;
}

const toNumber = (v: unknown): number | null => {
  if (v === '' || v == null) return null;
  const n = typeof v === 'number' ? v : Number(String(v).replace(/,/g, ''));
  return Number.isNaN(n) ? null : n;
};

/** The TextField props both numeric widgets share: identity, label with its marker, error and help (WID-34/35). */
const frameProps = (input: ReturnType<typeof useWidgetInput>, props: NumberWidgetProps) => {
  const { field, showError, errorMessage, marked } = input;
  return {
    id: input.id,
    name: field.name,
    inputRef: field.ref,
    onBlur: field.onBlur,
    label: <FieldTitle label={props.label} source={props.source} isRequired={marked} />,
    disabled: props.disabled || props.readOnly,
    error: showError,
    placeholder: props.placeholder,
    size: 'small' as const,
    helperText:
      showError || props.helperText ? (
        <InputHelperText error={showError ? errorMessage : undefined} helperText={props.helperText} />
      ) : undefined,
  };
};

/** WID-48, WID-51..54: a masked number (`kind` currency | decimal | integer); the record holds a number. */
export function MaskedNumberWidget({
  kind = 'decimal',
  ...props
}: NumberWidgetProps & { kind?: Exclude<NumericMaskKind, 'percentage'> }) {
  const { source, validate, required, disabled } = props;
  const input = useWidgetInput({ source, validate, required, disabled });
  const { field, showError } = input;
  const value = toNumber(field.value);
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (!shortcutFactor(e.key)) return;
    e.preventDefault(); // WID-53/54: `5k` -> 5000, `2m` -> 2000000
    const n = applyShortcut(`${e.currentTarget.value}${e.key}`);
    if (n !== undefined) input.change(kind === 'integer' ? Math.round(n) : n);
  };
  return (
    <TextField
      {...frameProps(input, props)}
      value={value == null ? '' : String(value)}
      onChange={(e) => input.change(toNumber(e.target.value))}
      slotProps={{
        htmlInput: {
          onKeyDown,
          inputMode: kind === 'integer' ? 'numeric' : 'decimal',
          'aria-invalid': showError,
          maskOptions: numericMask(kind),
          unmask: true,
        } as InputBaseComponentProps,
        input: { inputComponent: MaskedInput as never },
      }}
    />
  );
}

/** WID-49/50: a typed percent is accepted when it is a number from 0 to 100 without a minus sign. */
export const acceptsPercent = (text: string): boolean => {
  if (text === '') return true;
  if (text.includes('-')) return false;
  const n = Number(text);
  return !Number.isNaN(n) && n >= 0 && n <= 100;
};

/**
 * WID-48..50, CONST-06: a percent typed 0..100 (no minus) and held as a fraction (12 -> 0.12).
 * A native number input (so `k`/`m` do not apply: they would exceed 100 anyway).
 */
export function PercentWidget(props: NumberWidgetProps) {
  const { source, validate, required, disabled } = props;
  const input = useWidgetInput({ source, validate, required, disabled });
  const { field, showError } = input;
  const fraction = toNumber(field.value);
  return (
    <TextField
      {...frameProps(input, props)}
      type="number"
      value={fraction == null ? '' : fractionToPercent(fraction)}
      onChange={(e) => {
        if (!acceptsPercent(e.target.value)) return;
        input.change(e.target.value === '' ? null : percentToFraction(Number(e.target.value)));
      }}
      slotProps={{
        htmlInput: {
          min: 0,
          max: 100,
          step: 'any',
          'aria-invalid': showError,
          onKeyDown: (e: KeyboardEvent) => e.key === '-' && e.preventDefault(),
        },
        input: { endAdornment: '%' },
      }}
    />
  );
}
