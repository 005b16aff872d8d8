/**
 * The periods of the home cards, in UTC as the server counts them (`date_trunc` over UTC
 * timestamps): this ISO week (Monday to Monday) and this calendar month.
 */

const day = (d: Date) => d.toISOString().slice(0, 10);

/** This ISO week of `now`: its Monday 00:00 UTC and the next Monday's, as ISO instants. */
export function weekOf(now: Date): { from: string; before: string } {
  const monday = new Date(
    Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() - ((now.getUTCDay() + 6) % 7)),
  );
  const next = new Date(monday.getTime() + 7 * 86_400_000);
  return { from: monday.toISOString(), before: next.toISOString() };
}

/** This calendar month of `now`: its first and last day, `YYYY-MM-DD`. */
export function monthOf(now: Date): { date_gte: string; date_lte: string } {
  const first = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
  const last = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 0));
  return { date_gte: day(first), date_lte: day(last) };
}

/** A list's URL with `filter` (react-admin's `?filter=<JSON>`). */
export const filteredList = (path: string, filter: Record<string, unknown>): string =>
  `${path}?filter=${encodeURIComponent(JSON.stringify(filter))}`;
