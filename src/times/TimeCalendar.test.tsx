import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AdminContext, memoryStore, TestMemoryRouter } from 'react-admin';
import { createTheme } from '@mui/material/styles';
import { i18nProvider } from '../i18n';
import { matchMediaAt } from '../test/matchMedia';
import { CALENDAR_SCROLL_TIME, dayHeader, hourFormat, monthTitle, uses24Hour } from './calendarEvents';
import { calendarOptions, calendarPalette, TimeCalendar } from './TimeCalendar';
import { TimeEntryForm } from './TimeEntryForm';
import { testProvider } from './testProvider';
import { timeData } from './testData';

afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  if (i18nProvider.getLocale() !== 'en') await i18nProvider.changeLocale('en');
});
const WAIT = { timeout: 10_000 };

const wrap = (ui: React.ReactNode, locale = 'en') => {
  const t = testProvider({ ...timeData(), matters: [{ id: 7, number: 'M-7', description: 'Audit' }] });
  const authProvider = {
    login: async () => undefined,
    logout: async () => undefined,
    checkAuth: async () => undefined,
    checkError: async () => undefined,
    getIdentity: async () => ({ id: 'ada', fullName: 'Ada', employeeId: 5 }),
  };
  render(
    <TestMemoryRouter>
      <AdminContext
        dataProvider={t.provider}
        authProvider={authProvider}
        i18nProvider={i18nProvider}
        store={memoryStore({ locale })}
      >
        {ui}
      </AdminContext>
    </TestMemoryRouter>,
  );
  return t;
};

describe('the calendar', { timeout: 30_000 }, () => {
  it('NAV-106 reads the visible range through the data provider, as a dateTime filter', async () => {
    const { calls } = wrap(<TimeCalendar filter={{ 'employee.id': 5 }} />);
    await waitFor(() => expect(calls.some((c) => c.resource === 'times')).toBe(true), WAIT);
    const filter = calls.find((c) => c.resource === 'times')!.params.filter as Record<string, string>;
    expect(filter['employee.id']).toBe(5);
    const span = new Date(filter['dateTime.lt']!).getTime() - new Date(filter['dateTime.gte']!).getTime();
    expect(Math.round(span / 86_400_000)).toBe(7); // the week view
  });

  it('NAV-106 New entry opens the entry dialog from the keyboard, 15 minutes from the current quarter hour', async () => {
    wrap(<TimeCalendar filter={{}} />);
    const button = await screen.findByRole('button', { name: 'New entry' }, WAIT);
    button.focus();
    fireEvent.click(button);
    const dialog = await screen.findByRole('dialog', {}, WAIT);
    expect(dialog).toHaveTextContent('0:15');
    expect(await screen.findByRole('textbox', { name: /duration/i }, WAIT)).toHaveValue('0:15');
  });

  it('TIME-10 TIME-16 an entry made on the calendar is written with billing status code 2 and the selected span', async () => {
    let saved = false;
    const { calls } = wrap(
      <TimeEntryForm
        initial={{ dateTime: '2026-11-16T10:00:00.000Z', duration: 1_800_000 }}
        billingStatusCode={2}
        saveLabel="Log time"
        onSaved={() => (saved = true)}
      />,
    );
    fireEvent.change(await screen.findByRole('combobox', { name: /matter/i }, WAIT), { target: { value: 'Audit' } });
    fireEvent.click(await screen.findByRole('option', { name: /M-7 Audit/ }, WAIT));
    expect(screen.getByRole('textbox', { name: /duration/i })).toHaveValue('0:30');
    fireEvent.click(screen.getByRole('button', { name: 'Log time' }));
    await waitFor(() => expect(saved).toBe(true), WAIT);
    expect(calls.find((c) => c.method === 'create')?.params.data).toMatchObject({
      dateTime: '2026-11-16T10:00:00.000Z',
      duration: 1_800_000,
      billable: true,
      billingStatus: { id: 42 },
      workType: { id: 31 },
      matter: { id: 7 },
      employee: { id: 5 },
    });
  });

  it('TIME-16 a matter is required', async () => {
    const { calls } = wrap(
      <TimeEntryForm initial={{ dateTime: '2026-11-16T10:00:00.000Z', duration: 900_000 }} onSaved={() => undefined} />,
    );
    fireEvent.change(await screen.findByRole('textbox', { name: /description/i }, WAIT), { target: { value: 'Call' } });
    fireEvent.click(await screen.findByRole('button', { name: 'Save' }, WAIT));
    await waitFor(
      () => expect(screen.getByRole('combobox', { name: /matter/i })).toHaveAttribute('aria-invalid', 'true'),
      WAIT,
    );
    expect(calls.some((c) => c.method === 'create')).toBe(false);
  });
});

describe('the calendar at working hours, in the user language', { timeout: 30_000 }, () => {
  const t = (key: string) => key;
  it('NAV-106 the week opens scrolled to 08:00, with a fixed height so the hours scroll under the day headers', () => {
    const o = calendarOptions(false, 'en', t);
    expect(o.scrollTime).toBe('08:00:00');
    expect(CALENDAR_SCROLL_TIME).toBe('08:00:00');
    expect(o.initialView).toBe('timeGridWeek');
    // 'auto' would grow the grid to 24 h of page, with nothing to scroll and 00:00 on top
    expect(o.height).not.toBe('auto');
  });

  it('NAV-106 hours on the 24-hour clock in Russian, and as Intl says for English', () => {
    const eight = new Date(2026, 10, 16, 8, 0);
    const fmt = (locale: string) => new Intl.DateTimeFormat(locale, hourFormat(locale)).format(eight);
    expect(uses24Hour('ru')).toBe(true);
    expect(fmt('ru')).toBe('08:00');
    expect(uses24Hour('en-GB')).toBe(true);
    const us = new Intl.DateTimeFormat('en-US', { hour: 'numeric' }).resolvedOptions().hourCycle;
    expect(uses24Hour('en-US')).toBe(us === 'h23' || us === 'h24');
  });

  it('NAV-106 weekday and month titles come from the language: Пн 16, ноябрь 2026', () => {
    expect(dayHeader(new Date(2026, 10, 16), 'ru')).toBe('Пн 16');
    expect(dayHeader(new Date(2026, 10, 16), 'en')).toBe('Mon 16');
    expect(monthTitle(new Date(2026, 10, 1), 'ru')).toBe('ноябрь 2026');
    expect(monthTitle(new Date(2026, 10, 1), 'en')).toBe('November 2026');
  });

  it('NAV-106 in Russian the calendar shows translated buttons, Russian weekdays and 24-hour hours', async () => {
    await i18nProvider.changeLocale('ru');
    wrap(<TimeCalendar filter={{}} />, 'ru');
    expect(await screen.findByRole('button', { name: 'Сегодня' }, WAIT)).toBeTruthy();
    // the view switcher is a tab list
    expect(screen.getByRole('tab', { name: 'Неделя' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'День' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Месяц' })).toBeTruthy();
    expect(screen.getAllByText(/^(Пн|Вт|Ср|Чт|Пт|Сб|Вс) \d+$/).length).toBe(7);
    expect(screen.getAllByText('08:00').length).toBeGreaterThan(0);
    expect(screen.queryByText(/\b(AM|PM|am|pm)\b/)).toBeNull();
    fireEvent.click(screen.getByRole('tab', { name: 'Месяц' }));
    expect(await screen.findByText(monthTitle(new Date(), 'ru'), {}, WAIT)).toBeTruthy();
  });

  it('NAV-106 on a phone (under 600 px) the calendar shows one day, not seven columns', async () => {
    vi.stubGlobal('matchMedia', matchMediaAt(375));
    expect(calendarOptions(true, 'en', t).initialView).toBe('timeGridDay');
    const { calls } = wrap(<TimeCalendar filter={{}} />);
    await waitFor(() => expect(calls.some((c) => c.resource === 'times')).toBe(true), WAIT);
    const filter = calls.find((c) => c.resource === 'times')!.params.filter as Record<string, string>;
    const span = new Date(filter['dateTime.lt']!).getTime() - new Date(filter['dateTime.gte']!).getTime();
    expect(Math.round(span / 86_400_000)).toBe(1);
    expect(screen.queryByRole('tab', { name: 'Week' })).toBeNull();
    expect(screen.getAllByText(/^(Mon|Tue|Wed|Thu|Fri|Sat|Sun) \d+$/).length).toBe(1);
  });

  it("NAV-106 in the dark theme today's column is a dark tint of the palette, not a light colour", () => {
    const dark = calendarPalette(createTheme({ palette: { mode: 'dark' } }));
    const light = calendarPalette(createTheme({ palette: { mode: 'light' } }));
    // rgba(primary, 0.16) over the dark paper: a low alpha keeps it dark
    expect(dark['--fc-classic-today']).toMatch(/^rgba\(.*, 0\.16\)$/);
    expect(dark['--fc-classic-background']).toBe(createTheme({ palette: { mode: 'dark' } }).palette.background.paper);
    expect(light['--fc-classic-today']).toMatch(/0\.08\)$/);
  });
});
