/**
 * The short time form of a phone (NAV-13): matter, date (the date picker, today by default),
 * duration, description, and the signed-in user as the employee; billable sits behind "More",
 * every other field of a time entry is left to the desktop form. The timer (`timer/TimerCard.tsx`)
 * and the mobile page's "Log 15 minutes" card use it. It creates a time entry (work type code 1)
 * through the data provider (`POST times`, TIME-16) with the fields the calendar's form sends.
 */
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import { Button, Collapse, Stack, TextField } from '@mui/material';
import dayjs from 'dayjs';
import { useState, type ReactNode } from 'react';
import {
  AutocompleteInput,
  BooleanInput,
  Form,
  ReferenceInput,
  required,
  SaveButton,
  TextInput,
  useGetIdentity,
  useTranslate,
  type RaRecord,
} from 'react-admin';
import { useWatch } from 'react-hook-form';
import { DatePickerWidget } from '../widgets/DatePicker';
import { DATE_VALUE_FORMAT } from '../widgets/dates';
import { DurationHoursInput } from './DurationHoursInput';
import { DEFAULT_DURATION_MS } from './duration';
import { matterText } from './TimeEntryForm';
import { ownEmployee, useCreateTimeEntry } from './useCreateTimeEntry';

/** What the phone form starts with. */
export interface PhoneTimeInitial {
  /** The entry's start (ISO 8601); its day is the date shown, its time of day is kept. */
  dateTime: string;
  /** Milliseconds (TIME-03: 900000 on a new entry). */
  duration?: number;
  matter?: { id: RaRecord['id'] } | null;
  workDescription?: string;
}

export interface PhoneTimeFormProps {
  initial: PhoneTimeInitial;
  /**
   * Whether the entry ends at the moment of saving (the "Log 15 minutes" card: the quarter hour
   * just spent): the start is then the save time less the duration, on the picked date.
   */
  endsNow?: boolean;
  /** The save button's label for the duration in the form (ms, `undefined` while not a duration). */
  saveLabel?: (durationMs: number | undefined) => string;
  /** Buttons shown beside Save (the timer's Discard). */
  actions?: ReactNode;
  onSaved: (record: RaRecord) => void;
}

/** The form's values: `date` is `YYYY-MM-DD`, the rest as the API names them. */
interface PhoneTimeValues {
  matter?: { id?: RaRecord['id'] } | null;
  date?: string | null;
  duration?: number;
  workDescription?: string;
  billable?: boolean;
}

/**
 * The entry's `dateTime`: the picked day at the time of day of `start` (local time), as ISO 8601.
 *
 * @example entryDateTime('2026-11-05', new Date(2026, 10, 4, 9, 30)) // 5 Nov 2026 09:30 local
 */
export const entryDateTime = (date: string, start: Date): string =>
  dayjs(date, DATE_VALUE_FORMAT)
    .hour(start.getHours())
    .minute(start.getMinutes())
    .second(0)
    .millisecond(0)
    .toISOString();

/**
 * The body `POST times` gets from the phone form (TIME-01/02/16): the matter, the start, the
 * duration in ms, the description, billable (TIME-04), work type `workType` (the time entry's id)
 * and, when the user has one, the employee.
 */
export const phoneTimeBody = (
  values: PhoneTimeValues,
  start: Date,
  workType: RaRecord['id'],
  employeeId: unknown,
): Record<string, unknown> => ({
  billable: values.billable ?? true,
  matter: { id: values.matter?.id },
  workDescription: values.workDescription ?? '',
  dateTime: entryDateTime(values.date ?? dayjs().format(DATE_VALUE_FORMAT), start),
  duration: values.duration,
  workType: { id: workType },
  ...ownEmployee(employeeId),
});

const positive = (v: unknown) => (typeof v === 'number' && v > 0 ? undefined : 'bureau.time.hours_invalid');

/** The save button, labelled after the duration being typed. */
const PhoneSave = ({ label, disabled }: { label?: PhoneTimeFormProps['saveLabel']; disabled: boolean }) => {
  const duration = useWatch({ name: 'duration' }) as number | undefined;
  return (
    <SaveButton
      label={label ? label(duration) : 'ra.action.save'}
      disabled={disabled}
      alwaysEnable={!disabled}
      sx={{ minHeight: 48, flex: 1 }}
    />
  );
};

/** The short time form of a phone; see the module comment. */
export const PhoneTimeForm = ({ initial, endsNow = false, saveLabel, actions, onSaved }: PhoneTimeFormProps) => {
  const translate = useTranslate();
  const { save, busy } = useCreateTimeEntry(onSaved);
  const { data: identity } = useGetIdentity();
  const [more, setMore] = useState(false);

  const submit = (values: Record<string, unknown>) => {
    const v = values as PhoneTimeValues;
    const start = endsNow ? new Date(Date.now() - (v.duration ?? 0)) : new Date(initial.dateTime);
    save((workType, employeeId) => phoneTimeBody(v, start, workType, employeeId));
  };
  return (
    <Form
      defaultValues={{
        matter: initial.matter ?? null,
        date: dayjs(initial.dateTime).format(DATE_VALUE_FORMAT),
        duration: initial.duration ?? DEFAULT_DURATION_MS,
        workDescription: initial.workDescription ?? '',
        billable: true,
      }}
      onSubmit={submit}
    >
      <Stack spacing={1.5} sx={{ pt: 1 }}>
        <ReferenceInput source="matter.id" reference="matters" sort={{ field: 'lastModifiedDate', order: 'DESC' }}>
          <AutocompleteInput
            label="bureau.time.matter"
            optionText={matterText}
            validate={required('bureau.time.matter_required')}
            fullWidth
          />
        </ReferenceInput>
        <DatePickerWidget source="date" label="bureau.time.date" required />
        <DurationHoursInput name="duration" label="bureau.time.duration" validate={[positive]} />
        <TextInput source="workDescription" label="bureau.time.description" multiline minRows={2} fullWidth />
        <TextField
          label={translate('bureau.time.employee', { _: 'Employee' })}
          value={identity?.fullName ?? ''}
          size="small"
          slotProps={{ htmlInput: { readOnly: true } }}
          helperText={translate('bureau.time.employee_is_you', { _: 'Time is logged as you' })}
        />
        <Button
          onClick={() => setMore(!more)}
          aria-expanded={more}
          endIcon={<ExpandMoreIcon sx={{ transform: more ? 'rotate(180deg)' : undefined }} />}
          sx={{ alignSelf: 'flex-start' }}
        >
          {translate(more ? 'bureau.time.less' : 'bureau.time.more', { _: more ? 'Less' : 'More' })}
        </Button>
        <Collapse in={more} unmountOnExit={false}>
          <BooleanInput source="billable" label="bureau.time.billable" />
        </Collapse>
        <Stack direction="row" spacing={1}>
          <PhoneSave label={saveLabel} disabled={busy} />
          {actions}
        </Stack>
      </Stack>
    </Form>
  );
};
