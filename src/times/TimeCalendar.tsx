/**
 * The week and month calendar of times (NAV-106) on FullCalendar: the visible range's entries are
 * read through the data provider (`GET /times` with `dateTime.gte`/`dateTime.lt`), dragging an
 * entry moves it and dragging its end resizes it (`PUT /times/{id}` with the new dateTime or
 * duration, put back with a notification when the server refuses), and click-dragging over free
 * time opens the new-entry dialog with that span (billing status code 2, TIME-10).
 */
import FullCalendar from '@fullcalendar/react';
import dayGridPlugin from '@fullcalendar/react/daygrid';
import timeGridPlugin from '@fullcalendar/react/timegrid';
import interactionPlugin from '@fullcalendar/react/interaction';
import classicTheme from '@fullcalendar/react/themes/classic';
import '@fullcalendar/react/skeleton.css';
import '@fullcalendar/react/themes/classic/theme.css';
import '@fullcalendar/react/themes/classic/palette.css';
import { Alert, Box, Button, Dialog, DialogContent, DialogTitle, LinearProgress, Typography } from '@mui/material';
import { useTheme } from '@mui/material/styles';
import { useMemo, useState } from 'react';
import { useGetList, useNotify, useTranslate, useUpdate, type RaRecord } from 'react-admin';
import { changeOf, rangeFilter, toEvent } from './calendarEvents';
import { formatDuration } from './duration';
import { NEW_CALENDAR_BILLING_STATUS } from './looks';
import { TimeEntryForm } from './TimeEntryForm';

/** The most entries one visible range loads (a month of a busy lawyer fits easily). */
export const CALENDAR_PAGE_SIZE = 1000;

interface Range {
  start: Date;
  end: Date;
}

interface Draft {
  start: Date;
  duration: number;
}

/** Minimal shapes of FullCalendar's callbacks' arguments that this view reads. */
interface ChangeArg {
  event: { id: string; start: Date | null; end: Date | null; extendedProps: Record<string, unknown> };
  revert: () => void;
}

export const TimeCalendar = ({ filter = {} }: { filter?: Record<string, unknown> }) => {
  const theme = useTheme();
  const notify = useNotify();
  const translate = useTranslate();
  const [range, setRange] = useState<Range | null>(null);
  const [draft, setDraft] = useState<Draft | null>(null);
  const { data, isPending, isFetching, error, refetch } = useGetList<RaRecord>(
    'times',
    {
      pagination: { page: 1, perPage: CALENDAR_PAGE_SIZE },
      sort: { field: 'dateTime', order: 'ASC' },
      filter: range ? { ...filter, ...rangeFilter(range.start, range.end) } : filter,
      meta: { projection: 'full' },
    },
    { enabled: range !== null, placeholderData: (previous) => previous },
  );
  const [update] = useUpdate<RaRecord>();
  const events = useMemo(() => (data ?? []).map(toEvent), [data]);

  const change = ({ event, revert }: ChangeArg) => {
    const record = event.extendedProps.record as RaRecord;
    if (!event.start) return revert();
    const next = changeOf(event.start, event.end, Number(record.duration));
    update(
      'times',
      { id: record.id, data: { ...record, ...next }, previousData: record },
      {
        mutationMode: 'pessimistic',
        onSuccess: () =>
          notify('bureau.time.moved', {
            type: 'info',
            messageArgs: { when: event.start!.toLocaleString(), duration: formatDuration(next.duration) },
          }),
        onError: (e) => {
          revert();
          notify((e as Error).message || 'bureau.time.move_failed', { type: 'error' });
        },
      },
    );
  };

  const palette = theme.palette;
  return (
    <Box
      sx={{
        position: 'relative',
        '& .time-status-error': { backgroundColor: palette.error.main, borderColor: palette.error.dark },
        '& .time-status-warning': { backgroundColor: palette.warning.main, borderColor: palette.warning.dark },
        '& .time-status-success': { backgroundColor: palette.success.main, borderColor: palette.success.dark },
        '& .time-status-default': { backgroundColor: palette.primary.main, borderColor: palette.primary.dark },
      }}
    >
      <Box sx={{ display: 'flex', justifyContent: 'flex-end', mb: 1 }}>
        <Button
          variant="outlined"
          size="small"
          // the keyboard's way to a new entry: now, rounded down to the quarter hour
          onClick={() => {
            const start = new Date();
            start.setMinutes(Math.floor(start.getMinutes() / 15) * 15, 0, 0);
            setDraft({ start, duration: 900_000 });
          }}
        >
          {translate('bureau.time.new_entry')}
        </Button>
      </Box>
      <Box sx={{ height: 4 }}>
        {(isPending || isFetching) && range && <LinearProgress aria-label={translate('bureau.time.loading_entries')} />}
      </Box>
      {error && (
        <Alert
          severity="error"
          sx={{ mb: 1 }}
          action={<button onClick={() => void refetch()}>{translate('bureau.time.retry')}</button>}
        >
          {(error as Error).message || translate('bureau.time.load_failed')}
        </Alert>
      )}
      {!isPending && !error && events.length === 0 && (
        <Typography role="status" color="text.secondary" sx={{ mb: 1 }}>
          {translate('bureau.ui.no_time_in_period')}
        </Typography>
      )}
      <FullCalendar
        plugins={[dayGridPlugin, timeGridPlugin, interactionPlugin, classicTheme]}
        initialView="timeGridWeek"
        headerToolbar={{ start: 'prev,next today', center: 'title', end: 'timeGridWeek,dayGridMonth' }}
        firstDay={1}
        height="auto"
        slotDuration="00:15:00"
        scrollTime="08:00:00"
        nowIndicator
        editable
        eventDurationEditable
        selectable
        selectMirror
        events={events}
        datesSet={(info: { start: Date; end: Date }) => setRange({ start: info.start, end: info.end })}
        eventDrop={(info: ChangeArg) => change(info)}
        eventResize={(info: ChangeArg) => change(info)}
        select={(info: { start: Date; end: Date; allDay: boolean }) => {
          const start = info.allDay ? new Date(info.start.getTime() + 9 * 3_600_000) : info.start;
          const duration = info.allDay ? 900_000 : info.end.getTime() - info.start.getTime();
          setDraft({ start, duration });
        }}
      />
      <Dialog
        open={draft !== null}
        onClose={() => setDraft(null)}
        fullWidth
        maxWidth="sm"
        aria-labelledby="new-time-title"
      >
        <DialogTitle id="new-time-title">
          {draft
            ? `${translate('bureau.time.new_entry')} · ${draft.start.toLocaleString()} · ${formatDuration(draft.duration)}`
            : translate('bureau.time.new_entry')}
        </DialogTitle>
        <DialogContent>
          {draft && (
            <TimeEntryForm
              initial={{ dateTime: draft.start.toISOString(), duration: draft.duration }}
              billingStatusCode={NEW_CALENDAR_BILLING_STATUS}
              saveLabel="bureau.time.log_time"
              onSaved={() => {
                setDraft(null);
                notify('bureau.time.logged', { type: 'success' });
                void refetch();
              }}
            />
          )}
        </DialogContent>
      </Dialog>
    </Box>
  );
};
