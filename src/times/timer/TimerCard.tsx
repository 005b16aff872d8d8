/**
 * The running timer (NAV-13, TIME-03): Start (a matter may be picked first) shows the time run as
 * `h:mm:ss`, updated each second and kept across reloads (`timerStore.ts`); Stop opens the phone
 * form (`PhoneTimeForm`) with the time rounded up to the 15-minute step, the matter and today;
 * Save creates the time entry, Discard asks first. One timer per user. Used on `/mobile-app`;
 * any page inside react-admin may render it.
 */
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import StopIcon from '@mui/icons-material/Stop';
import { Box, Button, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { AutocompleteInput, Confirm, Form, ReferenceInput, useGetOne, type RaRecord } from 'react-admin';
import { matterText } from '../TimeEntryForm';
import { PhoneTimeForm } from '../PhoneTimeForm';
import { useMobileText } from '../../mobile/text';
import { elapsedMs, entryStart, formatElapsed, roundUpToStep, type TimerMatter } from './timerStore';
import { useRunningTimer } from './useRunningTimer';

/** The matter's text: the stored one, else read through the cache. */
const MatterName = ({ matter }: { matter: TimerMatter }) => {
  const { data } = useGetOne<RaRecord>('matters', { id: matter.id }, { enabled: !matter.text });
  return <>{matter.text || matterText(data) || `#${String(matter.id)}`}</>;
};

/** The minutes of a duration in ms, for "Log 30 minutes". */
const minutesOf = (ms: number | undefined) => Math.round((ms ?? 0) / 60_000);

/** Idle: an optional matter, then Start. */
const StartForm = ({ onStart }: { onStart: (matter: TimerMatter | null) => void }) => {
  const t = useMobileText();
  const [picked, setPicked] = useState<RaRecord | undefined>();
  return (
    <Form
      defaultValues={{ matter: null }}
      onSubmit={(values: Record<string, unknown>) => {
        const id = (values.matter as { id?: RaRecord['id'] } | null)?.id;
        onStart(id == null ? null : { id, text: picked && picked.id === id ? matterText(picked) : undefined });
      }}
    >
      <Stack spacing={1}>
        <ReferenceInput source="matter.id" reference="matters" sort={{ field: 'lastModifiedDate', order: 'DESC' }}>
          <AutocompleteInput
            label="bureau.time.matter"
            optionText={matterText}
            helperText="bureau.mobile.timer_matter_hint"
            onChange={(_id, record) => setPicked(record as RaRecord | undefined)}
            fullWidth
          />
        </ReferenceInput>
        <Button type="submit" variant="contained" startIcon={<PlayArrowIcon />} sx={{ minHeight: 48 }}>
          {t('timer_start')}
        </Button>
      </Stack>
    </Form>
  );
};

export const TimerCard = () => {
  const t = useMobileText();
  const timer = useRunningTimer();
  const [confirm, setConfirm] = useState(false);
  const [saved, setSaved] = useState<RaRecord | null>(null);
  const { state, now } = timer;
  const elapsed = state ? elapsedMs(state, now) : 0;

  const discard = (
    <>
      <Button color="error" sx={{ minHeight: 48 }} onClick={() => setConfirm(true)}>
        {t('timer_discard')}
      </Button>
      <Confirm
        isOpen={confirm}
        title="bureau.mobile.timer_discard_title"
        content="bureau.mobile.timer_discard_text"
        translateOptions={{ time: formatElapsed(elapsed) }}
        confirm="bureau.mobile.timer_discard"
        confirmColor="warning"
        onConfirm={() => {
          setConfirm(false);
          timer.clear();
        }}
        onClose={() => setConfirm(false)}
      />
    </>
  );

  let body;
  if (!timer.ready) body = null;
  else if (saved && !state)
    body = (
      <Stack spacing={1} role="status" aria-live="polite">
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <CheckCircleIcon color="success" />
          <Typography sx={{ fontWeight: 500 }}>
            {t('logged', { minutes: minutesOf(saved.duration as number) })}{' '}
            <MatterName matter={{ id: (saved.matter as { id: RaRecord['id'] }).id }} />
          </Typography>
        </Stack>
        <Button variant="outlined" sx={{ minHeight: 48 }} onClick={() => setSaved(null)}>
          {t('timer_new')}
        </Button>
      </Stack>
    );
  else if (!state) body = <StartForm onStart={(matter) => timer.start(matter)} />;
  else if (!state.stoppedAt)
    body = (
      <Stack spacing={1}>
        <Typography
          role="timer"
          aria-label={t('timer_running')}
          variant="h4"
          component="p"
          sx={{ fontVariantNumeric: 'tabular-nums', textAlign: 'center' }}
        >
          {formatElapsed(elapsed)}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ textAlign: 'center' }}>
          {state.matter ? <MatterName matter={state.matter} /> : t('timer_no_matter')}
        </Typography>
        <Stack direction="row" spacing={1}>
          <Button
            variant="contained"
            startIcon={<StopIcon />}
            sx={{ minHeight: 48, flex: 1 }}
            onClick={() => timer.stop()}
          >
            {t('timer_stop')}
          </Button>
          {discard}
        </Stack>
      </Stack>
    );
  else
    body = (
      <PhoneTimeForm
        initial={{
          dateTime: entryStart(state).toISOString(),
          duration: roundUpToStep(elapsed),
          matter: state.matter ? { id: state.matter.id } : null,
        }}
        saveLabel={(ms) => t('log', { minutes: minutesOf(ms) })}
        actions={discard}
        onSaved={(record) => {
          setSaved(record);
          timer.clear();
        }}
      />
    );
  return <Box sx={{ px: 2, pb: 2 }}>{body}</Box>;
};
