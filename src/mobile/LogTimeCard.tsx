import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import { Box, Button, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { useGetOne, type RaRecord } from 'react-admin';
import { TimeEntryForm, matterText } from '../times/TimeEntryForm';
import { DEFAULT_DURATION_MS as DEFAULT_TIME_DURATION_MS } from '../times/duration';
import { useMobileText } from './text';

const MINUTES = DEFAULT_TIME_DURATION_MS / 60_000;

/** The start of a 15-minute entry logged now: the quarter hour just spent, to the minute. */
export const justSpent = (now = new Date()): string => {
  const start = new Date(now.getTime() - DEFAULT_TIME_DURATION_MS);
  start.setSeconds(0, 0);
  return start.toISOString();
};

/**
 * "Log 15 minutes": pick a matter, say what was done, tap Log: a 15-minute time entry (TIME-03)
 * ending now, billable (TIME-04), for the signed-in employee. Then a clear confirmation naming the
 * matter, and a button to log another.
 */
/** The confirmation names the matter: read through the cache the pick list filled. */
const LoggedMatter = ({ saved }: { saved: RaRecord }) => {
  const id = (saved.matter as { id?: RaRecord['id'] } | undefined)?.id;
  const { data } = useGetOne<RaRecord>('matters', { id: id ?? '' }, { enabled: id != null });
  return <>{matterText(data ?? (saved.matter as RaRecord | undefined)) || `#${String(saved.id)}`}</>;
};

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
            {t('logged', { minutes: MINUTES })} <LoggedMatter saved={saved} />
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
      <TimeEntryForm
        key={round}
        initial={{ dateTime: justSpent(), duration: DEFAULT_TIME_DURATION_MS }}
        editableDuration={false}
        saveLabel={t('log', { minutes: MINUTES })}
        onSaved={setSaved}
      />
    </Box>
  );
};
