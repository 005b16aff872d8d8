import { useTranslate } from 'react-admin';

/**
 * English defaults of the mobile page's texts, translatable under `bureau.mobile.*`; the English
 * catalogue (`src/i18n/en.ts`) holds them, the Russian one their translations.
 */
export const MOBILE_TEXTS = {
  title: 'Bureau',
  search: 'Search clients and contacts',
  search_hint: 'Type at least 2 letters',
  no_results: 'Nothing found',
  clients: 'Clients',
  contacts: 'Contacts',
  open_menu: 'Open menu',
  coming: 'Coming with the %{area} area',
  empty_recent: 'No clients yet',
  all_clients: 'All clients',
  load_failed: 'Could not load. Pull down or reload to try again.',
  no_tasks_today: 'No tasks for today',
  all_time: 'All my time',
  no_matters: 'No matters yet',
  all_matters: 'All matters',
  logged: 'Logged %{minutes} minutes on',
  log_another: 'Log another',
  log: 'Log %{minutes} minutes',
  main_menu: 'Main menu',
  recent_clients: 'Recent clients',
  recent_matters: 'Recent matters',
  today_tasks: "Today's tasks",
  timer_start: 'Start',
  timer_stop: 'Stop',
  timer_discard: 'Discard',
  timer_discard_title: 'Discard this timer?',
  timer_discard_text: 'The time run (%{time}) will not be logged.',
  timer_running: 'Time running',
  timer_no_matter: 'No matter picked yet: pick it when you stop',
  timer_matter_hint: 'Optional: you can pick it when you stop',
  timer_new: 'Start another timer',
} as const;
const DEFAULTS = MOBILE_TEXTS;

export type MobileTextKey = keyof typeof DEFAULTS;

/** `t(key, options)`: the translation of `bureau.mobile.<key>`, else the English default. */
export const useMobileText = () => {
  const translate = useTranslate();
  return (key: MobileTextKey, options: Record<string, unknown> = {}) =>
    translate(`bureau.mobile.${key}`, { _: DEFAULTS[key], ...options });
};
