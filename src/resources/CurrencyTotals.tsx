/**
 * A list's money total per currency (MC-4, "honest totals"): the collection's total
 * action (`GET invoices/totalAmount`, `preInvoices/totalAmount`, `expenses/totalAmount`,
 * `budgets/totalAmount`) answers `byCurrency` (`schemas/currencyTotals.ts`); this shows one line per
 * currency, each amount formatted with its currency (`Intl.NumberFormat`, style currency), plus the
 * USD equivalent where the answer gives one. Amounts of different currencies are never added here:
 * the figure has no line without a currency. Display only; the server sums under the user's access rule.
 */
import { Stack, Tooltip, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useListContext, useTranslate } from 'react-admin';
import { formatCurrency, formatMoney } from './format';
import { listFilterQuery } from './listQuery';
import type { ActionProps } from './parts';
import { useSpringDataProvider } from './useAction';

/** What a per-currency total reads and how it labels it. */
export interface CurrencyTotalOptions {
  /** The resource, e.g. `invoices`. */
  collection: string;
  /** The collection's total action, e.g. `totalAmount`. */
  action: string;
  /** The money fields shown on each currency's line, the first as "Total ...", the rest with their label key (`%{value}`). */
  fields: Array<{ property: string; label?: string }>;
  /** The USD equivalent's field, shown on each line (`totalAmountUsd`); none when omitted. */
  usdProperty?: string;
  /** Accessible name of the figure: a translation key or a text. */
  label: string;
  /** Tooltip saying what is summed: a translation key or a text. */
  description: string;
}

/** One currency's totals as the server answers them (`schemas/currencyTotals.ts`). */
type CurrencyLine = { currency: string; currencyId: number } & Record<string, unknown>;

/**
 * The lines of a per-currency answer: one text per currency, "Total KZT 480,000.00 · USD equivalent $1,000.00".
 * No currency (no rows): one line "Total 0.00".
 */
export function currencyLines(
  answer: { byCurrency?: CurrencyLine[] } | undefined,
  options: Pick<CurrencyTotalOptions, 'fields' | 'usdProperty'>,
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
 * The per-currency figure over an explicit filter query (a card tab's `{ 'invoice.id': 7 }`);
 * {@link currencyTotal} renders it with the list's filters.
 * @example
 * <CurrencyTotalsFigure options={invoiceTotalOptions} query={{ 'project.id': 3 }} />
 */
export const CurrencyTotalsFigure = ({
  options,
  query,
}: {
  options: CurrencyTotalOptions;
  query: Record<string, unknown>;
}) => {
  const dataProvider = useSpringDataProvider();
  const translate = useTranslate();
  const { data, isPending, error } = useQuery({
    queryKey: [options.collection, options.action, 'byCurrency', query],
    queryFn: async ({ signal }) => {
      const { data: json } = await dataProvider.action<{ byCurrency?: CurrencyLine[] } | undefined>(
        options.collection,
        { name: options.action, data: query, signal },
      );
      return json ?? {};
    },
  });
  const lines = error
    ? [{ currency: '', text: translate('bureau.shell.total_unavailable') }]
    : isPending
      ? [{ currency: '', text: translate('bureau.shell.total_pending') }]
      : currencyLines(data, options, translate);
  return (
    <Tooltip title={error ? (error as Error).message : translate(options.description, { _: options.description })}>
      <Typography
        component="output"
        aria-live="polite"
        aria-label={translate(options.label, { _: options.label })}
        variant="body2"
        sx={{ alignSelf: 'center', px: 1, fontWeight: 600, whiteSpace: 'nowrap' }}
      >
        <Stack component="span" spacing={0}>
          {lines.map((l) => (
            <span key={l.currency || 'none'} data-currency={l.currency || undefined}>
              {l.text}
            </span>
          ))}
        </Stack>
      </Typography>
    </Tooltip>
  );
};

/**
 * A list action part showing the per-currency totals of the filtered rows.
 * @example
 * export const TotalAmount = currencyTotal({ collection: 'budgets', action: 'totalAmount',
 *   fields: [{ property: 'totalAmount' }], label: 'bureau.totals.amount', description: 'bureau.totals.budgets' });
 */
export const currencyTotal = (options: CurrencyTotalOptions) => {
  const CurrencyTotal = ({ schema }: ActionProps) => {
    const { filterValues } = useListContext();
    return <CurrencyTotalsFigure options={options} query={listFilterQuery(schema, filterValues)} />;
  };
  CurrencyTotal.displayName = `CurrencyTotal(${options.collection}.${options.action})`;
  return CurrencyTotal;
};
