import { beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { AdminContext, TestMemoryRouter } from 'react-admin';
import { i18nProvider } from '../../i18n';
import { testProvider } from '../testProvider';
import { TimerCard } from './TimerCard';
import {
  elapsedMs,
  entryStart,
  formatElapsed,
  readTimer,
  roundUpToStep,
  timerKey,
  writeTimer,
  type TimerState,
} from './timerStore';

const USER = 'ada';

const data = () => ({
  matters: [
    { id: 7, number: 'M-7', description: 'Audit', lastModifiedDate: '2026-01-01T00:00:00Z' },
    { id: 8, number: 'M-8', description: 'Merger', lastModifiedDate: '2026-03-01T00:00:00Z' },
  ],
  'base-subtypes': [
    { id: 31, code: 1, gname: 'Time entry', type: { id: 13, code: 13 } },
    { id: 33, code: 3, gname: 'Meeting', type: { id: 13, code: 13 } },
  ],
  times: [],
});

/** The timer card inside react-admin, signed in as Ada (employee 5), as the mobile page renders it. */
const renderCard = (provider = testProvider(data())) => {
  const authProvider = {
    login: async () => undefined,
    logout: async () => undefined,
    checkAuth: async () => undefined,
    checkError: async () => undefined,
    getIdentity: async () => ({ id: USER, fullName: 'Ada Lovelace', employeeId: 5 }),
    canAccess: async () => true,
  };
  const view = render(
    <TestMemoryRouter initialEntries={['/mobile-app']}>
      <AdminContext dataProvider={provider.provider} authProvider={authProvider} i18nProvider={i18nProvider}>
        <TimerCard />
      </AdminContext>
    </TestMemoryRouter>,
  );
  return { ...view, calls: provider.calls };
};

/** A timer stored as started `ago` ms before now. */
const seed = (ago: number, matter: TimerState['matter'] = { id: 8, text: 'M-8 Merger' }) =>
  writeTimer(localStorage, USER, { start: new Date(Date.now() - ago).toISOString(), matter });

describe('timer store', () => {
  it('TIME-03 rounds the time run UP to the 15-minute step, at least one step, at most a day', () => {
    expect(roundUpToStep(0)).toBe(900_000);
    expect(roundUpToStep(2_000)).toBe(900_000);
    expect(roundUpToStep(900_000)).toBe(900_000);
    expect(roundUpToStep(900_001)).toBe(1_800_000);
    expect(roundUpToStep(61 * 60_000)).toBe(75 * 60_000);
    expect(roundUpToStep(30 * 3_600_000)).toBe(24 * 3_600_000);
  });

  it('NAV-13 shows h:mm:ss and keeps one timer per user under its own key', () => {
    expect(formatElapsed(3_723_999)).toBe('1:02:03');
    expect(formatElapsed(2_000)).toBe('0:00:02');
    writeTimer(localStorage, 'ada', { start: '2026-11-05T09:00:00.000Z' });
    writeTimer(localStorage, 'ada', { start: '2026-11-05T10:00:00.000Z' });
    writeTimer(localStorage, 'bob', { start: '2026-11-05T08:00:00.000Z' });
    expect(readTimer(localStorage, 'ada')?.start).toBe('2026-11-05T10:00:00.000Z');
    expect(readTimer(localStorage, 'bob')?.start).toBe('2026-11-05T08:00:00.000Z');
    localStorage.setItem(timerKey('eve'), 'not json');
    expect(readTimer(localStorage, 'eve')).toBeNull();
    const stopped = { start: '2026-11-05T09:00:00.000Z', stoppedAt: '2026-11-05T09:20:00.000Z' };
    expect(elapsedMs(stopped, Date.parse('2026-11-06T00:00:00Z'))).toBe(20 * 60_000);
  });

  it('TIME-03 a timer run over midnight is booked today from 00:00; otherwise from its start minute', () => {
    const now = new Date(2026, 10, 5, 0, 10);
    expect(entryStart({ start: new Date(2026, 10, 4, 23, 50).toISOString() }, now)).toEqual(new Date(2026, 10, 5));
    expect(entryStart({ start: new Date(2026, 10, 5, 0, 2, 31).toISOString() }, now)).toEqual(
      new Date(2026, 10, 5, 0, 2),
    );
  });
});

describe('TimerCard', () => {
  beforeEach(() => localStorage.clear());

  it('NAV-13 Start stores the start instant and matter for the user; the running time survives a remount', async () => {
    const first = renderCard();
    const matter = await screen.findByRole('combobox', { name: /matter/i }, { timeout: 5000 });
    fireEvent.change(matter, { target: { value: 'Merger' } });
    fireEvent.click(await screen.findByRole('option', { name: /M-8 Merger/ }, { timeout: 5000 }));
    const before = Date.now();
    fireEvent.click(screen.getByRole('button', { name: 'Start' }));
    expect(await screen.findByRole('timer', { name: 'Time running' })).toHaveTextContent(/^0:00:0\d$/);
    const stored = readTimer(localStorage, USER);
    expect(stored?.matter).toEqual({ id: 8, text: 'M-8 Merger' });
    expect(Date.parse(stored!.start)).toBeGreaterThanOrEqual(before - 1000);
    expect(stored?.stoppedAt).toBeUndefined();
    first.unmount();

    // closed and opened again an hour later: still running, on the same matter
    seed(3_600_000 + 5_000);
    renderCard();
    const timer = await screen.findByRole('timer', { name: 'Time running' }, { timeout: 5000 });
    expect(timer).toHaveTextContent(/^1:00:0\d$/);
    expect(screen.getByText('M-8 Merger')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Start' })).toBeNull();
    // it ticks each second
    const shown = timer.textContent;
    await waitFor(() => expect(timer.textContent).not.toBe(shown), { timeout: 3000 });
  });

  it('TIME-03 Stop opens the short form with the time run rounded up to 15 minutes, the matter and today', async () => {
    seed(16 * 60_000);
    renderCard();
    fireEvent.click(await screen.findByRole('button', { name: 'Stop' }, { timeout: 5000 }));
    expect(await screen.findByRole('textbox', { name: /duration/i }, { timeout: 5000 })).toHaveValue('0:30');
    await waitFor(() => expect(screen.getByRole('combobox', { name: /matter/i })).toHaveValue('M-8 Merger'), {
      timeout: 5000,
    });
    expect(screen.getByRole('textbox', { name: /employee/i })).toHaveValue('Ada Lovelace');
    expect(screen.getByRole('button', { name: 'Log 30 minutes' })).toBeInTheDocument();
    // stopped is stored too: a reload lands on the form again, not on a running timer
    expect(readTimer(localStorage, USER)?.stoppedAt).toEqual(expect.any(String));
  });

  it('TIME-03 TIME-04 TIME-16 Save sends exactly the fields the API expects: employee = the user, date = today, duration', async () => {
    seed(2_000);
    const { calls } = renderCard();
    const start = entryStart(readTimer(localStorage, USER)!);
    fireEvent.click(await screen.findByRole('button', { name: 'Stop' }, { timeout: 5000 }));
    const description = await screen.findByRole('textbox', { name: /description/i }, { timeout: 5000 });
    expect(screen.getByRole('textbox', { name: /duration/i })).toHaveValue('0:15');
    await waitFor(() => expect(screen.getByRole('combobox', { name: /matter/i })).toHaveValue('M-8 Merger'), {
      timeout: 5000,
    });
    fireEvent.change(description, { target: { value: 'Call with the client' } });
    fireEvent.click(screen.getByRole('button', { name: 'Log 15 minutes' }));
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Logged 15 minutes on M-8 Merger'), {
      timeout: 5000,
    });
    const creates = calls.filter((c) => c.method === 'create');
    expect(creates).toHaveLength(1);
    expect(creates[0]!.resource).toBe('times');
    expect(creates[0]!.params.data).toEqual({
      billable: true,
      matter: { id: 8 },
      workDescription: 'Call with the client',
      dateTime: start.toISOString(),
      duration: 900_000,
      workType: { id: 31 },
      employee: { id: 5 },
    });
    // today, at the timer's start minute
    expect(new Date(start).toDateString()).toBe(new Date().toDateString());
    expect(readTimer(localStorage, USER)).toBeNull();
    expect(screen.getByRole('button', { name: 'Start another timer' })).toBeInTheDocument();
  });

  it('NAV-13 Discard asks first; confirmed, the timer is gone and nothing is written', async () => {
    seed(5_000);
    const { calls } = renderCard();
    fireEvent.click(await screen.findByRole('button', { name: 'Discard' }, { timeout: 5000 }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Discard this timer?');
    fireEvent.click(within(dialog).getByRole('button', { name: /cancel/i }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(readTimer(localStorage, USER)).not.toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Discard' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Discard' }));
    expect(await screen.findByRole('button', { name: 'Start' })).toBeInTheDocument();
    expect(readTimer(localStorage, USER)).toBeNull();
    expect(calls.filter((c) => c.method === 'create')).toEqual([]);
  });
});
