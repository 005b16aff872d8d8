import { useTranslate } from 'react-admin';

/**
 * English texts of the dashboards (`/dashboards`), translatable under `bureau.dashboards.*`; the
 * English catalogue (`src/i18n/en.ts`) holds them, the Russian one (`src/i18n/ru/dashboards.ts`)
 * their translations, key for key.
 */
export const DASHBOARD_TEXTS = {
  title: 'Dashboards',
  tabs: 'Dashboards',
  tab_global: 'Global',
  tab_sectors: 'Sectors',
  tab_services: 'Services',
  tab_offices: 'Offices',
  tab_experience: 'Experience',
  tab_personal: 'Personal',
  tab_departments: 'Departments',
  filter: 'Filter',
  from: 'From',
  to: 'To',
  sector: 'Sector',
  service: 'Service',
  office: 'Office',
  department: 'Department',
  employee: 'Employee',
  any: 'Any',
  experience_client: 'Client',
  experience_by: 'Group by',
  by_country: 'Country',
  by_sector: 'Sector',
  by_office: 'Office',
  group_by_year: 'Group by year',
  income_by_month: 'Income by month',
  realisation: 'Realisation: worked, billed, collected, written off',
  realisation_sheet: 'Realisation',
  top_clients: 'Top clients',
  by_country_chart: 'Collected by country',
  experience: 'Matters opened',
  total: 'Total',
  worked: 'Worked',
  billed: 'Billed',
  collected: 'Collected',
  written_off: 'Written off',
  group: 'Group',
  client: 'Client',
  country: 'Country',
  month: 'Month',
  year: 'Year',
  income: 'Income',
  currency: 'Currency',
  matters: 'Matters',
  no_data: 'No data for this period.',
  failed: 'This chart could not be loaded.',
  retry: 'Retry',
  loading: 'Loading the chart',
  open_records: 'Open the records of %{figure}: %{value}',
  export: 'Export to Excel',
  exporting: 'Exporting',
} as const;

export type DashboardTextKey = keyof typeof DASHBOARD_TEXTS;

/** `t(key, options)`: the translation of `bureau.dashboards.<key>`, else the English text. */
export const useDashboardText = () => {
  const translate = useTranslate();
  return (key: DashboardTextKey, options: Record<string, unknown> = {}) =>
    translate(`bureau.dashboards.${key}`, { _: DASHBOARD_TEXTS[key], ...options });
};
