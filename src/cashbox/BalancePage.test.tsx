import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderBespokePage, viewPermissions } from '../app/bespokeTestUtils';
import { callsTo, cashboxProvider } from './testData';

// the page is a lazy chunk and the machine is shared: give each wait 5 s, not 1 s
configure({ asyncUtilTimeout: 5000 });

/** The employee balance report (NAV-28, CASH-01..06) on a fake data provider. */

const BALANCES = [
  {
    id: 51,
    recipientEmployeeId: 70,
    balanceAmount: '480000.00',
    balanceAmountUsd: '960.00',
    profits: '120000.50',
    comment: 'Paid in part',
  },
];
const POSITIONS = [
  { id: 31, employee: { id: 70, gfirstName: 'Anna', glastName: 'Abenova' }, department: { id: 4, gname: 'Energy' } },
  { id: 33, employee: { id: 70, gfirstName: 'Anna', glastName: 'Abenova' }, department: { id: 6, gname: 'Board' } },
  // ended before the month: not listed
  { id: 34, employee: { id: 70 }, department: { id: 7, gname: 'Old team' }, dateLte: '2026-01-31' },
];

const renderAt = (path: string) => {
  const fake = cashboxProvider({
    // the office's local currency comes with the offices (projection full)
    offices: [{ id: 2, gfirmName: 'Almaty office', currency: { code: 'KZT' } }],
    'cashboxEmployeeBalances/all': BALANCES,
    positions: POSITIONS,
  });
  renderBespokePage('balance', path, fake.dataProvider, viewPermissions(['MEMBER'], ['cashbox']), {
    id: 'anna',
    employeeId: 70,
  });
  return fake;
};

const text = (el: Element) => (el.textContent ?? '').replace(/\u00a0/g, ' ');

describe('the employee balance report', { timeout: 30_000 }, () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(2026, 10, 28, 12, 0));
  });
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  it('NAV-28 a user without view on cashbox lands on /404', async () => {
    const fake = cashboxProvider();
    renderBespokePage('balance', '/balance', fake.dataProvider, viewPermissions(['MEMBER'], ['invoice']));
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    expect(fake.request).not.toHaveBeenCalled();
  });

  it("CASH-03 CASH-06 CASH-14 CASH-19 the previous month's balances of the office, and the positions of departments 4, 5, 6, 7, 9", async () => {
    const { request } = renderAt('/balance?office=2');
    await screen.findByRole('table', { name: 'Employee balances of the month' });
    expect(screen.getByTestId('balance-month')).toHaveValue('2026-10');
    expect(callsTo(request, 'cashboxEmployeeBalances', 'all')).toEqual([
      { path: 'all', query: { officeId: 2, date: '2026-10' } },
    ]);
    expect(callsTo(request, 'positions')).toEqual([
      {
        query: {
          size: 1000,
          'department.type.code.in': [4, 5, 6, 7, 9],
          'dateGte.lte': '2026-10-31',
          projection: 'full',
        },
      },
    ]);
  });

  it('CASH-01 CASH-02 one row per employee: name and positions, profits and balance in the local currency and USD, the comment', async () => {
    renderAt('/balance?office=2');
    const row = (await screen.findByRole('rowheader', { name: 'Anna Abenova' })).closest('tr')!;
    const cells = within(row).getAllByRole('cell');
    expect(cells.slice(0, 4).map(text)).toEqual(['Energy, Board', 'KZT 120,000.50', 'KZT 480,000.00', '$960.00']);
    expect(within(row).getByRole('textbox', { name: 'Comment on the balance of Anna Abenova' })).toHaveValue(
      'Paid in part',
    );
  });

  it('CASH-05 a changed comment is saved with PATCH /cashboxEmployeeBalances/{id}/update', async () => {
    const { request } = renderAt('/balance?office=2');
    const input = await screen.findByRole('textbox', { name: 'Comment on the balance of Anna Abenova' });
    const save = screen.getByRole('button', { name: 'Save' });
    expect(save).toBeDisabled();
    fireEvent.change(input, { target: { value: 'Paid in full on 3 Nov' } });
    fireEvent.click(save);
    await waitFor(() =>
      expect(callsTo(request, 'cashboxEmployeeBalances', 'update')).toEqual([
        { id: 51, path: 'update', method: 'PATCH', body: { comment: 'Paid in full on 3 Nov' } },
      ]),
    );
  });

  it('CASH-03 CASH-13 "by me" adds the user\'s employee id; another month is asked as YYYY-MM', async () => {
    const { request } = renderAt('/balance?office=2');
    await screen.findByRole('table', { name: 'Employee balances of the month' });
    fireEvent.click(screen.getByTestId('balance-by-me'));
    await waitFor(() =>
      expect(callsTo(request, 'cashboxEmployeeBalances', 'all')).toContainEqual({
        path: 'all',
        query: { officeId: 2, date: '2026-10', employeeId: 70 },
      }),
    );
    fireEvent.change(screen.getByTestId('balance-month'), { target: { value: '2026-08' } });
    await waitFor(() =>
      expect(callsTo(request, 'cashboxEmployeeBalances', 'all')).toContainEqual({
        path: 'all',
        query: { officeId: 2, date: '2026-08', employeeId: 70 },
      }),
    );
  });

  it('CASH-03 without an office nothing is asked; an empty month says so', async () => {
    const fake = cashboxProvider();
    renderBespokePage('balance', '/balance', fake.dataProvider, viewPermissions(['MEMBER'], ['cashbox']));
    expect(await screen.findByText('Choose an office to see its cashbox.')).toBeInTheDocument();
    expect(callsTo(fake.request, 'cashboxEmployeeBalances', 'all')).toEqual([]);
    cleanup();
    const empty = cashboxProvider();
    renderBespokePage('balance', '/balance?office=3', empty.dataProvider, viewPermissions(['MEMBER'], ['cashbox']));
    expect(await screen.findByText('No balances for this office and month.')).toBeInTheDocument();
  });
});
