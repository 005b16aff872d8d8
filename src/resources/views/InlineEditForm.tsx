/**
 * The open inline cell's form (`InlineEditCell.tsx` loads it once the first inline cell is on
 * screen): react-admin's form around the field's generated input, the refusal under it, Save and
 * Cancel. Tab and Shift+Tab submit the form to `onTab`; Enter (Save) to `onSave`.
 */
import type { KeyboardEvent, ReactNode } from 'react';
import { Box, Button as MuiButton, FormHelperText } from '@mui/material';
import { useFormContext } from 'react-hook-form';
import { Form, SaveButton, useTranslate, type RaRecord } from 'react-admin';
import type { Field } from '../../../schemas/define';
import { inputFor } from '../inputs';

/**
 * The list's refresh after a save gives the saved row a new record, which resets the forms of that
 * row's open cells: what the user already typed in them (the cell Tab just opened) is kept.
 */
const KEEP_TYPED = { keepDirtyValues: true } as const;

/** The open cell's input and buttons, inside its form: Tab and Shift+Tab submit it to `onTab`. */
const TabSaves = ({
  onTab,
  children,
}: {
  onTab: (values: Record<string, unknown>, back: boolean) => Promise<void>;
  children: ReactNode;
}) => {
  const form = useFormContext();
  return (
    <Box
      onKeyDown={(e: KeyboardEvent) => {
        if (e.key !== 'Tab' || e.defaultPrevented) return;
        e.preventDefault();
        const back = e.shiftKey;
        void form.handleSubmit((values) => onTab(values, back))();
      }}
    >
      {children}
    </Box>
  );
};

export interface InlineEditFormProps {
  record: RaRecord;
  name: string;
  field: Field;
  /** The refusal of the last save (a translation key or the server's message). */
  error?: string;
  onSave: (values: Record<string, unknown>) => Promise<void>;
  onTab: (values: Record<string, unknown>, back: boolean) => Promise<void>;
  onCancel: () => void;
}

/** The form of an open inline cell: the field's generated input, its refusal, Save and Cancel. */
export const InlineEditForm = ({ record, name, field, error, onSave, onTab, onCancel }: InlineEditFormProps) => {
  const translate = useTranslate();
  return (
    <Form record={record} onSubmit={onSave} resetOptions={KEEP_TYPED}>
      <TabSaves onTab={onTab}>
        {inputFor(name, field)}
        {error && (
          <FormHelperText error role="alert">
            {translate(error, { _: error })}
          </FormHelperText>
        )}
        <Box sx={{ display: 'flex', gap: 1 }}>
          <SaveButton label="bureau.inline.save" size="small" alwaysEnable icon={<></>} />
          <MuiButton size="small" onClick={onCancel}>
            {translate('bureau.inline.cancel')}
          </MuiButton>
        </Box>
      </TabSaves>
    </Form>
  );
};
