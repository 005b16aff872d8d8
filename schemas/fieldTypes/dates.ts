import { z } from 'zod';
import type { Field, FieldType } from '../define';
import { dateOf, isoDateTime, lastDayOfMonth } from './checks';
import { ORDERED_OPS } from './numeric';
import type { FieldTypeModule, Json } from './types';

const note = (base: Json, d: string): Json => ({
  description: base.description ? `${String(base.description)} (${d})` : d,
});

const DATE_ERROR = 'must be a date (YYYY-MM-DD) of the years 0001..9999';

/** The calendar date a `date` or `month` value is stored as, after the field's normalisation (H6). */
function normalised(fd: Field, d: string): string {
  if (fd.type === 'month' || fd.normalize === 'monthStart') return `${d.slice(0, 7)}-01`;
  if (fd.normalize === 'monthEnd') return lastDayOfMonth(d);
  return d;
}

/**
 * A `date` or `month` module: `YYYY-MM-DD` (also `YYYY-MM` and a date-time's date part) of the
 * years 0001..9999, stored as a `date`; `month` keeps the first day of the month.
 */
export function calendar<T extends FieldType>(type: T, sample: (seed: number) => string): FieldTypeModule<T> {
  return {
    type,
    nullable: true,
    wire: (fd) =>
      z.string({ error: 'must be a date (YYYY-MM-DD)' }).transform((v, ctx) => {
        const d = dateOf(v);
        if (d !== undefined) return normalised(fd, d);
        ctx.addIssue({ code: 'custom', message: DATE_ERROR, input: v });
        return z.NEVER;
      }),
    output: (_fd, v) => (v instanceof Date ? v.toISOString().slice(0, 10) : v),
    filter: {
      ops: ORDERED_OPS,
      parse: (_fd, raw) => {
        const d = dateOf(raw);
        return d === undefined
          ? { error: `"${raw}" is not a date (YYYY-MM-DD) of the years 0001..9999` }
          : { value: d };
      },
    },
    jsonSchema: (_fd, base) => ({
      ...base,
      type: 'string',
      format: 'date',
      ...note(base, 'a date of the years 0001..9999'),
    }),
    sample: (fd, seed) => normalised(fd, sample(seed)),
    invalid: () => ['2020-02-30', '2020-13-01', '0000-01-01', '10000-01-01', 'yesterday', 20200101, true],
  };
}

/** `dateTime`: ISO 8601 with a zone, of the years 0001..9999; stored as `timestamptz`, answered in UTC. */
export const dateTime: FieldTypeModule<'dateTime'> = {
  type: 'dateTime',
  nullable: true,
  wire: () =>
    z.unknown().transform((v, ctx) => {
      const t = typeof v === 'string' ? isoDateTime(v) : undefined;
      if (t !== undefined) return t;
      ctx.addIssue({ code: 'custom', message: 'must be a date-time (ISO 8601) of the years 0001..9999', input: v });
      return z.NEVER;
    }),
  output: (_fd, v) => (v instanceof Date ? v.toISOString() : new Date(String(v)).toISOString()),
  filter: {
    ops: ORDERED_OPS,
    parse: (_fd, raw) => {
      const t = isoDateTime(raw);
      return t === undefined
        ? { error: `"${raw}" is not a date-time (ISO 8601) of the years 0001..9999` }
        : { value: t };
    },
  },
  jsonSchema: (_fd, base) => ({
    ...base,
    type: 'string',
    format: 'date-time',
    ...note(base, 'of the years 0001..9999'),
  }),
  sample: (_fd, seed) => new Date(Date.UTC(2026, 2, 1 + (seed % 28), 10)).toISOString(),
  invalid: () => ['not a time', '+275760-09-13T00:00:00Z', '2020-01-01T25:61:00Z', 1700000000000, true],
};
