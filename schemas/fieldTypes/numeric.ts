import Decimal from 'decimal.js';
import { z } from 'zod';
import type { Field, FieldType } from '../define';
import { readNumeric, type NumericLimits } from './checks';
import type { FieldTypeModule, Json, Parsed } from './types';

/** What sets one numeric type apart: its column's limits, its wire output, its JSON Schema and samples. */
export interface NumericSpec<T extends FieldType> {
  type: T;
  /** The limits of the field's column (`server/db/columns.ts`). */
  limits: (fd: Field) => NumericLimits;
  /** A database value (a JavaScript number for `bigint`, a string for `numeric`) in wire units. */
  output: (fd: Field, v: unknown) => unknown;
  /** The largest absolute value, for the JSON Schema's `minimum`/`maximum`. */
  bound: (fd: Field) => number;
  /** A note for the JSON Schema's description (units, scale). */
  note?: string;
  /** A bound in the user's terms, for the `min`/`max` messages (`86400000` -> `24 hours`); the number itself by default. */
  boundText?: (bound: number) => string;
  sample: (fd: Field, seed: number) => unknown;
}

/** The comparison operators numeric and date types allow, besides equality and lists. */
export const ORDERED_OPS = ['eq', 'ne', 'in', 'nin', 'gt', 'gte', 'lt', 'lte', 'like', 'isNull'] as const;

/**
 * Reads a number (JSON number or numeric string) within the field's column limits and its own
 * `min`/`max` (compared exactly; `boundText` words a bound in the message): the SQL parameter is a JavaScript number for integer columns and
 * a plain decimal string (`"12.5000"`-free: `"12.5"`) for decimal ones, never a float.
 */
export function parseNumber(
  limits: NumericLimits,
  fd: Pick<Field, 'min' | 'max'>,
  v: unknown,
  boundText: (bound: number) => string = String,
): Parsed<number | string> {
  const r = readNumeric(limits, v);
  if ('error' in r) return r;
  const d = new Decimal(r.value);
  if (fd.min !== undefined && d.lt(fd.min)) return { error: `must be greater than or equal to ${boundText(fd.min)}` };
  if (fd.max !== undefined && d.gt(fd.max)) return { error: `must be less than or equal to ${boundText(fd.max)}` };
  return { value: typeof r.value === 'number' ? r.value : r.value.toFixed() };
}

/** A numeric field type module: exact parsing within the column's limits and the field's bounds. */
export function numeric<T extends FieldType>(spec: NumericSpec<T>): FieldTypeModule<T> {
  return {
    type: spec.type,
    nullable: true,
    wire: (fd) =>
      z.union([z.number(), z.string()], { error: 'must be a number' }).transform((v, ctx) => {
        const r = parseNumber(spec.limits(fd), fd, v, spec.boundText);
        if ('value' in r) return r.value;
        ctx.addIssue({ code: 'custom', message: r.error, input: v });
        return z.NEVER;
      }),
    toJson: (stored) => (typeof stored === 'string' ? Number(stored) : stored),
    output: spec.output,
    filter: {
      ops: ORDERED_OPS,
      parse: (fd, raw) => {
        const r = readNumeric(spec.limits(fd), raw);
        if ('error' in r) return { error: `"${raw}" ${r.error}` };
        return { value: typeof r.value === 'number' ? r.value : r.value.toFixed() };
      },
    },
    jsonSchema: (fd, base): Json => {
      const limit = spec.bound(fd);
      const note = spec.note && {
        description: base.description ? `${String(base.description)} (${spec.note})` : spec.note,
      };
      return {
        ...base,
        type: spec.limits(fd).integer ? 'integer' : 'number',
        minimum: fd.min ?? -limit,
        maximum: fd.max ?? limit,
        ...note,
      };
    },
    sample: spec.sample,
    invalid: (fd) => [
      'abc',
      true,
      { value: 1 },
      '1,5',
      'Infinity',
      '0x1F',
      ...(fd.max !== undefined ? [fd.max + 1] : []),
      ...(fd.min !== undefined ? [fd.min - 1] : []),
      ...(spec.limits(fd).integer ? [1.5] : []),
    ],
  };
}

/** A sample within the field's `min`/`max`: `base`, unless a bound moves it. */
export const sampleWithin = (fd: Field, base: number): number =>
  Math.min(Math.max(base, fd.min ?? base), fd.max ?? base);
