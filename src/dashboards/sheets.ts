/**
 * The sheets of a money tab's "Export to Excel": the period (dates as dates), income by month
 * (months as dates, whole units and the total per currency, DASH-16), realisation, top clients and
 * collected by country (money as numbers, each row in its currency).
 */
import type { CountryRow, TopClientRow } from './Charts';
import type { ExportSheet } from './excel';
import { incomeSeries, REALISATION_FIGURES, type IncomeRow, type RealisationRow } from './figures';
import type { DashboardTextKey } from './text';

/** The rows of a money tab's charts. */
export interface TabRows {
  income: IncomeRow[];
  realisation: RealisationRow[];
  topClients: TopClientRow[];
  byCountry: CountryRow[];
}

/**
 * The workbook's sheets for a money tab (headers in the user's language through `t`).
 * @example tabSheets(t, { dateStart: '2026-01-01', dateEnd: '2026-10-31' }, rows)
 */
export function tabSheets(
  t: (key: DashboardTextKey) => string,
  period: { dateStart: string; dateEnd: string },
  rows: TabRows,
): ExportSheet[] {
  const income = incomeSeries(rows.income).flatMap((s) => [
    ...s.months.map((m) => ({ row: '', month: m.month, currency: s.currency, income: m.income })),
    { row: t('total'), month: null, currency: s.currency, income: s.total },
  ]);
  return [
    {
      name: t('filter'),
      columns: [
        { header: t('from'), key: 'from', kind: 'date' },
        { header: t('to'), key: 'to', kind: 'date' },
      ],
      rows: [{ from: period.dateStart, to: period.dateEnd }],
    },
    {
      name: t('income_by_month'),
      columns: [
        { header: '', key: 'row', kind: 'text' },
        { header: t('month'), key: 'month', kind: 'month' },
        { header: t('currency'), key: 'currency', kind: 'text' },
        { header: t('income'), key: 'income', kind: 'money' },
      ],
      rows: income,
    },
    {
      name: t('realisation_sheet'),
      columns: [
        { header: t('group'), key: 'group_name', kind: 'text' },
        { header: t('currency'), key: 'currency', kind: 'text' },
        ...REALISATION_FIGURES.map((f) => ({ header: t(f), key: f, kind: 'money' as const })),
      ],
      rows: rows.realisation,
    },
    {
      name: t('top_clients'),
      columns: [
        { header: t('client'), key: 'client', kind: 'text' },
        { header: t('currency'), key: 'currency', kind: 'text' },
        { header: t('collected'), key: 'collected', kind: 'money' },
      ],
      rows: rows.topClients,
    },
    {
      name: t('by_country_chart'),
      columns: [
        { header: t('country'), key: 'country', kind: 'text' },
        { header: t('currency'), key: 'currency', kind: 'text' },
        { header: t('collected'), key: 'collected', kind: 'money' },
      ],
      rows: rows.byCountry,
    },
  ];
}
