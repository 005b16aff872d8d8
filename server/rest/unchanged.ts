import Decimal from 'decimal.js';

/**
 * Whether a column value about to be written is certainly the value already stored, judged in
 * JavaScript so that nested children sent back unchanged cost no UPDATE at all. The answer is
 * `true` only when equality is certain for the shapes the database layer returns (numeric and
 * date as strings, bigint as number, timestamptz as Date, jsonb parsed); anything else is
 * `false`, and the UPDATE's own `IS DISTINCT FROM` then decides.
 */

const DECIMAL_RE = /^-?\d+(\.\d+)?$/;

/** JSON with object keys sorted, so two equal jsonb values give one string. */
function canonical(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(canonical).join(',')}]`;
  if (v && typeof v === 'object')
    return `{${Object.keys(v)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical((v as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  return JSON.stringify(v);
}

/**
 * @param value the SQL parameter `parseBody` made (string, number, boolean, null, or a JSON string for jsonb)
 * @param stored the column as the database layer read it
 * @returns true only when writing `value` would certainly leave the column as it is
 */
export function sameAsStored(value: unknown, stored: unknown): boolean {
  if (value === null || value === undefined) return stored === null || stored === undefined;
  if (stored === null || stored === undefined) return false;
  if (typeof value === 'boolean' || typeof value === 'number') return stored === value;
  if (typeof value !== 'string') return false;
  if (typeof stored === 'string') {
    if (stored === value) return true;
    // numeric columns come back in their scale's spelling (`0.2` is stored as `0.2000`)
    return DECIMAL_RE.test(value) && DECIMAL_RE.test(stored) && new Decimal(value).equals(stored);
  }
  if (stored instanceof Date) {
    const t = Date.parse(value);
    return !Number.isNaN(t) && t === stored.getTime();
  }
  if (typeof stored === 'object') {
    try {
      return canonical(JSON.parse(value)) === canonical(stored);
    } catch {
      return false;
    }
  }
  return false;
}
