/**
 * The short form of a time entry (matter, description, duration) of the calendar's "new entry"
 * dialog (the phone's form is `PhoneTimeForm.tsx`). It writes a time entry (work
 * type code 1) through the data provider's `create` (`POST times`, TIME-16).
 */
import { Stack } from '@mui/material';
import {
  AutocompleteInput,
  BooleanInput,
  Form,
  ReferenceInput,
  required,
  SaveButton,
  TextInput,
  useCreate,
  useGetIdentity,
  useNotify,
  type RaRecord,
} from 'react-admin';
import { DurationHoursInput } from './DurationHoursInput';
import { DEFAULT_DURATION_MS } from './duration';
import { TIME_ENTRY_WORK_TYPE } from './looks';
import { useTimeDictionaries } from './dictionaries';

/** What the form edits. */
export interface TimeEntryDraft {
  dateTime: string;
  duration: number;
  matter?: { id: RaRecord['id'] } | null;
  workDescription?: string;
  billable?: boolean;
}

/** A matter as the pick list shows it: `M-12 Contract review`. */
export const matterText = (r: RaRecord | undefined): string =>
  r ? [r.number, r.description].filter((p) => typeof p === 'string' && p !== '').join(' ') || `#${r.id}` : '';

export interface TimeEntryFormProps {
  /** Start and duration of the entry (the calendar's selection, or now and 15 minutes). */
  initial: Pick<TimeEntryDraft, 'dateTime' | 'duration'> & Partial<TimeEntryDraft>;
  /** Billing status code the entry is written with (2 from the calendar, TIME-10); none = the server's default. */
  billingStatusCode?: number;
  /** Whether the duration can be changed (false: the initial duration is written as given). */
  editableDuration?: boolean;
  /** Label of the save button. */
  saveLabel?: string;
  onSaved: (record: RaRecord) => void;
}

/**
 * A time entry form: the matter (required), the description, the duration as hours, billable
 * (on by default, TIME-04). Saved entries belong to the signed-in user's employee when known.
 */
export const TimeEntryForm = ({
  initial,
  billingStatusCode,
  editableDuration = true,
  saveLabel = 'Save',
  onSaved,
}: TimeEntryFormProps) => {
  const [create, { isPending }] = useCreate<RaRecord>();
  const notify = useNotify();
  const ids = useTimeDictionaries();
  const { data: identity } = useGetIdentity();
  const save = (values: Record<string, unknown>) => {
    const workType = ids.workType(TIME_ENTRY_WORK_TYPE);
    if (workType === undefined) {
      notify('bureau.time.work_types_pending', { type: 'warning' });
      return;
    }
    const status = billingStatusCode === undefined ? undefined : ids.billingStatus(billingStatusCode);
    const employeeId = (identity as { employeeId?: unknown } | undefined)?.employeeId;
    const data = {
      billable: true,
      ...values,
      dateTime: initial.dateTime,
      duration: editableDuration ? values.duration : initial.duration,
      workType: { id: workType },
      ...(status !== undefined ? { billingStatus: { id: status } } : {}),
      ...(employeeId != null && employeeId !== '' ? { employee: { id: employeeId } } : {}),
    };
    create(
      'times',
      { data },
      {
        onSuccess: (record) => onSaved(record),
        onError: (e) => notify((e as Error).message || 'bureau.time.entry_not_saved', { type: 'error' }),
      },
    );
  };
  return (
    <Form
      defaultValues={{
        billable: true,
        workDescription: '',
        ...initial,
        duration: initial.duration ?? DEFAULT_DURATION_MS,
      }}
      onSubmit={save}
    >
      <Stack spacing={1} sx={{ pt: 1 }}>
        <ReferenceInput source="matter.id" reference="matters" sort={{ field: 'lastModifiedDate', order: 'DESC' }}>
          <AutocompleteInput
            label="bureau.time.matter"
            optionText={matterText}
            validate={required('Pick the matter the time was spent on')}
            fullWidth
          />
        </ReferenceInput>
        <TextInput source="workDescription" label="bureau.time.description" multiline minRows={2} fullWidth />
        {editableDuration && <DurationHoursInput name="duration" label="bureau.time.duration" />}
        {editableDuration && <BooleanInput source="billable" label="bureau.time.billable" />}
        <SaveButton
          label={saveLabel}
          disabled={isPending || ids.isPending}
          alwaysEnable={!isPending && !ids.isPending}
        />
      </Stack>
    </Form>
  );
};
