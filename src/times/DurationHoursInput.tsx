import { TextField } from '@mui/material';
import { useState } from 'react';
import { InputHelperText, useInput, useTranslate } from 'react-admin';
import type { InputRenderProps } from '../resources/fieldTypes/types';
import { formatDuration, parseDuration } from './duration';

/**
 * The duration typed as hours (`1.5`, `1:30`, `90m`) and kept in milliseconds; 15 minutes on a new
 * entry (TIME-03, the schema's default).
 */
export const DurationHoursInput = (
  props: Pick<InputRenderProps, 'name' | 'label'> &
    Partial<Pick<InputRenderProps, 'validate' | 'disabled' | 'readOnly'>>,
) => {
  const translate = useTranslate();
  const { field, fieldState, isRequired } = useInput({
    source: props.name,
    validate: [...(props.validate ?? []), (v: unknown) => (v === undefined ? 'bureau.time.hours_invalid' : undefined)],
  });
  const [text, setText] = useState(() => formatDuration(field.value as number));
  const label = translate(props.label, { _: props.label });
  return (
    <TextField
      label={label}
      required={isRequired}
      disabled={props.disabled}
      value={text}
      onChange={(e) => {
        setText(e.target.value);
        field.onChange(parseDuration(e.target.value));
      }}
      onBlur={() => {
        const ms = parseDuration(text);
        if (ms !== undefined) setText(formatDuration(ms));
        field.onBlur();
      }}
      error={fieldState.invalid}
      helperText={<InputHelperText error={fieldState.error?.message} helperText="bureau.time.hours_hint" />}
      slotProps={{ htmlInput: { inputMode: 'decimal', readOnly: props.readOnly } }}
    />
  );
};
