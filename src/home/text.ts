import { useTranslate } from 'react-admin';

/**
 * English texts of the home page (`/`, docs/areas/dashboards.md "Home page"), translatable under
 * `bureau.home.*`; the English catalogue (`src/i18n/en.ts`) holds them, the Russian one
 * (`src/i18n/ru/home.ts`) their translations, key for key.
 */
export const HOME_TEXTS = {
  title: 'Home',
  cards: 'Your cards',
  loading: 'Loading',
  failed: 'Could not load: %{message}',
  retry: 'Retry',
  'my-hours': 'My hours',
  'my-tasks': 'Open tasks',
  'log-time': 'Log time',
  'waiting-documents': 'Waiting for my decision',
  'overdue-receivables': 'Overdue receivables',
  'office-month': "My office's month",
  week: 'This week',
  month: 'This month',
  hours: '%{hours} h',
  billable: 'billable %{hours} h',
  no_hours: 'No time logged this month yet.',
  open_week: "This week's time",
  no_tasks: 'No open tasks.',
  all_tasks: 'All time and tasks',
  log_time_text: 'Record the time you worked on a matter.',
  log_time_button: 'Log time',
  no_waiting: 'Nothing waits for your decision.',
  waiting_since: 'waiting since %{date}',
  all_approvals: 'All approvals',
  overdue_days: 'Open more than %{days} days after the invoice date',
  no_overdue: 'No overdue invoices.',
  invoices_n: '%{smart_count} invoice |||| %{smart_count} invoices',
  oldest: 'Oldest',
  all_invoices: 'All invoices',
  income: 'Collected',
  no_income: 'Nothing collected this month yet.',
  office_hours: 'Hours logged',
  open_invoices: 'Open invoices',
  no_open_invoices: 'No open invoices.',
  all_payments: 'Payments',
  all_time: 'Time',
  nothing: 'Nothing to show here for your role yet.',
} as const;

export type HomeTextKey = keyof typeof HOME_TEXTS;

/** The home page's texts: `t(key, options)` over `bureau.home.<key>`, English by default. */
export const useHomeText = () => {
  const translate = useTranslate();
  return (key: HomeTextKey, options: Record<string, unknown> = {}) =>
    translate(`bureau.home.${key}`, { _: HOME_TEXTS[key], ...options });
};
