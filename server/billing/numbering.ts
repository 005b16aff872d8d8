import type { HookTx } from '../../schemas/define';

/** The tables whose `number` column a series numbers, by series prefix. */
const SERIES_TABLES = { INV: 'invoices', PI: 'pre_invoices' } as const;

/** A numbered series of billing documents: invoices (`INV`) and pre-invoices (`PI`). */
export type Series = keyof typeof SERIES_TABLES;

/** Digits of a document's number within its year, zero-padded (`INV-2026-00012`). */
export const NUMBER_DIGITS = 5;

/**
 * The number of the `n`th document of `series` in `year`: `<series>-<year>-<n, 5 digits at least>`.
 * @example documentNumber('INV', '2026', 12) // 'INV-2026-00012'
 */
export const documentNumber = (series: Series, year: string, n: number): string =>
  `${series}-${year}-${String(n).padStart(NUMBER_DIGITS, '0')}`;

/**
 * The next number of `series` in the year of `date` (`YYYY-MM-DD`; today's year without one): one
 * above the highest number of that series and year, `INV-YYYY-NNNNN` / `PI-YYYY-NNNNN` (MC-7: one numbering format per series, sequential per year). Call it inside the document's
 * create transaction: it takes a transaction-scoped advisory lock per series and year first, so
 * concurrent creates wait for each other and never read the same highest number (no duplicates);
 * a create that fails rolls back and frees its number for the next one (no gap from it). Numbers of
 * fewer digits stored before (`INV-2026-0007`) count by their value.
 *
 * @returns the number, e.g. `INV-2026-00013`
 */
export async function nextDocumentNumber(tx: HookTx, series: Series, date: unknown): Promise<string> {
  const year = typeof date === 'string' && /^\d{4}/.test(date) ? date.slice(0, 4) : String(new Date().getUTCFullYear());
  await tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`${SERIES_TABLES[series]}.number.${year}`]);
  const [row] = await tx.query<{ n: number | string }>(
    `SELECT COALESCE(max(substring(number FROM $1)::bigint), 0) + 1 AS n FROM ${SERIES_TABLES[series]}`,
    [`^${series}-${year}-([0-9]{1,15})$`],
  );
  return documentNumber(series, year, Number(row?.n ?? 1));
}
