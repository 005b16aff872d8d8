/**
 * The expense list's own parts: the totals of the filtered rows in their currencies and in USD
 * (`GET /expenses/totalAmount`, EXP-15) and the Excel export of those rows (`expenses.xlsx`,
 * EXP-20/21). Display only: they load with the list.
 */
import { Tooltip, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useListContext, useTranslate } from 'react-admin';
import type { EntitySchema } from '../../../schemas/define';
import type { QueryParams } from '../../../dataProvider/query';
import { toMoney } from '../../../schemas/money';
import { numberFormat } from '../../i18n/activeLocale';
import type { ActionProps } from '../../resources/parts';
import { useSpringDataProvider } from '../../resources/useAction';
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

/** "Total 1,234.50 · USD 1,300.00" of the filtered expenses (EXP-15), exact decimal strings from the server. */
export const ExpenseTotals = () => {
  const { filterValues } = useListContext();
  return <ExpenseTotalsFigure query={expenseQuery(filterValues)} />;
};

/**
 * The totals of the expenses a query selects (`GET /expenses/totalAmount`): the list's filters, or
 * one invoice's expenses on its card (`{ 'invoice.id': 7 }`, INV-20).
 */
export const ExpenseTotalsFigure = ({ query }: { query: QueryParams }) => {
  const dataProvider = useSpringDataProvider();
  const translate = useTranslate();
  const { data, isPending, error } = useQuery({
    queryKey: ['expenses', 'totalAmount', query],
    queryFn: async ({ signal }) => {
      const { data: json } = await dataProvider.action<{ totalAmount?: string; totalAmountUsd?: string } | undefined>(
        'expenses',
        { name: 'totalAmount', data: query, signal },
      );
      return json ?? {};
    },
  });
  const text = error
    ? translate('bureau.shell.total_unavailable')
    : isPending
      ? translate('bureau.shell.total_pending')
      : translate('bureau.totals.expenses_figure', {
          amount: money(data.totalAmount),
          usd: money(data.totalAmountUsd),
        });
  return (
    <Tooltip title={error ? (error as Error).message : translate('bureau.totals.expenses')}>
      <Typography
        component="output"
        aria-live="polite"
        aria-label={translate('bureau.totals.amount')}
        variant="body2"
        sx={{ alignSelf: 'center', px: 1, fontWeight: 600, whiteSpace: 'nowrap' }}
      >
        {text}
      </Typography>
    </Tooltip>
  );
};

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
