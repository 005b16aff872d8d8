import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { AdminContext, TestMemoryRouter } from 'react-admin';
import { i18nProvider } from '../i18n';
import { TimeCalendar } from './TimeCalendar';
import { TimeEntryForm } from './TimeEntryForm';
import { testProvider } from './testProvider';
import { timeData } from './testData';

afterEach(cleanup);
const WAIT = { timeout: 10_000 };

const wrap = (ui: React.ReactNode) => {
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
      <AdminContext dataProvider={t.provider} authProvider={authProvider} i18nProvider={i18nProvider}>
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
