import { useTranslate } from 'react-admin';

/**
 * English texts of the rankings (`/ranking-by`), translatable under `bureau.rankings.*`; the
 * English catalogue (`src/i18n/en.ts`) holds them, the Russian one (`src/i18n/ru/rankings.ts`)
 * their translations, key for key.
 */
export const RANKING_TEXTS = {
  title: 'Rankings',
  tabs: 'Rankings',
  tab_managers: 'Relationship managers',
  tab_departments: 'Departments',
  filters: 'Filters',
  office_id: 'Office id',
  country_id: 'Country id',
  employee_id: 'Employee id',
  department_id: 'Department id',
  rank: 'Rank',
  id: 'Id',
  full_name: 'Name',
  department: 'Department',
  office: 'Office',
  country: 'Country',
  rating: 'Rating',
  quality: 'Quality',
  few_data: 'few data',
  few_data_hint: 'Fewer than %{n} invoices: the quality is a cautious lower bound',
  no_country: 'no country',
  empty: 'No ranking to show.',
  retry: 'Retry',
  loading: 'Loading the ranking',
  window: 'Months %{from} to %{to} (the latest closed cashbox month and the two before it)',
  no_window: 'No cashbox month is closed yet: rankings are computed from closed months only.',
  formula: 'Formula',
  tie_break: 'Equal ratings share a rank; within it rows are ordered by %{rule}.',
  base_currency: 'Amounts in %{currency}; rates: %{source}.',
  table: 'Ranking',
  detail_title: 'Last 3 months: %{name}',
  department_title: 'Last 3 months: %{department}, %{office}',
  back: 'Back to the ranking',
  month: 'Month',
  origination: 'Invoiced',
  collections: 'Collected',
  worked: 'Worked value',
  realisation: 'Realisation',
  leads: 'Leads',
  won: 'Won',
  invoices: 'Invoices',
  paid: 'Paid in full',
  months_table: 'Figures by month',
  open_detail: 'Open the last 3 months of %{name}',
} as const;

export type RankingTextKey = keyof typeof RANKING_TEXTS;

/** `t(key, options)`: the translation of `bureau.rankings.<key>`, else the English text. */
export const useRankingText = () => {
  const translate = useTranslate();
  return (key: RankingTextKey, options: Record<string, unknown> = {}) =>
    translate(`bureau.rankings.${key}`, { _: RANKING_TEXTS[key], ...options });
};
