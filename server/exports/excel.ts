import type { Writable } from 'node:stream';
import ExcelJS from 'exceljs';
import type Decimal from 'decimal.js';
import type { EntitySchema, Field, WireRecord } from '../../schemas/define';
import { humanize } from '../../schemas/define';
import { findSchema, getSchema } from '../../schemas/index';
import { canReadField } from '../../schemas/access';
import type { AuthUser } from '../auth/types';
import { minorUnits, toMoney } from '../../schemas/money';

/**
 * Writes wire records (as the API lists them) into an xlsx sheet, streamed: one header row, one
 * row per record, a total row. Which columns and titles: {@link exportColumns}; how a value
 * becomes a typed cell: {@link cellValue}. Knows nothing of HTTP or SQL (`routes.ts` feeds it).
 */

/** The MIME type of an xlsx file. */
export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** How a column's values become cells. */
export type CellKind = 'date' | 'dateTime' | 'month' | 'hours' | 'money' | 'number' | 'percent' | 'boolean' | 'text';

/** One column of an export: the record path it reads, its header, and how it writes cells. */
export interface ExportColumn {
  source: string;
  title: string;
  kind: CellKind;
  /** Set for references and dictionary entries: the representation of the embedded record. */
  represent?: (value: WireRecord) => string;
  /** Summed in the total row (durations and money). */
  total: boolean;
  /**
   * Money columns: the ISO code of a record's amount in this column - the record's `currency`
   * (`currency.code`), or `USD` for a USD equivalent (`amountUsd`); absent when the schema has no
   * currency, and the column is then totalled as one (MC-4).
   */
  currencyOf?: (record: WireRecord) => string | undefined;
}

const NUMBER_FORMATS: Partial<Record<CellKind, string>> = {
  date: 'yyyy-mm-dd',
  dateTime: 'yyyy-mm-dd hh:mm',
  month: 'yyyy-mm',
  hours: '0.00',
  money: '#,##0.00',
  percent: '0.##%',
};

const MS_PER_HOUR = 3_600_000;

/** Reads a dotted path of a record (`client.gname`); undefined where the path ends. */
export const valueAt = (record: unknown, path: string): unknown =>
  path.split('.').reduce<unknown>((v, k) => (v && typeof v === 'object' ? (v as WireRecord)[k] : undefined), record);

/**
 * The text of an embedded record by its schema's `recordRepresentation` (a field or a
 * `%{path}` template); `#<id>` when nothing of it is readable (a record the user may not read).
 */
export function representation(target: EntitySchema): (value: WireRecord) => string {
  const template = target.recordRepresentation ?? ('gname' in target.fields ? 'gname' : undefined);
  return (value) => {
    const text = !template
      ? ''
      : template.includes('%{')
        ? template.replace(/%\{([^}]+)\}/g, (_, p: string) => String(valueAt(value, p.trim()) ?? '')).trim()
        : String(valueAt(value, template) ?? '');
    return text || (value.id != null ? `#${String(value.id)}` : '');
  };
}

const KIND_OF_TYPE: Record<string, CellKind> = {
  date: 'date',
  dateTime: 'dateTime',
  month: 'month',
  durationMs: 'hours',
  money: 'money',
  number: 'number',
  percent: 'percent',
  boolean: 'boolean',
};

/**
 * Of the column sources of `schema` (`birthDate`, `office.gfirmName`), those whose fields `user`
 * reads, in their order (H2-05, `canReadField`): an export leaves out, rather than empties, the
 * columns of personal fields the user may not read.
 * @example readableSources(employees, ['fullName', 'birthDate'], publisher) // ['fullName']
 */
export function readableSources(schema: EntitySchema, sources: readonly string[], user: AuthUser): string[] {
  return sources.filter((source) => {
    let at: EntitySchema | undefined = schema;
    for (const seg of source.split('.')) {
      const fd: Field | undefined = at && Object.hasOwn(at.fields, seg) ? at.fields[seg] : undefined;
      if (!fd) return true;
      if (!canReadField(fd, user.roles, user.privileges)) return false;
      at = fd.target ? findSchema(fd.target) : undefined;
    }
    return true;
  });
}

/**
 * The column of `source` (a field, or a dotted path through it such as `type.code`) of `schema`.
 * Durations are titled with their unit (`Duration (h)`).
 * @throws Error when the schema has no such field
 */
export function exportColumn(schema: EntitySchema, source: string, title?: string): ExportColumn {
  const [head, ...rest] = source.split('.');
  const fd: Field | undefined = Object.hasOwn(schema.fields, head!) ? schema.fields[head!] : undefined;
  const label = fd?.label ?? humanize(head!);
  if (rest.length > 0 || !fd) return { source, title: title ?? label, kind: 'text', total: false };
  const kind = KIND_OF_TYPE[fd.type] ?? 'text';
  const target = fd.target ? getSchema(fd.target) : undefined;
  return {
    source,
    title: title ?? (kind === 'hours' ? `${label} (h)` : label),
    kind,
    represent:
      fd.type === 'dictionary' || fd.type === 'dictionaryList'
        ? (v) => String(v.gname ?? v.code ?? '')
        : target && representation(target),
    total: kind === 'hours' || kind === 'money',
    ...(kind === 'money' ? currencyOfColumn(schema, source) : {}),
  };
}

/**
 * How a money column of `schema` finds the currency of a record's amount: a USD equivalent (a
 * field ending in `Usd`) is in US dollars; any other amount is in the record's `currency`
 * reference (its embedded `code`), when the schema has one.
 */
function currencyOfColumn(schema: EntitySchema, source: string): Pick<ExportColumn, 'currencyOf'> {
  if (source.endsWith('Usd')) return { currencyOf: () => 'USD' };
  const ref = schema.fields.currency;
  if (!ref || ref.target !== 'currencies') return {};
  return {
    currencyOf: (record) => {
      const code = valueAt(record, 'currency.code');
      return typeof code === 'string' && code ? code : undefined;
    },
  };
}

/**
 * The number format of an amount in `currency`: its minor units (`JPY` 0, `KWD` 3, most 2) and its
 * code after the number (`#,##0.00 "KZT"`), so a printed cell names its currency.
 */
export const currencyFormat = (currency: string | undefined): string => {
  if (!currency) return NUMBER_FORMATS.money!;
  const units = minorUnits(currency);
  return `#,##0${units > 0 ? `.${'0'.repeat(units)}` : ''} "${currency.replace(/"/g, '')}"`;
};

/** Text a spreadsheet would run as a formula (`=`, `+`, `-`, `@`, tab, CR) gets a leading apostrophe. */
export const safeText = (text: string): string => (/^[=+\-@\t\r]/.test(text) ? `'${text}` : text);

/** A UTC date of a `YYYY-MM-DD` (or `YYYY-MM`) wire value. */
const utcDay = (v: string): Date => new Date(`${v.length === 7 ? `${v}-01` : v.slice(0, 10)}T00:00:00Z`);

/** The typed cell value of one record's column; null for an empty value. */
export function cellValue(column: ExportColumn, record: WireRecord): ExcelJS.CellValue {
  const v = valueAt(record, column.source);
  if (v === null || v === undefined || v === '') return null;
  switch (column.kind) {
    case 'date':
    case 'month':
      return utcDay(String(v));
    case 'dateTime':
      return new Date(String(v));
    case 'hours':
      return Number(v) / MS_PER_HOUR;
    case 'money':
      // An Excel number is a double: the one place a money value becomes a float, on purpose.
      return toMoney(v as string | number | Decimal).toNumber();
    case 'number':
    case 'percent':
      return Number(v);
    case 'boolean':
      return Boolean(v);
    default: {
      const text = Array.isArray(v)
        ? v
            .map((x) => (typeof x === 'object' && x ? (column.represent?.(x as WireRecord) ?? '') : String(x)))
            .join(', ')
        : typeof v === 'object'
          ? (column.represent?.(v as WireRecord) ?? JSON.stringify(v))
          : String(v);
      return safeText(text);
    }
  }
}

/**
 * Sets each cell's number format from its column (the streaming writer does not apply column
 * styles to cells); a money cell's with its currency ({@link currencyFormat}) when `currencies`
 * gives one for the column.
 */
function formatted(row: ExcelJS.Row, columns: ExportColumn[], currencies: Array<string | undefined> = []): ExcelJS.Row {
  columns.forEach((c, i) => {
    const numFmt = c.kind === 'money' && currencies[i] ? currencyFormat(currencies[i]) : NUMBER_FORMATS[c.kind];
    if (numFmt) row.getCell(i + 1).numFmt = numFmt;
  });
  return row;
}

/** Excel's column letters of a 1-based index (1 -> A, 27 -> AA). */
const letters = (n: number): string =>
  n <= 0 ? '' : letters(Math.floor((n - 1) / 26)) + String.fromCharCode(65 + ((n - 1) % 26));

/**
 * Streams an xlsx into `out`: the header row, the records of every batch `next()` yields (until
 * an empty batch), then a total row (`Total`, and a SUM formula with its value under each
 * duration and money column) unless `options.totals` is false (a file meant to be read back, as
 * the generic export of server/transfer/export.ts). Resolves when the file is complete.
 */
export async function writeWorkbook(
  out: Writable,
  sheetName: string,
  columns: ExportColumn[],
  next: () => Promise<WireRecord[]>,
  options: { totals?: boolean } = {},
): Promise<{ rows: number }> {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  const sheet = workbook.addWorksheet(sheetName.slice(0, 31), { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = columns.map((c) => ({
    header: c.title,
    key: c.source,
    width: c.kind === 'text' ? 30 : c.kind === 'dateTime' ? 18 : 12,
    style: NUMBER_FORMATS[c.kind] ? { numFmt: NUMBER_FORMATS[c.kind] } : {},
  }));
  sheet.getRow(1).font = { bold: true };
  sheet.getRow(1).commit();
  // Exact: money adds the record's decimal, not the cell's float; hours add the cell.
  const sums = columns.map(() => toMoney(0));
  // the record's own currency (MC-4): its amounts are totalled per currency
  const keyColumn = columns.find((c) => c.currencyOf && !c.source.endsWith('Usd'));
  const groups = new Map<string, Decimal[]>();
  let rows = 0;
  for (let batch = await next(); batch.length > 0; batch = await next()) {
    for (const record of batch) {
      const key = keyColumn?.currencyOf?.(record) ?? '';
      const group = groups.get(key) ?? columns.map(() => toMoney(0));
      groups.set(key, group);
      const values = columns.map((c, i) => {
        const cell = cellValue(c, record);
        if (c.total && typeof cell === 'number') {
          const add = c.kind === 'money' ? toMoney(valueAt(record, c.source) as string | Decimal) : cell;
          sums[i] = sums[i]!.plus(add);
          group[i] = group[i]!.plus(add);
        }
        return cell;
      });
      const currencies = columns.map((c) => c.currencyOf?.(record));
      formatted(sheet.addRow(values), columns, currencies).commit();
      rows++;
    }
  }
  if (options.totals === false) {
    sheet.commit();
    await workbook.commit();
    return { rows };
  }
  if (keyColumn && groups.size > 1) {
    writeCurrencyTotals(sheet, columns, groups, sums, rows);
    sheet.commit();
    await workbook.commit();
    return { rows };
  }
  const only = keyColumn ? [...groups.keys()][0] : undefined;
  const last = rows + 1;
  const total = sheet.addRow(
    columns.map((c, i) =>
      c.total
        ? rows > 0
          ? { formula: `SUM(${letters(i + 1)}2:${letters(i + 1)}${last})`, result: sums[i]!.toNumber() }
          : 0
        : i === 0
          ? only
            ? `Total ${only}`
            : 'Total'
          : null,
    ),
  );
  formatted(
    total,
    columns,
    columns.map((c) => (c.currencyOf ? (c.source.endsWith('Usd') ? 'USD' : only || undefined) : undefined)),
  ).font = { bold: true };
  total.commit();
  sheet.commit();
  await workbook.commit();
  return { rows };
}

/**
 * The total rows of a sheet whose rows hold several currencies (MC-4): one row per
 * currency, by code (`Total KZT`, `Total USD`), each money cell the exact sum of that currency's
 * amounts formatted with it (USD equivalents in USD), durations the currency's rows' hours; then a
 * row `Total, all currencies` with only what may be added over currencies - the durations and the
 * USD equivalents, as SUM formulas over the rows - never one bare sum of amounts in different currencies.
 */
function writeCurrencyTotals(
  sheet: ExcelJS.Worksheet,
  columns: ExportColumn[],
  groups: Map<string, Decimal[]>,
  sums: Decimal[],
  rows: number,
): void {
  const isUsd = (c: ExportColumn) => c.kind === 'money' && c.source.endsWith('Usd');
  for (const code of [...groups.keys()].sort()) {
    const group = groups.get(code)!;
    const row = sheet.addRow(
      columns.map((c, i) => (c.total ? group[i]!.toNumber() : i === 0 ? `Total ${code || '(no currency)'}` : null)),
    );
    formatted(
      row,
      columns,
      columns.map((c) => (c.kind !== 'money' ? undefined : isUsd(c) ? 'USD' : code || undefined)),
    ).font = { bold: true };
    row.commit();
  }
  const all = sheet.addRow(
    columns.map((c, i) =>
      c.total && (c.kind === 'hours' || isUsd(c))
        ? { formula: `SUM(${letters(i + 1)}2:${letters(i + 1)}${rows + 1})`, result: sums[i]!.toNumber() }
        : i === 0
          ? 'Total, all currencies'
          : null,
    ),
  );
  formatted(
    all,
    columns,
    columns.map((c) => (isUsd(c) ? 'USD' : undefined)),
  ).font = { bold: true };
  all.commit();
}
