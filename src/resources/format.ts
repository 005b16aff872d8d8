/**
 * Plain formatting of wire values for display (no React), in the user's locale
 * (`src/i18n/activeLocale.ts`): dates `D MMM 'YY` (WID-09, CONST-11; `DD.MM.YYYY` in Russian),
 * money with 2 decimals and the locale's grouping (`1,234.50`, `1 234,50`), percent x100 (CONST-06), durations `h:mm`, and record
 * representations from a template (`gname` or `%{gfirstName} %{glastName}`). Which formatter a
 * field type uses is the display table's business (`fieldTypes/display.tsx`).
 */
import dayjs from 'dayjs';
import { activeLocale, datePatterns, dayjsLocale, numberFormat } from '../i18n/activeLocale';

/** Reads a dotted path (`country.gname`) of a record. */
export const getPath = (record: unknown, path: string): unknown =>
  path
    .split('.')
    .reduce<unknown>(
      (acc, key) => (acc && typeof acc === 'object' ? (acc as Record<string, unknown>)[key] : undefined),
      record,
    );

/**
 * The local-language counterpart of a global name's path: the last segment's leading `g` becomes
 * `l` (`gname` -> `lname`, `employee.gfirstName` -> `employee.lfirstName`); `undefined` for a path
 * whose last segment does not start with `g` and a lower-case letter.
 */
export const localNamePath = (path: string): string | undefined => {
  const at = path.lastIndexOf('.') + 1;
  return /^g[a-z]/.test(path.slice(at)) ? `${path.slice(0, at)}l${path.slice(at + 1)}` : undefined;
};

/**
 * A value by the user's language: in Russian the local name (`lname`, `lfirstName`...) where the
 * record has a non-empty one for a global name's path (`gname`, `gfirstName`...), else the path's
 * own value; in English always the path's own value (the global, English name).
 *
 * @example
 * getNamePath({ gname: 'Kazakhstan', lname: 'Казахстан' }, 'gname') // 'Kazakhstan'; in Russian 'Казахстан'
 * getNamePath({ gname: 'Acme', lname: null }, 'gname') // 'Acme' in both
 */
export const getNamePath = (record: unknown, path: string): unknown => {
  const local = activeLocale() === 'ru' ? localNamePath(path) : undefined;
  const value = local === undefined ? undefined : getPath(record, local);
  return value != null && value !== '' ? value : getPath(record, path);
};

/**
 * A record's representation: a field name (`gname`) or a template (`%{gfirstName} %{glastName}`,
 * dotted paths allowed), names in the user's language (`getNamePath`); `#<id>` when nothing is there.
 */
export const representRecord = (template: string | undefined, record: unknown): string => {
  if (record == null || typeof record !== 'object') return record == null ? '' : String(record);
  const id = (record as { id?: unknown }).id;
  const text = !template
    ? ''
    : template.includes('%{')
      ? template.replace(/%\{([^}]+)\}/g, (_, path: string) => String(getNamePath(record, path.trim()) ?? '')).trim()
      : String(getNamePath(record, template) ?? '');
  return text || (id != null ? `#${String(id)}` : '');
};

const toDayjs = (value: unknown) =>
  value == null || value === '' ? null : dayjs(value as string).locale(dayjsLocale());

/** `2026-11-05` -> `5 Nov '26` (CONST-11); Russian `05.11.2026`. */
export const formatDate = (value: unknown): string => toDayjs(value)?.format(datePatterns().date) ?? '';
/** ISO date-time -> `5 Nov '26 14:30`; Russian `05.11.2026 14:30`. */
export const formatDateTime = (value: unknown): string => toDayjs(value)?.format(datePatterns().dateTime) ?? '';
/** `2026-11-01` -> `Nov 2026`; Russian `ноябрь 2026`. */
export const formatMonth = (value: unknown): string => toDayjs(value)?.format(datePatterns().month) ?? '';

const MONEY = { minimumFractionDigits: 2, maximumFractionDigits: 2 } as const;
/** `1234.5` or `"1234.5000"` -> `1,234.50`; Russian `1 234,50` (a no-break space groups). */
export const formatMoney = (value: unknown): string =>
  value == null || value === '' || Number.isNaN(Number(value)) ? '' : numberFormat(MONEY).format(Number(value));

/**
 * An amount with its currency in the active locale (MC-4: every shown amount names its
 * currency), at the currency's minor units (`JPY` 0, `KWD` 3, most 2): `formatCurrency('1234.5', 'USD')`
 * is `$1,234.50` in English, `1 234,50 $` in Russian; `KZT 480,000.00` / `480 000,00 ₸`. The value is
 * formatted from its decimal text (exact, no float); a code `Intl` does not know is written after
 * the number. Empty for no value.
 */
export const formatCurrency = (value: unknown, currency: string): string => {
  if (value == null || value === '' || Number.isNaN(Number(value))) return '';
  const text = String(value) as `${number}`;
  try {
    return numberFormat({ style: 'currency', currency }).format(text);
  } catch {
    return `${formatMoney(value)} ${currency}`;
  }
};

/** A fraction x100 without float noise: 0.07 -> 7, 0.123 -> 12.3 (CONST-06). */
export const fractionToPercent = (value: number): number => Number.parseFloat((value * 100).toPrecision(12));
/** A percent /100 (CLI-04): 12 -> 0.12. */
export const percentToFraction = (value: number): number => Number.parseFloat((value / 100).toPrecision(12));
/** `0.12` -> `12%`. */
export const formatPercent = (value: unknown): string =>
  value == null || value === '' || Number.isNaN(Number(value)) ? '' : `${fractionToPercent(Number(value))}%`;

/** Milliseconds -> `h:mm` (900000 -> `0:15`). */
export const formatDuration = (value: unknown): string => {
  if (value == null || value === '' || Number.isNaN(Number(value))) return '';
  const minutes = Math.round(Number(value) / 60000);
  return `${Math.floor(minutes / 60)}:${String(minutes % 60).padStart(2, '0')}`;
};

/** Shortens long text for list cells. */
export const truncate = (value: unknown, max = 60): string => {
  const text = value == null ? '' : String(value);
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
};
