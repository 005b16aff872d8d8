import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { AdminContext, TestMemoryRouter, type RaRecord } from 'react-admin';
import { i18nProvider } from '../i18n';
import { testProvider } from './testProvider';
import { entryDateTime, PhoneTimeForm, phoneTimeBody } from './PhoneTimeForm';

const data = () => ({
  matters: [{ id: 8, number: 'M-8', description: 'Merger', lastModifiedDate: '2026-03-01T00:00:00Z' }],
  'base-subtypes': [{ id: 31, code: 1, gname: 'Time entry', type: { id: 13, code: 13 } }],
  times: [],
});

const renderForm = (endsNow: boolean, matter: { id: number } | null = { id: 8 }) => {
  const { provider, calls } = testProvider(data());
  const saved: RaRecord[] = [];
  const authProvider = {
    login: async () => undefined,
    logout: async () => undefined,
    checkAuth: async () => undefined,
    checkError: async () => undefined,
    getIdentity: async () => ({ id: 'ada', fullName: 'Ada Lovelace', employeeId: 5 }),
    canAccess: async () => true,
  };
  render(
    <TestMemoryRouter>
      <AdminContext dataProvider={provider} authProvider={authProvider} i18nProvider={i18nProvider}>
        <PhoneTimeForm
          initial={{ dateTime: new Date(Date.now() - 900_000).toISOString(), duration: 900_000, matter }}
          endsNow={endsNow}
          saveLabel={(ms) => `Log ${Math.round((ms ?? 0) / 60_000)} minutes`}
          onSaved={(r) => saved.push(r)}
        />
      </AdminContext>
    </TestMemoryRouter>,
  );
  return { calls, saved };
};

describe('PhoneTimeForm', () => {
  it('TIME-16 the entry starts on the picked day at the start time of day, to the minute', () => {
    const start = new Date(2026, 10, 4, 9, 30, 42);
    expect(new Date(entryDateTime('2026-11-05', start))).toEqual(new Date(2026, 10, 5, 9, 30));
    expect(
      phoneTimeBody(
        { matter: { id: 3 }, date: '2026-11-05', duration: 1_800_000, workDescription: 'Memo' },
        start,
        31,
        null,
      ),
    ).toEqual({
      billable: true,
      matter: { id: 3 },
      workDescription: 'Memo',
      dateTime: new Date(2026, 10, 5, 9, 30).toISOString(),
      duration: 1_800_000,
      workType: { id: 31 },
    });
  });

  it('NAV-13 TIME-03 TIME-04 shows today, the user as employee, 15 minutes; a changed duration and billable behind More are sent, ending now', async () => {
    const { calls, saved } = renderForm(true);
    const date = await screen.findByRole('textbox', { name: /date/i });
    const today = new Date();
    const ymd = `${today.getFullYear()}-${String(today.getMonth() + 1).padStart(2, '0')}-${String(today.getDate()).padStart(2, '0')}`;
    expect(date).toHaveValue(ymd);
    await waitFor(() => expect(screen.getByRole('textbox', { name: /employee/i })).toHaveValue('Ada Lovelace'));
    await waitFor(() => expect(screen.getByRole('combobox', { name: /matter/i })).toHaveValue('M-8 Merger'), {
      timeout: 5000,
    });
    const duration = screen.getByRole('textbox', { name: /duration/i });
    expect(duration).toHaveValue('0:15');
    fireEvent.change(duration, { target: { value: '1:30' } });
    // billable is behind More, on by default
    expect(screen.queryByRole('switch', { name: /billable/i })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'More' }));
    const billable = await screen.findByRole('switch', { name: /billable/i });
    expect(billable).toBeChecked();
    fireEvent.click(billable);
    const before = Date.now();
    fireEvent.click(screen.getByRole('button', { name: 'Log 90 minutes' }));
    await waitFor(() => expect(saved).toHaveLength(1), { timeout: 5000 });
    const body = calls.find((c) => c.method === 'create')?.params.data as Record<string, unknown>;
    expect(Object.keys(body).sort()).toEqual(
      ['billable', 'dateTime', 'duration', 'employee', 'matter', 'workDescription', 'workType'].sort(),
    );
    expect(body).toMatchObject({ billable: false, duration: 5_400_000, employee: { id: 5 }, matter: { id: 8 } });
    // ends now: starts 90 minutes before the save, on the whole minute
    const start = Date.parse(String(body.dateTime));
    expect(start % 60_000).toBe(0);
    expect(start).toBeGreaterThan(before - 5_400_000 - 61_000);
    expect(start).toBeLessThanOrEqual(Date.now() - 5_400_000);
  });

  it('TIME-16 without a matter nothing is sent: the form asks for it', async () => {
    const { calls } = renderForm(false, null);
    const save = await screen.findByRole('button', { name: 'Log 15 minutes' });
    await waitFor(() => expect(save).toBeEnabled(), { timeout: 5000 });
    fireEvent.click(save);
    expect(await screen.findByText('Pick the matter the time was spent on')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'create')).toEqual([]);
  });
});
