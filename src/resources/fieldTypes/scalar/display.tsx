/**
 * Display of the scalar types: texts, numbers, money, percent (x100), dates, durations, booleans,
 * links (email, phone, url), password dots and enums. Dates read `D MMM 'YY`, money has two
 * decimals with comma grouping, numbers are grouped like the browser's locale.
 */
import CheckIcon from '@mui/icons-material/Check';
import ClearIcon from '@mui/icons-material/Clear';
import type { Field, FieldType } from '../../../../schemas/define';
import {
  formatDate,
  formatDateTime,
  formatDuration,
  formatMoney,
  formatMonth,
  formatPercent,
  truncate,
} from '../../format';
import { fieldOf, stopRowClick } from '../fieldOf';
import type { FieldDisplay } from '../types';
import { numberFormat } from '../../../i18n/activeLocale';

type ScalarType =
  | 'text'
  | 'longText'
  | 'number'
  | 'money'
  | 'percent'
  | 'boolean'
  | 'date'
  | 'month'
  | 'dateTime'
  | 'durationMs'
  | 'email'
  | 'phone'
  | 'url'
  | 'password'
  | 'enum';

const plain = (value: unknown): string => (value == null ? '' : String(value));
/** Numbers in the user's locale; fixed-point ones (`f.number({ scale })`) up to their scale. */
const formatNumber = (value: unknown, fd?: Field): string => {
  if (value == null || value === '' || Number.isNaN(Number(value))) return '';
  const scale = fd?.scale;
  return numberFormat(scale === undefined ? {} : { maximumFractionDigits: scale }).format(Number(value));
};

/** A type shown as its text, in cells and on the card. */
const textual = (text: (value: unknown) => string): FieldDisplay => ({
  text,
  cell: text,
  field: fieldOf(text),
  sortable: true,
  column: true,
});

/** A type shown as a link (`mailto:`, `tel:`, the URL itself); the text is the value. */
const link = (href: (value: string) => string, external = false): FieldDisplay => {
  const render = (value: unknown) =>
    value == null || value === '' ? null : (
      <a
        href={href(String(value))}
        onClick={stopRowClick}
        {...(external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
      >
        {String(value)}
      </a>
    );
  return { text: plain, cell: render, field: fieldOf(render), sortable: true, column: true };
};

const yesNo = (value: unknown) => (value == null ? '' : value ? 'Yes' : 'No');
const booleanCell = (value: unknown) =>
  value == null ? null : value ? (
    <CheckIcon fontSize="small" titleAccess="Yes" />
  ) : (
    <ClearIcon fontSize="small" titleAccess="No" />
  );

/** Long texts: whole, line breaks kept, on the card; truncated in list cells. */
const longText: FieldDisplay = {
  text: plain,
  cell: (value) => truncate(value),
  field: fieldOf((value, _fd, inList) =>
    inList ? truncate(value) : <span style={{ whiteSpace: 'pre-wrap' }}>{plain(value)}</span>,
  ),
  sortable: true,
  column: true,
};

/** A password is never shown: dots when one is set. */
const dots = (value: unknown) => (value == null || value === '' ? '' : '••••••');

export const scalarDisplays: Record<ScalarType, FieldDisplay> & Partial<Record<FieldType, FieldDisplay>> = {
  text: textual(plain),
  longText,
  number: { text: formatNumber, cell: formatNumber, field: fieldOf(formatNumber), sortable: true, column: true },
  money: textual(formatMoney),
  percent: textual(formatPercent),
  boolean: { text: yesNo, cell: booleanCell, field: fieldOf(booleanCell), sortable: true, column: true },
  date: textual(formatDate),
  month: textual(formatMonth),
  dateTime: textual(formatDateTime),
  durationMs: textual(formatDuration),
  email: link((v) => `mailto:${v}`),
  phone: link((v) => `tel:${v}`),
  url: link((v) => v, true),
  password: { text: dots, cell: dots, field: fieldOf(dots, false), sortable: false, column: false },
  enum: textual(plain),
};
