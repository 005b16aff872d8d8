/**
 * The spec's simple (non-searchable) dropdown (001 §2.11, WID-31): a react-admin input over fixed
 * `choices` or the first page of a `reference`, "Select" as the empty entry, required asterisk.
 */
import { MenuItem, TextField } from '@mui/material';
import type { ReactNode } from 'react';
import {
  FieldTitle,
  InputHelperText,
  useGetList,
  useTranslate,
  type Identifier,
  type RaRecord,
  type Validator,
} from 'react-admin';
import { DROPDOWN_SORT, DROPDOWN_TEXT, type OptionText } from './PagedDropdown';
import { useWidgetInput } from './useWidgetInput';

export interface SimpleDropdownProps {
  source: string;
  label?: ReactNode;
  /** Fixed choices; otherwise `reference` is read (first 100 rows). */
  choices?: RaRecord[];
  reference?: string;
  filter?: Record<string, unknown>;
  optionText?: OptionText;
  validate?: Validator | Validator[];
  required?: boolean;
  requiredMessage?: string;
  disabled?: boolean;
  /** Shown disabled yet submitted with the form (a field read-only in the record's status). */
  readOnly?: boolean;
  helperText?: ReactNode;
}

const textOf = (optionText: OptionText, r: RaRecord) =>
  typeof optionText === 'function' ? optionText(r) : String(r[optionText] ?? r.id);

/** WID-31: a plain select holding the chosen id (or null for "Select"). */
export function SimpleDropdown(props: SimpleDropdownProps) {
  const translate = useTranslate();
  const {
    source,
    label,
    choices,
    reference,
    filter,
    optionText = 'name',
    validate,
    required,
    disabled,
    readOnly,
    helperText,
  } = props;
  const input = useWidgetInput({
    source,
    validate,
    required,
    requiredMessage: props.requiredMessage ?? 'bureau.ui.required',
    disabled,
  });
  const { field, showError, errorMessage, marked } = input;
  const { data } = useGetList(
    reference ?? '',
    { pagination: { page: 1, perPage: 100 }, sort: DROPDOWN_SORT, filter },
    { enabled: !choices && !!reference },
  );
  const options = choices ?? data ?? [];
  const value = field.value == null ? '' : String(field.value as Identifier);
  return (
    <TextField
      select
      id={input.id}
      name={field.name}
      inputRef={field.ref}
      value={options.some((o) => String(o.id) === value) ? value : ''}
      onChange={(e) => input.change(options.find((o) => String(o.id) === e.target.value)?.id ?? null)}
      onBlur={field.onBlur}
      label={<FieldTitle label={label} source={source} isRequired={marked} />}
      disabled={disabled || readOnly}
      error={showError}
      size="small"
      sx={{ minWidth: 200 }}
      helperText={
        showError || helperText ? (
          <InputHelperText error={showError ? errorMessage : undefined} helperText={helperText} />
        ) : undefined
      }
      slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
    >
      <MenuItem value="">
        <em>{translate('bureau.ui.select', { _: DROPDOWN_TEXT.placeholder })}</em>
      </MenuItem>
      {options.map((o) => (
        <MenuItem key={String(o.id)} value={String(o.id)}>
          {textOf(optionText, o)}
        </MenuItem>
      ))}
    </TextField>
  );
}
