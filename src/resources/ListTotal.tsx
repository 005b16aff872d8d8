/**
 * A list's total beside its buttons ("Total 12.5 h", "Total 12,000.00"): a `GET` of the
 * collection's total action with the same filters as the rows on screen (`listFilterQuery`),
 * refreshed when they change. Display only; the server computes the total under the user's access
 * rule, so it always matches the rows the user may read.
 */
import { Tooltip, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useListContext, useTranslate, type TranslateFunction } from 'react-admin';
import { listFilterQuery } from './listQuery';
import type { ActionProps } from './parts';
import { useSpringDataProvider } from './useAction';

/** What a list total reads and how it shows it. */
export interface ListTotalOptions {
  /** The resource, e.g. `budgets`. */
  collection: string;
  /** The collection's declared total action, e.g. `totalAmount` (`GET budgets/totalAmount`). */
  action: string;
  /** Property of the answer holding the total, e.g. `totalAmount`, `durationTotal`. */
  property: string;
  /** Accessible name of the figure: a translation key (`bureau.totals.amount`) or a text. */
  label: string;
  /** Tooltip saying what is summed and in which unit: a translation key or a text. */
  description: string;
  /**
   * Text of the figure from the answer's value (a number or a decimal string; absent = 0), with
   * the active locale's `translate`.
   */
  format: (value: unknown, translate: TranslateFunction) => string;
}

/**
 * The figure of a total over an explicit filter query, e.g. the times of one invoice on its card
 * (`{ 'invoice.id': 7 }`). The list part {@link listTotal} renders it with the list's filters.
 *
 * @example
 * <ListTotalFigure options={totalDurationOptions} query={{ 'invoice.id': record.id }} />
 */
export const ListTotalFigure = ({ options, query }: { options: ListTotalOptions; query: Record<string, unknown> }) => {
  const dataProvider = useSpringDataProvider();
  const translate = useTranslate();
  const { data, isPending, error } = useQuery({
    queryKey: [options.collection, options.action, options.property, query],
    queryFn: async ({ signal }) => {
      const { data: json } = await dataProvider.action<Record<string, unknown> | undefined>(options.collection, {
        name: options.action,
        data: query,
        signal,
      });
      // a missing total is an empty selection; null would leave the figure "pending"
      return json?.[options.property] ?? 0;
    },
  });
  const text = error
    ? translate('bureau.shell.total_unavailable')
    : isPending
      ? translate('bureau.shell.total_pending')
      : options.format(data, translate);
  return (
    <Tooltip title={error ? (error as Error).message : translate(options.description, { _: options.description })}>
      <Typography
        component="output"
        aria-live="polite"
        aria-label={translate(options.label, { _: options.label })}
        variant="body2"
        sx={{ alignSelf: 'center', px: 1, fontWeight: 600, whiteSpace: 'nowrap' }}
      >
        {text}
      </Typography>
    </Tooltip>
  );
};

/**
 * A list action part showing a total of the filtered rows.
 *
 * @example
 * // schemas' parts: list: { actions: [TotalAmount] }
 * export const TotalAmount = listTotal({
 *   collection: 'budgets', action: 'totalAmount', property: 'totalAmount',
 *   label: 'bureau.totals.amount', description: 'bureau.totals.budgets',
 *   format: (v, translate) => translate('bureau.totals.total', { value: formatMoney(v ?? 0) }),
 * });
 */
export const listTotal = (options: ListTotalOptions) => {
  const ListTotal = ({ schema }: ActionProps) => {
    const { filterValues } = useListContext();
    return <ListTotalFigure options={options} query={listFilterQuery(schema, filterValues)} />;
  };
  ListTotal.displayName = `ListTotal(${options.collection}.${options.action})`;
  return ListTotal;
};
