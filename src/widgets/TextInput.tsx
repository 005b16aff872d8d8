/**
 * The spec's text input (001 §2.11, WID-32..36, WID-47): a react-admin input (validation via
 * `validate`) with the touched/error rules of {@link useWidgetInput}, an optional text mask,
 * a `description` under it and an `isHorizontal` label-left layout.
 */
import { Box, FormLabel, TextField, type SxProps, type Theme } from '@mui/material';
import { useMemo, type ReactNode } from 'react';
import { FieldTitle, InputHelperText, type Validator } from 'react-admin';
import { maskValidator, textMask, type TextMaskKind } from './masks';
import { MaskedInput } from './MaskedInput';
import { useWidgetInput } from './useWidgetInput';

export interface TextWidgetProps {
  source: string;
  label?: ReactNode;
  id?: string;
  validate?: Validator | Validator[];
  /** WID-47: a keystroke mask (date, ip, mac, vin, ssn) and/or a format validator (all kinds). */
  mask?: TextMaskKind;
  /** Helper text under the input. */
  description?: ReactNode;
  /** Alias of `description` (what generated forms pass). */
  helperText?: ReactNode;
  disabled?: boolean;
  /** Shown disabled yet submitted with the form (a field read-only in the record's status). */
  readOnly?: boolean;
  required?: boolean;
  /** WID-33: defaults to `text`. */
  type?: string;
  min?: number | string;
  max?: number | string;
  step?: number | string;
  maxLength?: number;
  placeholder?: string;
  sx?: SxProps<Theme>;
  /** Label on the left of the input instead of inside it. */
  isHorizontal?: boolean;
  defaultValue?: unknown;
}

/** WID-32..36: a text input; `mask` adds a keystroke mask and its validator (WID-47). */
export function TextWidget(props: TextWidgetProps) {
  const {
    source,
    label,
    id,
    validate,
    mask,
    description,
    helperText,
    disabled,
    readOnly,
    required,
    type = 'text',
    min,
    max,
    step,
    maxLength,
    placeholder,
    sx,
    isHorizontal,
    defaultValue,
  } = props;
  const imask = mask ? textMask(mask) : undefined;
  const extraValidators = useMemo(() => (mask ? [maskValidator(mask)] : undefined), [mask]);
  const input = useWidgetInput({ source, id, validate, required, extraValidators, disabled, defaultValue });
  const { field, showError, errorMessage, marked } = input;
  const title = <FieldTitle label={label} source={source} isRequired={marked} />;
  const helper =
    showError || description || helperText ? (
      <InputHelperText error={showError ? errorMessage : undefined} helperText={description ?? helperText} />
    ) : undefined;
  const text = (
    <TextField
      id={input.id}
      name={field.name}
      inputRef={field.ref}
      value={field.value ?? ''}
      onChange={(e) => input.change(e.target.value)}
      onBlur={field.onBlur}
      label={isHorizontal ? undefined : title}
      type={imask ? 'text' : type}
      disabled={disabled || readOnly}
      error={showError}
      helperText={helper}
      placeholder={placeholder}
      size="small"
      fullWidth={isHorizontal}
      sx={isHorizontal ? undefined : sx}
      slotProps={{
        htmlInput: { min, max, step, maxLength, 'aria-invalid': showError, ...(imask ? { maskOptions: imask } : {}) },
        input: imask ? { inputComponent: MaskedInput as never } : undefined,
      }}
    />
  );
  if (!isHorizontal) return text;
  return (
    <Box
      sx={[{ display: 'flex', alignItems: 'baseline', gap: 2 }, ...(Array.isArray(sx) ? sx : [sx])]}
      data-layout="horizontal"
    >
      <FormLabel htmlFor={input.id} error={showError} sx={{ minWidth: '30%' }}>
        {title}
      </FormLabel>
      {text}
    </Box>
  );
}
