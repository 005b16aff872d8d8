import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import { Box, Button, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { useGetOne, type RaRecord } from 'react-admin';
import { matterText } from '../times/TimeEntryForm';
import { PhoneTimeForm } from '../times/PhoneTimeForm';
import { DEFAULT_DURATION_MS as DEFAULT_TIME_DURATION_MS } from '../times/duration';
import { useMobileText } from './text';

/** The start of a 15-minute entry logged now: the quarter hour just spent, to the minute. */
export const justSpent = (now = new Date()): string => {
  const start = new Date(now.getTime() - DEFAULT_TIME_DURATION_MS);
  start.setSeconds(0, 0);
  return start.toISOString();
};

/** The confirmation names the matter: read through the cache the pick list filled. */
const LoggedMatter = ({ saved }: { saved: RaRecord }) => {
  const id = (saved.matter as { id?: RaRecord['id'] } | undefined)?.id;
  const { data } = useGetOne<RaRecord>('matters', { id: id ?? '' }, { enabled: id != null });
  return <>{matterText(data ?? (saved.matter as RaRecord | undefined)) || `#${String(saved.id)}`}</>;
};

/**
 * "Log 15 minutes": pick a matter, say what was done, tap Log: a time entry of 15 minutes
 * (TIME-03, the duration may be changed) ending now on today (the date may be changed), billable
 * (TIME-04), for the signed-in employee - the phone form (`src/times/PhoneTimeForm.tsx`). Then a
 * clear confirmation naming the matter and the minutes, and a button to log another.
 */
export const LogTimeCard = () => {
  const t = useMobileText();
  const [saved, setSaved] = useState<RaRecord | null>(null);
  const [round, setRound] = useState(0);
  if (saved)
    return (
      <Stack spacing={1} sx={{ px: 2, pb: 2 }} role="status" aria-live="polite">
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <CheckCircleIcon color="success" />
          <Typography sx={{ fontWeight: 500 }}>
            {t('logged', { minutes: Math.round(Number(saved.duration ?? DEFAULT_TIME_DURATION_MS) / 60_000) })}{' '}
            <LoggedMatter saved={saved} />
          </Typography>
        </Stack>
        <Button
          variant="outlined"
          sx={{ minHeight: 48 }}
          onClick={() => {
            setSaved(null);
            setRound(round + 1);
          }}
        >
          {t('log_another')}
        </Button>
      </Stack>
    );
  return (
    <Box sx={{ px: 2, pb: 2 }}>
      <PhoneTimeForm
        key={round}
        initial={{ dateTime: justSpent(), duration: DEFAULT_TIME_DURATION_MS }}
        endsNow
        saveLabel={(ms) => t('log', { minutes: Math.round((ms ?? 0) / 60_000) })}
        onSaved={setSaved}
      />
    </Box>
  );
};
