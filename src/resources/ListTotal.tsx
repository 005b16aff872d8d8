/**
 * A list's total beside its buttons ("Total 12.5 h", or one line per currency "Total ₸480,000.00 ·
 * USD equivalent $1,000.00"): a `GET` of the collection's total action with the same filters as the
 * rows on screen (`listFilterQuery`), refreshed when they change. Display only; the server computes
 * the total under the user's access rule, so it always matches the rows the user may read.
 *
 * Two kinds, one component: a single figure (`property` + `format`: the times' hours) or, for money
 * (MC-4, "honest totals"), `byCurrency`: the total actions of invoices, pre-invoices, expenses and
 * budgets answer `byCurrency` (`schemas/currencyTotals.ts`) and the figure shows one line per
 * currency, each amount formatted with its currency (`Intl.NumberFormat`, style currency), plus the
 * USD equivalent where the answer gives one. Amounts of different currencies are never added here:
 * the figure has no line without a currency.
 */
import { Stack, Tooltip, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useListContext, useTranslate, type TranslateFunction } from 'react-admin';
import { formatCurrency, formatMoney } from './format';
import { listFilterQuery } from './listQuery';
import type { ActionProps } from './parts';
import { useSpringDataProvider } from './useAction';

/** What any list total reads and how it is named. */
interface TotalSource {
  /** The resource, e.g. `budgets`. */
  collection: string;
  /** The collection's declared total action, e.g. `totalAmount` (`GET budgets/totalAmount`). */
  action: string;
  /** Accessible name of the figure: a translation key (`bureau.totals.amount`) or a text. */
  label: string;
  /** Tooltip saying what is summed and in which unit: a translation key or a text. */
  description: string;
}

/** A single figure: one property of the answer, formatted. */
export interface SingleTotalOptions extends TotalSource {
  /** Property of the answer holding the total, e.g. `durationTotal`. */
  property: string;
  /**
   * Text of the figure from the answer's value (a number or a decimal string; absent = 0), with
   * the active locale's `translate`.
   */
  format: (value: unknown, translate: TranslateFunction) => string;
  byCurrency?: undefined;
}

/** How the lines of a per-currency total read its answer's `byCurrency` entries. */
export interface ByCurrencyOptions {
  /** The money fields shown on each currency's line, the first as "Total ...", the rest with their label key (`%{value}`). */
  fields: Array<{ property: string; label?: string }>;
  /** The USD equivalent's field, shown on each line but a USD one (`totalAmountUsd`); none when omitted. */
  usdProperty?: string;
}

/** A money total: one line per currency of the answer's `byCurrency` (MC-4). */
export interface CurrencyTotalOptions extends TotalSource {
  byCurrency: ByCurrencyOptions;
}

/** What a list total reads and how it shows it: a single figure or per-currency lines. */
export type ListTotalOptions = SingleTotalOptions | CurrencyTotalOptions;

/** One currency's totals as the server answers them (`schemas/currencyTotals.ts`). */
type CurrencyLine = { currency: string; currencyId: number } & Record<string, unknown>;

/**
 * The lines of a per-currency answer: one text per currency, "Total KZT 480,000.00 · USD equivalent $1,000.00".
 * No currency (no rows): one line "Total 0.00" with an empty `currency`.
 */
export function currencyLines(
  answer: { byCurrency?: CurrencyLine[] } | undefined,
  options: ByCurrencyOptions,
  translate: (key: string, options?: Record<string, unknown>) => string,
): Array<{ currency: string; text: string }> {
  const lines = answer?.byCurrency ?? [];
  if (lines.length === 0) return [{ currency: '', text: translate('bureau.totals.total', { value: formatMoney(0) }) }];
  return lines.map((line) => {
    const parts = options.fields.map((f, i) => {
      const value = formatCurrency(line[f.property] ?? 0, line.currency);
      return i === 0 || !f.label ? translate('bureau.totals.total', { value }) : translate(f.label, { value });
    });
    if (options.usdProperty && line.currency !== 'USD')
      parts.push(translate('bureau.totals.usd', { value: formatCurrency(line[options.usdProperty] ?? 0, 'USD') }));
    return { currency: line.currency, text: parts.join(' · ') };
  });
}

/**
 * The figure of a total over an explicit filter query, e.g. the times of one invoice on its card
 * (`{ 'invoice.id': 7 }`). The list part {@link listTotal} renders it with the list's filters. A
 * single total is one text; a per-currency one is a line (`data-currency`) per currency.
 *
 * @example
 * <ListTotalFigure options={totalDurationOptions} query={{ 'invoice.id': record.id }} />
 */
export const ListTotalFigure = ({ options, query }: { options: ListTotalOptions; query: Record<string, unknown> }) => {
  const dataProvider = useSpringDataProvider();
  const translate = useTranslate();
  const { data, isPending, error } = useQuery({
    queryKey: [options.collection, options.action, options.byCurrency ? 'byCurrency' : options.property, query],
    queryFn: async ({ signal }) => {
      const { data: json } = await dataProvider.action<Record<string, unknown> | undefined>(options.collection, {
        name: options.action,
        data: query,
        signal,
      });
      // a missing total is an empty selection; null would leave the figure "pending"
      if (options.byCurrency) return json ?? {};
      return json?.[options.property] ?? 0;
    },
  });
  const state = error
    ? translate('bureau.shell.total_unavailable')
    : isPending
      ? translate('bureau.shell.total_pending')
      : undefined;
  const content =
    state ??
    (options.byCurrency ? (
      <Stack component="span" spacing={0}>
        {currencyLines(data as { byCurrency?: CurrencyLine[] }, options.byCurrency, translate).map((l) => (
          <span key={l.currency || 'none'} data-currency={l.currency || undefined}>
            {l.text}
          </span>
        ))}
      </Stack>
    ) : (
      options.format(data, translate)
    ));
  return (
    <Tooltip title={error ? (error as Error).message : translate(options.description, { _: options.description })}>
      <Typography
        component="output"
        aria-live="polite"
        aria-label={translate(options.label, { _: options.label })}
        variant="body2"
        sx={{ alignSelf: 'center', px: 1, fontWeight: 600, whiteSpace: 'nowrap' }}
      >
        {content}
      </Typography>
    </Tooltip>
  );
};

/**
 * A list action part showing a total of the filtered rows.
 *
 * @example
 * // schemas' parts: list: { actions: [TotalDuration] }
 * export const TotalDuration = listTotal({
 *   collection: 'times', action: 'totalDuration', property: 'durationTotal',
 *   label: 'bureau.time.total', description: 'bureau.time.total_hint',
 *   format: (v, translate) => translate('bureau.time.total_value', { value: v }),
 * });
 * // a money total, per currency (MC-4)
 * export const TotalAmount = listTotal({ collection: 'budgets', action: 'totalAmount',
 *   byCurrency: { fields: [{ property: 'totalAmount' }] }, label: 'bureau.totals.amount', description: 'bureau.totals.budgets' });
 */
export const listTotal = (options: ListTotalOptions) => {
  const ListTotal = ({ schema }: ActionProps) => {
    const { filterValues } = useListContext();
    return <ListTotalFigure options={options} query={listFilterQuery(schema, filterValues)} />;
  };
  ListTotal.displayName = `ListTotal(${options.collection}.${options.action})`;
  return ListTotal;
};
