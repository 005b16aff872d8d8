/**
 * Inputs with a unit transform or extra display: percent (shows x100, stores the fraction,
 * CLI-04/CONST-06), long text with a `length/max` counter, month (`YYYY-MM` <-> `YYYY-MM-01`),
 * duration (minutes <-> milliseconds).
 */
import { NumberInput, TextInput, useSourceContext, type NumberInputProps, type TextInputProps } from 'react-admin';
import { useWatch } from 'react-hook-form';
import { fractionToPercent, percentToFraction } from '../format';

const toNumber = (v: unknown): number | null => {
  if (v === '' || v == null) return null;
  const n = typeof v === 'number' ? v : Number(v);
  return Number.isNaN(n) ? null : n;
};

// Module-level so NumberInput's effect (keyed on `format`) stays stable.
const formatPercentInput = (v: unknown): string => {
  const n = toNumber(v);
  return n == null ? '' : String(fractionToPercent(n));
};
const parsePercentInput = (v: unknown): number | null => {
  const n = toNumber(v);
  return n == null ? null : percentToFraction(n);
};

/** A percent typed as 12 and held as 0.12 (CLI-04). */
export const PercentInput = (props: NumberInputProps) => (
  <NumberInput {...props} format={formatPercentInput} parse={parsePercentInput} InputProps={{ endAdornment: '%' }} />
);

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

const formatMonthInput = (v: unknown) => (typeof v === 'string' ? v.slice(0, 7) : '');
const parseMonthInput = (v: string) => (v ? `${v.slice(0, 7)}-01` : null);

/** A month held as the first day (`YYYY-MM-01`). */
export const MonthInput = (props: TextInputProps) => (
  <TextInput
    {...props}
    type="month"
    format={formatMonthInput}
    parse={parseMonthInput}
    InputLabelProps={{ shrink: true }}
  />
);

/** Multi-line text with a `length/max` counter under it. */
export const LongTextInput = ({ maxLength, ...props }: TextInputProps & { maxLength?: number }) => {
  const sourceContext = useSourceContext();
  const value: unknown = useWatch({ name: sourceContext.getSource(props.source) });
  const length = typeof value === 'string' ? value.length : 0;
  return (
    <TextInput
      {...props}
      multiline
      minRows={3}
      helperText={maxLength ? `${length}/${maxLength}` : props.helperText}
      inputProps={maxLength ? { maxLength } : undefined}
    />
  );
};
