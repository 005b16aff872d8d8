/**
 * Times as calendar events and back: an entry spans `dateTime` .. `dateTime + duration`; a moved
 * or resized event gives the entry's new `dateTime` and `duration`.
 */
import type { RaRecord } from 'react-admin';
import { billingStatusColor, codeOf, type StatusColor } from './looks';
import { formatDuration } from './duration';

/** The event shape the calendar takes (a subset of FullCalendar's `EventInput`). */
export interface TimeEvent {
  id: string;
  title: string;
  start: string;
  end: string;
  classNames: string[];
  extendedProps: { record: RaRecord; color: StatusColor };
}

const text = (v: unknown) => (typeof v === 'string' ? v : '');

/** The calendar's title of an entry: `M-12 · Drafted the memo` (matter number, then description). */
export const eventTitle = (r: RaRecord): string => {
  const matter = r.matter as { number?: unknown; description?: unknown } | undefined;
  const head = text(matter?.number) || text(matter?.description);
  const body = text(r.workDescription) || formatDuration(Number(r.duration));
  return head ? `${head} · ${body}` : body;
};

/** A time as an event, coloured by its billing status (TIME-07..09). */
export function toEvent(r: RaRecord): TimeEvent {
  const start = new Date(String(r.dateTime));
  const end = new Date(start.getTime() + Math.max(Number(r.duration) || 0, 60_000));
  const color = billingStatusColor(codeOf(r.billingStatus));
  return {
    id: String(r.id),
    title: eventTitle(r),
    start: start.toISOString(),
    end: end.toISOString(),
    classNames: [`time-status-${color}`],
    extendedProps: { record: r, color },
  };
}

/** The fields a move or resize changes: the new start and the length in ms (whole minutes). */
export function changeOf(start: Date, end: Date | null, fallbackMs: number): { dateTime: string; duration: number } {
  const duration = end ? Math.round((end.getTime() - start.getTime()) / 60_000) * 60_000 : fallbackMs;
  return { dateTime: start.toISOString(), duration };
}

/** The list filter of the visible range: entries starting in `[start, end)`. */
export const rangeFilter = (start: Date, end: Date) => ({
  'dateTime.gte': start.toISOString(),
  'dateTime.lt': end.toISOString(),
});

/** The time of day the week and day views open scrolled to (NAV-106): the working day, not midnight. */
export const CALENDAR_SCROLL_TIME = '08:00:00';

/**
 * Whether hours are written on the 24-hour clock in `locale` (a BCP 47 tag, `ru`, `en-GB`):
 * always in Russian; otherwise as `Intl` resolves the locale's own hour cycle (`h23`/`h24`), so
 * `en-GB` gets `08:00` and `en-US` `8 AM`.
 * @example uses24Hour('ru') // true
 */
export function uses24Hour(locale: string): boolean {
  if (/^ru\b/i.test(locale)) return true;
  const cycle = new Intl.DateTimeFormat(locale, { hour: 'numeric' }).resolvedOptions().hourCycle;
  return cycle === 'h23' || cycle === 'h24';
}

/**
 * The calendar's format of the hours down the side and of the entries' times (an `Intl` option
 * set FullCalendar takes): `08:00` on the 24-hour clock, `8am` / `8:30am` on the 12-hour one.
 */
export const hourFormat = (
  locale: string,
): Intl.DateTimeFormatOptions & { meridiem?: 'short'; omitZeroMinute?: boolean } =>
  uses24Hour(locale)
    ? { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }
    : { hour: 'numeric', minute: '2-digit', omitZeroMinute: true, meridiem: 'short' };

const capitalise = (s: string, locale: string) => s.charAt(0).toLocaleUpperCase(locale) + s.slice(1);

/**
 * A day column's header in the user's language: the short weekday, capitalised, and the day of
 * the month (`Пн 16`, `Mon 16`).
 */
export const dayHeader = (day: Date, locale: string): string =>
  `${capitalise(new Intl.DateTimeFormat(locale, { weekday: 'short' }).format(day), locale)} ${day.getDate()}`;

/**
 * A month's title in the user's language: the month's own name and the year, nothing else
 * (`ноябрь 2026`, not `ноябрь 2026 г.`; `November 2026`), in the order the language writes them.
 */
export const monthTitle = (day: Date, locale: string): string =>
  new Intl.DateTimeFormat(locale, { month: 'long', year: 'numeric' })
    .formatToParts(day)
    .filter((p) => p.type === 'month' || p.type === 'year')
    .map((p) => p.value)
    .join(' ');
