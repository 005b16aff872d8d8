import { useCreate, useGetIdentity, useNotify, type Identifier, type RaRecord } from 'react-admin';
import { useTimeDictionaries } from './dictionaries';
import { TIME_ENTRY_WORK_TYPE } from './looks';

/**
 * The `employee` of an entry the signed-in user writes: `{ employee: { id } }` when the user has an
 * employee, else nothing (the server then leaves it empty).
 */
export const ownEmployee = (employeeId: unknown): { employee?: { id: unknown } } =>
  employeeId != null && employeeId !== '' ? { employee: { id: employeeId } } : {};

/**
 * Writing a time entry as the signed-in user (`POST times`, TIME-16), shared by the calendar's form
 * and the phone's: `save(body)` asks `body` for the record given the time entry's work type id (code
 * 1) and the user's employee id, creates it and calls `onSaved`; while the work types are loading it
 * warns and sends nothing; a refusal is notified with the server's message.
 *
 * @returns `save`, `busy` (a save or the dictionaries pending) and the time dictionaries' ids
 * @example
 * const { save, busy } = useCreateTimeEntry(onSaved);
 * save((workType, employeeId) => ({ ...values, workType: { id: workType }, ...ownEmployee(employeeId) }));
 */
export function useCreateTimeEntry(onSaved: (record: RaRecord) => void) {
  const [create, { isPending }] = useCreate<RaRecord>();
  const notify = useNotify();
  const ids = useTimeDictionaries();
  const { data: identity } = useGetIdentity();
  const employeeId = (identity as { employeeId?: unknown } | undefined)?.employeeId;
  const save = (body: (workType: Identifier, employeeId: unknown) => Record<string, unknown>) => {
    const workType = ids.workType(TIME_ENTRY_WORK_TYPE);
    if (workType === undefined) {
      notify('bureau.time.work_types_pending', { type: 'warning' });
      return;
    }
    create(
      'times',
      { data: body(workType, employeeId) },
      {
        onSuccess: (record) => onSaved(record),
        onError: (e) => notify((e as Error).message || 'bureau.time.entry_not_saved', { type: 'error' }),
      },
    );
  };
  return { save, busy: isPending || ids.isPending, ids };
}
