/**
 * The week and month calendar of times (NAV-106) on FullCalendar: the visible range's entries are
 * read through the data provider (`GET /times` with `dateTime.gte`/`dateTime.lt`), dragging an
 * entry moves it and dragging its end resizes it (`PUT /times/{id}` with the new dateTime or
 * duration, put back with a notification when the server refuses), and click-dragging over free
 * time opens the new-entry dialog with that span (billing status code 2, TIME-10).
 *
 * It opens at the working day (scrolled to 08:00, the day headers fixed above the scrolling
 * hours), speaks the user's language (titles, weekdays and hours through `Intl`, the 24-hour clock
 * where the language uses it, the buttons from `src/i18n`), shows one day at a time on a phone
 * (narrower than 600 px) and takes its colours from the MUI theme, dark mode included.
 */
import FullCalendar from '@fullcalendar/react';
import dayGridPlugin from '@fullcalendar/react/daygrid';
import timeGridPlugin from '@fullcalendar/react/timegrid';
import interactionPlugin from '@fullcalendar/react/interaction';
import classicTheme from '@fullcalendar/react/themes/classic';
import ruLocale from '@fullcalendar/react/locales/ru';
import '@fullcalendar/react/skeleton.css';
import '@fullcalendar/react/themes/classic/theme.css';
import '@fullcalendar/react/themes/classic/palette.css';
import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogContent,
  DialogTitle,
  LinearProgress,
  Typography,
  useMediaQuery,
} from '@mui/material';
import { alpha, useTheme, type Theme } from '@mui/material/styles';
import { useMemo, useState } from 'react';
import { useGetList, useLocaleState, useNotify, useTranslate, useUpdate, type RaRecord } from 'react-admin';
import {
  CALENDAR_SCROLL_TIME,
  changeOf,
  dayHeader,
  hourFormat,
  monthTitle,
  rangeFilter,
  toEvent,
} from './calendarEvents';
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

/** The date FullCalendar hands a function formatter (`year`, `month` from 0, `day`), as a local Date. */
interface FormatArg {
  date: { year: number; month: number; day: number };
}
const dayOf = ({ date }: FormatArg) => new Date(date.year, date.month, date.day);

/**
 * The calendar's colours from the MUI theme, as the classic theme's CSS variables: the page's
 * background, text and borders, and today's column a tint of the primary colour - light on light,
 * dark on dark (never the theme's pale yellow on a dark page).
 */
export const calendarPalette = (theme: Theme): Record<string, string> => {
  const dark = theme.palette.mode === 'dark';
  return {
    '--fc-classic-background': theme.palette.background.paper,
    '--fc-classic-foreground': theme.palette.text.primary,
    '--fc-classic-muted-foreground': theme.palette.text.secondary,
    '--fc-classic-border': theme.palette.divider,
    '--fc-classic-strong-border': theme.palette.divider,
    '--fc-classic-today': alpha(theme.palette.primary.main, dark ? 0.16 : 0.08),
    '--fc-classic-highlight': alpha(theme.palette.primary.main, dark ? 0.28 : 0.16),
    '--fc-classic-now': theme.palette.error.main,
  };
};

/** The calendar's height: its hours scroll inside it, so it can open at 08:00 with the day headers in view. */
export const CALENDAR_HEIGHT = 'max(420px, calc(100vh - 260px))';

/**
 * The calendar's views, language and working hours (NAV-106), as FullCalendar options: a week
 * (or, on a phone, a day) of the time grid with a fixed height, opened scrolled to 08:00 under
 * its day headers; titles, weekdays and hours in `locale` (`Intl`: `Пн 16`, `ноябрь 2026`,
 * `08:00`), the buttons' texts from `src/i18n`.
 * @param phone whether the window is narrower than 600 px (MUI's `sm`)
 * @param locale the react-admin locale (`en`, `ru`)
 */
export function calendarOptions(phone: boolean, locale: string, translate: (key: string) => string) {
  return {
    initialView: phone ? 'timeGridDay' : 'timeGridWeek',
    headerToolbar: phone
      ? { start: 'prev,next', center: 'title', end: 'today' }
      : { start: 'prev,next today', center: 'title', end: 'timeGridWeek,timeGridDay,dayGridMonth' },
    locale,
    todayText: translate('bureau.time.today'),
    weekTextLong: translate('bureau.time.week'),
    monthText: translate('bureau.time.month'),
    dayText: translate('bureau.time.day'),
    prevText: translate('bureau.time.previous'),
    nextText: translate('bureau.time.next'),
    allDayText: translate('bureau.time.all_day'),
    noEventsText: translate('bureau.time.no_events'),
    slotHeaderFormat: hourFormat(locale),
    eventTimeFormat: hourFormat(locale),
    dayHeaderFormat: (arg: FormatArg) => dayHeader(dayOf(arg), locale),
    views: {
      dayGridMonth: {
        titleFormat: (arg: FormatArg) => monthTitle(dayOf(arg), locale),
        dayHeaderFormat: (arg: FormatArg) => dayHeader(dayOf(arg), locale).replace(/\s\d+$/, ''),
      },
    },
    firstDay: 1,
    // a fixed height: the hours scroll under the day headers, from 08:00
    height: CALENDAR_HEIGHT,
    slotDuration: '00:15:00',
    scrollTime: CALENDAR_SCROLL_TIME,
  };
}

export const TimeCalendar = ({ filter = {} }: { filter?: Record<string, unknown> }) => {
  const theme = useTheme();
  // a phone (under 600 px) gets one day at a time instead of seven squeezed columns
  const phone = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  const [locale = 'en'] = useLocaleState();
  const notify = useNotify();
  const translate = useTranslate();
  // the same objects while nothing changes: FullCalendar re-applies options it is handed anew
  const options = useMemo(() => calendarOptions(phone, locale, translate), [phone, locale, translate]);
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
        ...calendarPalette(theme),
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
        // a new view when the width crosses the phone's: FullCalendar reads initialView once
        key={phone ? 'phone' : 'desk'}
        plugins={[dayGridPlugin, timeGridPlugin, interactionPlugin, classicTheme]}
        locales={[ruLocale]}
        {...options}
        nowIndicator
        editable
        eventDurationEditable
        selectable
        selectMirror
        events={events}
        datesSet={(info: { start: Date; end: Date }) =>
          // the same range again (options re-read) is no new query
          setRange((r) =>
            r && r.start.getTime() === info.start.getTime() && r.end.getTime() === info.end.getTime()
              ? r
              : { start: info.start, end: info.end },
          )
        }
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
