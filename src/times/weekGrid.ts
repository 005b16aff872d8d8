/**
 * The weekly grid's model (Kimai-style timesheet): rows are matters (or projects, for entries
 * without a matter), columns the seven days from Monday, each cell the entries of that row on
 * that day. Pure functions, so the grid's rules are tested without a browser.
 */
import type { RaRecord } from 'react-admin';

/** The row an entry belongs to: its matter, else its project. */
export interface GridRowKey {
  kind: 'matter' | 'project';
  id: RaRecord['id'];
}

export interface GridRow extends GridRowKey {
  key: string;
  label: string;
  /** The entries of each day, Monday first. */
  cells: RaRecord[][];
}

const DAY_MS = 86_400_000;

/** Monday 00:00 (local time) of the week holding `day`. */
export function weekStart(day: Date): Date {
  const d = new Date(day.getFullYear(), day.getMonth(), day.getDate());
  const back = (d.getDay() + 6) % 7;
  d.setDate(d.getDate() - back);
  return d;
}

/** The seven days of the week starting `monday`. */
export const weekDays = (monday: Date): Date[] =>
  Array.from({ length: 7 }, (_, i) => new Date(monday.getFullYear(), monday.getMonth(), monday.getDate() + i));

export const rowKey = (k: GridRowKey): string => `${k.kind}:${String(k.id)}`;

const label = (ref: unknown, kind: string, id: unknown): string => {
  const r = (ref ?? {}) as { number?: unknown; description?: unknown };
  const parts = [r.number, r.description].filter((p) => typeof p === 'string' && p !== '');
  return parts.length ? parts.join(' ') : `${kind} #${String(id)}`;
};

/**
 * Groups a week's entries into rows (sorted by label), adding the `extra` rows the user picked
 * that have no entry yet. Entries with neither matter nor project are left out.
 */
export function buildRows(
  entries: readonly RaRecord[],
  monday: Date,
  extra: ReadonlyArray<GridRowKey & { label: string }> = [],
): GridRow[] {
  const rows = new Map<string, GridRow>();
  const ensure = (k: GridRowKey, text: string) => {
    const key = rowKey(k);
    let row = rows.get(key);
    if (!row) {
      row = { ...k, key, label: text, cells: Array.from({ length: 7 }, () => []) };
      rows.set(key, row);
    }
    return row;
  };
  for (const e of entries) {
    const matter = e.matter as { id?: RaRecord['id'] } | null | undefined;
    const project = e.project as { id?: RaRecord['id'] } | null | undefined;
    const k: GridRowKey | undefined =
      matter?.id != null
        ? { kind: 'matter', id: matter.id }
        : project?.id != null
          ? { kind: 'project', id: project.id }
          : undefined;
    if (!k) continue;
    const day = Math.floor((new Date(String(e.dateTime)).getTime() - monday.getTime()) / DAY_MS);
    if (day < 0 || day > 6) continue;
    ensure(k, label(k.kind === 'matter' ? matter : project, k.kind, k.id)).cells[day]!.push(e);
  }
  for (const x of extra) ensure(x, x.label);
  return [...rows.values()].sort((a, b) => a.label.localeCompare(b.label));
}

/** The sum of the entries' durations (ms). */
export const cellTotal = (cell: readonly RaRecord[]): number => cell.reduce((s, e) => s + (Number(e.duration) || 0), 0);

/** What saving a cell does with the typed duration. */
export type CellChange =
  | { kind: 'none' }
  | { kind: 'create'; duration: number }
  | { kind: 'update'; record: RaRecord; duration: number }
  | { kind: 'delete'; record: RaRecord }
  | { kind: 'refuse'; message: string };

/**
 * The change a cell's new value asks for: an empty cell creates an entry, a cell of one entry
 * changes its duration (or deletes it when emptied, if `deletable` says the user may: TIME-18, a
 * lawyer's own unbilled entry), a cell of several entries is refused (they are edited one by one
 * in the calendar).
 */
export function cellChange(
  cell: readonly RaRecord[],
  duration: number | undefined,
  deletable: (record: RaRecord) => boolean = () => true,
): CellChange {
  if (duration === undefined) return { kind: 'refuse', message: 'Type hours as 1.5 or 1:30' };
  if (cell.length === 0) return duration === 0 ? { kind: 'none' } : { kind: 'create', duration };
  if (cell.length > 1)
    return cellTotal(cell) === duration
      ? { kind: 'none' }
      : { kind: 'refuse', message: 'This day has several entries: change them in the calendar' };
  const record = cell[0]!;
  if (Number(record.duration) === duration) return { kind: 'none' };
  if (duration === 0 && !deletable(record))
    return { kind: 'refuse', message: 'This entry is billed or not yours: it cannot be deleted' };
  return duration === 0 ? { kind: 'delete', record } : { kind: 'update', record, duration };
}
