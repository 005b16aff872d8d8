/**
 * The range rule (H2-09): a field declared `notBefore: '<start>'` is the end of a range and may not
 * be earlier than its start. One judgement for the server (entities: `rangeErrors` in
 * `schemas/validation.ts`; embedded values: `schemas/fieldTypes/embedded.ts`) and the SPA's form
 * (`src/resources/inputs/validators.ts`). No imports: the field types use it.
 */

/**
 * A value of a range bound as a number to compare, or undefined when it has none: a date
 * (`2026-03-01`), a month (`2026-03`) or a date-time as text or `Date` in epoch milliseconds, a
 * number as itself; blank or unreadable values are no bound (their own type check refuses them).
 * @example rangePoint('2026-03-01') // 1772323200000
 */
export function rangePoint(v: unknown): number | undefined {
  if (v === null || v === undefined || v === '') return undefined;
  if (v instanceof Date) return Number.isNaN(v.getTime()) ? undefined : v.getTime();
  if (typeof v === 'number') return Number.isFinite(v) ? v : undefined;
  if (typeof v !== 'string') return undefined;
  const s = v.trim();
  const t = /^\d{4}-\d{2}(-\d{2})?$/.test(s)
    ? Date.parse(`${s.length === 7 ? `${s}-01` : s}T00:00:00Z`)
    : Date.parse(s);
  return Number.isNaN(t) ? undefined : t;
}

/** The message of an end before its start, naming the start by `startLabel`. */
export const notBeforeText = (startLabel: string): string => `must not be before ${startLabel}`;

/**
 * Whether the end value `end` is before the start value `start` (both set and readable).
 * @example endsBeforeStart('2026-03-01', '2026-02-28') // true
 */
export function endsBeforeStart(start: unknown, end: unknown): boolean {
  const a = rangePoint(start);
  const b = rangePoint(end);
  return a !== undefined && b !== undefined && b < a;
}
