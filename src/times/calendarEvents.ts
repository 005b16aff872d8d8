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
