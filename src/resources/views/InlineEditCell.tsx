/**
 * A list cell whose field the user edits in place (`list.inlineEdit` in the schema): the cell's
 * usual content, focusable, with a small edit button. Enter or F2 on the focused cell, or the
 * button, opens the field's generated input; Enter (or Save) sends a PATCH of that field alone
 * with the row's version as If-Match (the data provider's `patch`), Escape (or Cancel) closes it
 * unsaved. A refusal is shown at the cell (a stale row gets the usual "changed by someone else").
 * Clicks and keys inside the cell stay there: the rest of the row still opens the card.
 */
import { useState, type KeyboardEvent, type MouseEvent, type ReactNode } from 'react';
import { Box, Button as MuiButton, FormHelperText, IconButton, Tooltip } from '@mui/material';
import EditIcon from '@mui/icons-material/Edit';
import {
  Form,
  SaveButton,
  useDataProvider,
  useNotify,
  useRefresh,
  useResourceContext,
  useTranslate,
  type RaRecord,
} from 'react-admin';
import { humanize, type Field } from '../../../schemas/define';
import type { SpringDataProvider } from '../../../dataProvider/index';
import { fieldKey } from '../../i18n/keys';
import { inputFor } from '../inputs';

export interface InlineEditCellProps {
  record: RaRecord;
  /** The field's name (a list column of the schema's `list.inlineEdit`). */
  name: string;
  field: Field;
  /** What the cell shows when not editing. */
  children: ReactNode;
}

const stop = (e: MouseEvent | KeyboardEvent) => e.stopPropagation();

/** The message a refused save shows at the cell: the field's own error when the server named it. */
export function inlineErrorText(error: unknown, name: string): string {
  const e = error as { message?: string; body?: { errors?: Record<string, unknown> } } | undefined;
  const own = e?.body?.errors?.[name];
  return typeof own === 'string' ? own : e?.message || 'ra.notification.http_error';
}

export const InlineEditCell = ({ record, name, field, children }: InlineEditCellProps) => {
  const resource = useResourceContext()!;
  const dataProvider = useDataProvider() as unknown as SpringDataProvider;
  const notify = useNotify();
  const refresh = useRefresh();
  const translate = useTranslate();
  const [editing, setEditing] = useState(false);
  const [error, setError] = useState<string | undefined>();
  const label = translate(fieldKey(resource, name), { _: field.label ?? humanize(name) });
  const open = () => {
    setError(undefined);
    setEditing(true);
  };
  const save = async (values: Record<string, unknown>) => {
    try {
      await dataProvider.patch(resource, {
        id: record.id,
        data: { [name]: values[name] ?? null },
        previousData: record,
      });
      setEditing(false);
      notify('bureau.inline.saved', { type: 'success' });
      refresh();
    } catch (e) {
      setError(inlineErrorText(e, name));
    }
  };
  if (!editing)
    return (
      <Box
        component="span"
        tabIndex={0}
        data-inline-edit={name}
        onKeyDown={(e: KeyboardEvent) => {
          if (e.key !== 'Enter' && e.key !== 'F2') return;
          e.preventDefault();
          e.stopPropagation();
          open();
        }}
        sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, '&:focus-visible': { outline: 2 } }}
      >
        {children}
        <Tooltip title={translate('bureau.inline.edit', { field: label })}>
          <IconButton
            size="small"
            tabIndex={-1}
            aria-label={translate('bureau.inline.edit', { field: label })}
            onClick={(e) => {
              e.stopPropagation();
              open();
            }}
            sx={{ opacity: 0.5, '&:hover': { opacity: 1 } }}
          >
            <EditIcon fontSize="inherit" />
          </IconButton>
        </Tooltip>
      </Box>
    );
  return (
    <Box
      onClick={stop}
      data-inline-editor={name}
      onKeyDown={(e: KeyboardEvent) => {
        e.stopPropagation();
        if (e.key === 'Escape') {
          e.preventDefault();
          setEditing(false);
        }
      }}
      sx={{ minWidth: 180 }}
    >
      <Form record={record} onSubmit={save}>
        {inputFor(name, field)}
        {error && (
          <FormHelperText error role="alert">
            {translate(error, { _: error })}
          </FormHelperText>
        )}
        <Box sx={{ display: 'flex', gap: 1 }}>
          <SaveButton label="bureau.inline.save" size="small" alwaysEnable icon={<></>} />
          <MuiButton size="small" onClick={() => setEditing(false)}>
            {translate('bureau.inline.cancel')}
          </MuiButton>
        </Box>
      </Form>
    </Box>
  );
};
