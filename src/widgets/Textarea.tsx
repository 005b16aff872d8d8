/**
 * The spec's textarea (001 §2.11, §5, WID-37..46): grows from `rows` (1), at least `minHeight`
 * (55 px) high, native `maxLength` (1000), a `length/maxLength` counter, invalid after touch with
 * a validator error or whenever the text reaches the limit, where it says why (docs/decisions.md, WID-46).
 */
import { TextField } from '@mui/material';
import type { ReactNode } from 'react';
import { FieldTitle, InputHelperText, type Validator } from 'react-admin';
import { useWidgetInput } from './useWidgetInput';

export const TEXTAREA_DEFAULTS = { minHeight: 55, rows: 1, maxLength: 1000, showMaxLengthInfo: true } as const;

/** WID-46 (docs/decisions.md): the message at the limit, naming the real limit. */
export const limitMessage = (maxLength: number): string =>
  `Short description is limited to ${maxLength} characters. Please rephrase your text to fit that limit.`;

export interface TextareaWidgetProps {
  source: string;
  label?: ReactNode;
  placeholder?: string;
  validate?: Validator | Validator[];
  required?: boolean;
  disabled?: boolean;
  /** Shown disabled yet submitted with the form (a field read-only in the record's status). */
  readOnly?: boolean;
  /** Pixels; WID-38 default 55. */
  minHeight?: number;
  /** Only the box: no label. */
  onlyBox?: boolean;
  /** Initial rows, grows with the text; WID-39 default 1. */
  rows?: number;
  /** WID-40 default 1000. */
  maxLength?: number;
  /** Counter and limit message; WID-41 default true. */
  showMaxLengthInfo?: boolean;
  helperText?: ReactNode;
}

/** WID-37..46: a growing textarea with a `length/maxLength` counter. */
export function TextareaWidget(props: TextareaWidgetProps) {
  const { source, label, placeholder, validate, required, disabled, readOnly, onlyBox, helperText } = props;
  const minHeight = props.minHeight ?? TEXTAREA_DEFAULTS.minHeight;
  const rows = props.rows ?? TEXTAREA_DEFAULTS.rows;
  const maxLength = props.maxLength ?? TEXTAREA_DEFAULTS.maxLength;
  const showInfo = props.showMaxLengthInfo ?? TEXTAREA_DEFAULTS.showMaxLengthInfo;
  const input = useWidgetInput({ source, validate, required, disabled });
  const { field, showError, errorMessage, marked } = input;
  const text = typeof field.value === 'string' ? field.value : '';
  const atLimit = text.length >= maxLength; // WID-43
  const invalid = showError || atLimit;
  const counter = showInfo ? `${text.length}/${maxLength}` : undefined;
  const info = atLimit && showInfo ? limitMessage(maxLength) : undefined;
  return (
    <TextField
      id={input.id}
      name={field.name}
      inputRef={field.ref}
      value={text}
      onChange={(e) => input.change(e.target.value)}
      onBlur={field.onBlur}
      label={onlyBox ? undefined : <FieldTitle label={label} source={source} isRequired={marked} />}
      placeholder={placeholder}
      disabled={disabled || readOnly}
      multiline
      minRows={rows}
      error={invalid}
      fullWidth
      helperText={
        <>
          <InputHelperText error={showError ? errorMessage : undefined} helperText={info ?? helperText} />
          {counter && (
            <span data-testid="textarea-counter" style={{ float: 'right' }}>
              {counter}
            </span>
          )}
        </>
      }
      slotProps={{
        htmlInput: { maxLength, rows, 'aria-invalid': invalid, style: { minHeight } },
        formHelperText: { component: 'div' } as object,
      }}
    />
  );
}
