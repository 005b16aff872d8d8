import { describe, expect, it } from 'vitest';
import { changeOf, rangeFilter, toEvent } from './calendarEvents';

describe('times as calendar events', () => {
  it('NAV-106 an entry spans dateTime .. dateTime + duration, titled by matter and coloured by billing status', () => {
    const e = toEvent({
      id: 4,
      dateTime: '2026-11-16T09:00:00.000Z',
      duration: 900_000,
      workDescription: 'Call with the client',
      matter: { id: 7, number: 'M-7' },
      billingStatus: { code: 2 },
    });
    expect(e).toMatchObject({
      id: '4',
      title: 'M-7 · Call with the client',
      start: '2026-11-16T09:00:00.000Z',
      end: '2026-11-16T09:15:00.000Z',
      classNames: ['time-status-error'],
    });
  });

  it('a move or resize gives the new dateTime and the duration in whole minutes', () => {
    const start = new Date('2026-11-17T10:00:00.000Z');
    expect(changeOf(start, new Date('2026-11-17T11:30:20.000Z'), 1)).toEqual({
      dateTime: '2026-11-17T10:00:00.000Z',
      duration: 5_400_000,
    });
    expect(changeOf(start, null, 900_000).duration).toBe(900_000);
  });

  it('the visible range is a half-open filter on dateTime', () => {
    expect(rangeFilter(new Date('2026-11-16T00:00:00Z'), new Date('2026-11-23T00:00:00Z'))).toEqual({
      'dateTime.gte': '2026-11-16T00:00:00.000Z',
      'dateTime.lt': '2026-11-23T00:00:00.000Z',
    });
  });
});
