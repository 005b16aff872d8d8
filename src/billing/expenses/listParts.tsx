/**
 * The expense list's own parts: the totals of the filtered rows in their currencies and in USD
 * (`GET /expenses/totalAmount`, EXP-15) and the Excel export of those rows (`expenses.xlsx`,
 * EXP-20/21). Display only: they load with the list.
 */
import { useListContext, useTranslate } from 'react-admin';
import { ListTotalFigure, type CurrencyTotalOptions } from '../../resources/ListTotal';
import type { EntitySchema } from '../../../schemas/define';
import type { QueryParams } from '../../../dataProvider/query';
import { toMoney } from '../../../schemas/money';
import { numberFormat } from '../../i18n/activeLocale';
import type { ActionProps } from '../../resources/parts';
import { DownloadButton } from '../../resources/views/useDownload';

export { PayersCell } from './PayersCell';

/**
 * The query of the rows on screen, as the data provider sends it with `GET /expenses`: the filter
 * values as they stand (the default filter is among them until the user clears it, EXP-09) and
 * react-admin's `q` as `search`.
 */
export const expenseQuery = (filter: Record<string, unknown> = {}): QueryParams => {
  const { q, ...rest } = filter;
  return { ...(q !== undefined && q !== '' ? { search: q } : {}), ...rest } as QueryParams;
};

/**
 * A decimal string (or number) as money on screen, exactly: rounded half-up to 2 places, grouped by
 * thousands with the active locale's separators (`"1234567.125"` -> `1,234,567.13`, Russian
 * `1 234 567,13`).
 */
export const money = (v: unknown): string => {
  const fixed = toMoney(typeof v === 'string' || typeof v === 'number' ? v : 0).toFixed(2);
  const [whole = '0', cents = '00'] = fixed.split('.');
  const parts = numberFormat({ minimumFractionDigits: 1 }).formatToParts(1234.5);
  const group = parts.find((p) => p.type === 'group')?.value ?? ',';
  const decimal = parts.find((p) => p.type === 'decimal')?.value ?? '.';
  return `${whole.replace(/\B(?=(\d{3})+(?!\d))/g, group)}${decimal}${cents}`;
};

/** What the expenses' total shows: per currency as entered, with the USD equivalent (EXP-15, MC-4). */
export const expenseTotalOptions: CurrencyTotalOptions = {
  collection: 'expenses',
  action: 'totalAmount',
  byCurrency: { fields: [{ property: 'totalAmount' }], usdProperty: 'totalAmountUsd' },
  label: 'bureau.totals.amount',
  description: 'bureau.totals.expenses',
};

/** "Total ₸1,234.50 · USD equivalent $2.57", one line per currency, of the filtered expenses (EXP-15). */
export const ExpenseTotals = () => {
  const { filterValues } = useListContext();
  return <ExpenseTotalsFigure query={expenseQuery(filterValues)} />;
};

/**
 * The per-currency totals of the expenses a query selects (`GET /expenses/totalAmount`): the list's
 * filters, or one invoice's expenses on its card (`{ 'invoice.id': 7 }`, INV-20).
 */
export const ExpenseTotalsFigure = ({ query }: { query: QueryParams }) => (
  <ListTotalFigure options={expenseTotalOptions} query={query} />
);

/** Titles of the columns that are no field of their own (system and computed columns). */
const TITLES: Record<string, string> = {
  createdDate: 'Created at',
  payerRm: 'Payer RM',
  brm: 'BRM',
};

/** The export's columns: the list's, each with its title as the list shows it (EXP-20). */
export const exportColumns = (schema: EntitySchema): Array<{ source: string; title: string }> =>
  (schema.excel?.columns ?? schema.list?.columns ?? []).map((source) => ({
    source,
    title:
      schema.fields[source]?.label ??
      TITLES[source] ??
      source.replace(/([A-Z])/g, ' $1').replace(/^./, (c) => c.toUpperCase()),
  }));

/**
 * Downloads `expenses.xlsx` (EXP-20/21): the data provider's `excel` report of the schema
 * (`POST excel/generate/expense` with the bearer token), the list's filters in the query and the
 * column titles in the body.
 */
export const ExportExcelButton = ({ schema }: ActionProps) => {
  const { filterValues, total } = useListContext();
  const translate = useTranslate();
  return (
    <DownloadButton
      label={translate('bureau.transfer.excel')}
      source={(dataProvider, signal) =>
        dataProvider.excel(schema.route, { filter: expenseQuery(filterValues), columns: exportColumns(schema), signal })
      }
      fileName={schema.excel?.fileName ?? 'expenses.xlsx'}
      disabled={total === 0}
    />
  );
};
