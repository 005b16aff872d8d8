/**
 * Why a record cannot be edited (MC-1, locked documents): a record that does not meet its schema's
 * `editWhen` (an invoice past Draft) offers no Edit or Delete on its card, and the server refuses an
 * edit with a 409 naming its status. This note says so in the user's language, on the card (where
 * the Edit button is missing) and on the edit form reached by its address, so the user is never
 * left with a missing button or a raw server sentence. {@link editRefusedMessage} turns the save's
 * 409 into a translated notification.
 */
import { Alert } from '@mui/material';
import { useRecordContext, useTranslate, type TranslateFunction } from 'react-admin';
import { recordMatches, type EntitySchema } from '../../../schemas/define';
import { currentEntry } from '../status/rules';

/** Whether `record` is loaded and outside its schema's `editWhen` (an Approved invoice: true). */
export const editLocked = (schema: EntitySchema, record: Record<string, unknown> | undefined): boolean =>
  !!record && !!schema.editWhen && !recordMatches(schema.editWhen, record);

/**
 * The explanation of a locked record: "Editing is closed while it is "Approved". To change it, ..."
 * with the record's status name (`status.gname`), or a sentence without a status for a schema whose
 * `editWhen` is not about its status.
 */
export function editLockedText(
  schema: EntitySchema,
  record: Record<string, unknown>,
  translate: TranslateFunction,
): string {
  const state = currentEntry(schema, record)?.gname;
  return state ? translate('bureau.shell.edit_locked', { state }) : translate('bureau.shell.edit_locked_any');
}

/**
 * The note above a locked record's card or edit form (an info alert, `role="status"`); nothing for
 * a record that may be edited or a schema without `editWhen`.
 */
export const EditLockNote = ({ schema }: { schema: EntitySchema }) => {
  const record = useRecordContext();
  const translate = useTranslate();
  if (!record || !editLocked(schema, record)) return null;
  return (
    <Alert severity="info" role="status" data-testid="edit-lock" sx={{ mx: 2, mt: 2 }}>
      {editLockedText(schema, record, translate)}
    </Alert>
  );
};

/**
 * The notification of a refused save: a 409 (a lock or a status the edit does not fit) becomes the
 * translated "The change was not saved: the record's current state does not allow it. (<server's
 * reason>)"; anything else keeps the error's own message (react-admin's default). Returns a text.
 */
export function editRefusedMessage(error: unknown, translate: TranslateFunction): string | undefined {
  const e = error as { status?: number; message?: string } | undefined;
  if (e?.status !== 409) return undefined;
  return translate('bureau.shell.edit_refused', { reason: e.message ?? '' });
}
