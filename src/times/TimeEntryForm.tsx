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
  type RaRecord,
} from 'react-admin';
import { DurationHoursInput } from './DurationHoursInput';
import { DEFAULT_DURATION_MS } from './duration';
import { ownEmployee, useCreateTimeEntry } from './useCreateTimeEntry';

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
  /** Label of the save button. */
  saveLabel?: string;
  onSaved: (record: RaRecord) => void;
}

/**
 * A time entry form: the matter (required), the description, the duration as hours, billable
 * (on by default, TIME-04). Saved entries belong to the signed-in user's employee when known.
 */
export const TimeEntryForm = ({ initial, billingStatusCode, saveLabel = 'Save', onSaved }: TimeEntryFormProps) => {
  const { save, busy, ids } = useCreateTimeEntry(onSaved);
  const submit = (values: Record<string, unknown>) => {
    const status = billingStatusCode === undefined ? undefined : ids.billingStatus(billingStatusCode);
    save((workType, employeeId) => ({
      billable: true,
      ...values,
      dateTime: initial.dateTime,
      workType: { id: workType },
      ...(status !== undefined ? { billingStatus: { id: status } } : {}),
      ...ownEmployee(employeeId),
    }));
  };
  return (
    <Form
      defaultValues={{
        billable: true,
        workDescription: '',
        ...initial,
        duration: initial.duration ?? DEFAULT_DURATION_MS,
      }}
      onSubmit={submit}
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
        <DurationHoursInput name="duration" label="bureau.time.duration" />
        <BooleanInput source="billable" label="bureau.time.billable" />
        <SaveButton label={saveLabel} disabled={busy} alwaysEnable={!busy} />
      </Stack>
    </Form>
  );
};
