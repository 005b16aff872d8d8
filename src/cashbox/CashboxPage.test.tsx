import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { schemas } from '../../schemas/index';
import type { Permissions } from '../access/canAccess';
import { BESPOKE_PAGES } from '../app/bespokePages';
import { renderBespokePage, viewPermissions } from '../app/bespokeTestUtils';
import { buildMenu } from '../app/menuModel';
import { i18nProvider } from '../i18n';
import { setActiveLocale } from '../i18n/activeLocale';
import { callsTo, cashboxProvider, GROUPS, PERIODS } from './testData';

// the page is a lazy chunk and the machine is shared: give each wait 5 s, not 1 s
configure({ asyncUtilTimeout: 5000 });

/** The cashbox report (NAV-58/59, CASH-07..19, CASH-26..40) on a fake data provider: what it sends and shows. */

const member = viewPermissions(['MEMBER'], ['cashbox']);
const billing = viewPermissions(['BILL'], ['cashbox']);

const renderAt = (
  path: string,
  permissions: Permissions = member,
  answers: Parameters<typeof cashboxProvider>[0] = {},
  identity: { id: string; employeeId?: number; topManager?: boolean } = { id: 'anna', employeeId: 70 },
) => {
  const fake = cashboxProvider(answers);
  renderBespokePage('cashbox', path, fake.dataProvider, permissions, identity);
  return fake;
};

/** An element's text with Intl's no-break spaces as plain ones. */
const text = (el: Element) => (el.textContent ?? '').replace(/\u00a0/g, ' ');

/** The row of a table whose header cell (the position) is `name`. */
const rowOf = async (name: string) => (await screen.findByRole('rowheader', { name: new RegExp(name) })).closest('tr')!;

describe('the cashbox report', { timeout: 30_000 }, () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(2026, 10, 28, 12, 0));
  });
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  it('NAV-58 NAV-28 cashbox and balance are in the menu only for users with view on cashbox', () => {
    const routes = (p: Permissions) =>
      buildMenu(schemas, p, BESPOKE_PAGES)
        .flatMap((g) => g.items)
        .map((i) => i.route);
    expect(routes(member)).toEqual(expect.arrayContaining(['cashbox', 'balance']));
    expect(routes(viewPermissions(['MEMBER'], ['invoice']))).not.toContain('cashbox');
    expect(routes(viewPermissions(['MEMBER'], ['invoice']))).not.toContain('balance');
  });

  it('NAV-58 a user without view on cashbox lands on /404 and nothing is asked', async () => {
    const { request } = renderAt('/cashbox/main?office=2', viewPermissions(['MEMBER'], ['invoice']));
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    expect(request).not.toHaveBeenCalled();
  });

  it('NAV-59 CASH-14 CASH-19 CASH-26 CASH-27 /cashbox opens main on the previous month and sends reportDateGte, office.id and size 1000', async () => {
    const { request } = renderAt('/cashbox?office=2');
    // the office's name is read from officeIncomeDistributions[0].office (CASH-26)
    expect(await screen.findByRole('heading', { name: 'Cashbox: Almaty office' })).toBeInTheDocument();
    expect(callsTo(request, 'offices').find((c) => c.id === 2)).toEqual({ id: 2 });
    expect(callsTo(request, 'cashboxPeriods')).toEqual([
      { query: { reportDateGte: '2026-10-01', 'office.id': 2, size: 1000, projection: 'full' } },
    ]);
    expect(await screen.findByRole('tab', { name: 'Main', selected: true })).toBeInTheDocument();
    expect(screen.getByTestId('cashbox-from')).toHaveValue('2026-10-01');
    expect(screen.getByTestId('cashbox-to')).toHaveValue('2026-10-31');
    for (const name of ['Main', 'Sector funds', 'Office funds', 'BD funds', 'Funds'])
      expect(screen.getByRole('tab', { name })).toBeInTheDocument();
  });

  it('NAV-59 an unknown tab goes to /404', async () => {
    renderAt('/cashbox/elsewhere?office=2');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
  });

  it('CASH-08 CASH-10 CASH-21 CASH-28 CASH-30 a group table of the latest version: columns, money in KZT, % with 0 decimals, group totals', async () => {
    const { request } = renderAt('/cashbox/main?office=2');
    const table = await screen.findByRole('table', { name: 'Positions of Energy' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Position', 'Efficiency', 'Sum', 'GB', 'Total', '%', 'Profit']);
    // the latest version (2) is the one read (CASH-28), its groups' rows with size 1000 (CASH-19, CASH-30)
    expect(callsTo(request, 'cashboxGroupProfits')).toEqual([
      { query: { 'cashboxPeriod.id': 8, size: 1000, projection: 'full' } },
    ]);
    expect(callsTo(request, 'cashboxPositionProfits')).toEqual([
      { query: { size: 1000, cashboxGroupProfitId: 11, projection: 'full' } },
    ]);
    const anna = await rowOf('Anna Abenova');
    const cells = within(anna).getAllByRole('cell').map(text);
    // junior partner: (1 - 0.125) x 100 = 87.5 -> 88 (CASH-10); GB and Total are the group's (CASH-21)
    expect(cells).toEqual(['KZT 210.00', 'KZT 550.25', '', '', '88', 'KZT 481.47']);
    // everyone else: get x 100 = 33.49 -> 33, as the server computed it
    expect(within(await rowOf('Boris Bekov')).getAllByRole('cell')[4]).toHaveTextContent(/^33$/);
    const totals = within(table).getByRole('rowheader', { name: 'Group total' }).closest('tr')!;
    expect(within(totals).getAllByRole('link').map(text)).toEqual(['KZT 1,250.75', '-KZT 100.00', 'KZT 1,150.75']);
    expect(screen.getByTestId('cashbox-version')).toHaveValue('8');
    expect(screen.getByTestId('cashbox-version-state')).toHaveTextContent('Closed');
  });

  it('CASH-11 a version below 3 leaves out the groups of department type 10; version 3 shows them', async () => {
    renderAt('/cashbox/main?office=2');
    expect(await screen.findByRole('table', { name: 'Positions of Energy' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Legacy team' })).not.toBeInTheDocument();
    cleanup();
    renderAt('/cashbox/main?office=2', member, { cashboxPeriods: [{ ...PERIODS[1], version: { code: 3 } }] });
    expect(await screen.findByRole('region', { name: 'Legacy team' })).toBeInTheDocument();
  });

  it('CASH-13 CASH-29 "by me" reads the per-employee view with the user\'s employee id and only their rows', async () => {
    const { request } = renderAt('/cashbox/main?office=2');
    await screen.findByRole('table', { name: 'Positions of Energy' });
    fireEvent.click(screen.getByTestId('cashbox-by-me'));
    await waitFor(() =>
      expect(callsTo(request, 'cashboxGroupProfits', 'all')).toEqual([
        { path: 'all', query: { cashboxPeriodId: 8, byMe: true } },
      ]),
    );
    await waitFor(() =>
      expect(callsTo(request, 'cashboxPositionProfits')).toContainEqual({
        query: { size: 1000, cashboxGroupProfitId: 11, projection: 'full', byMe: true },
      }),
    );
  });

  it('CASH-09 CASH-31 the side panel shows the seven lines of the position, each opening its records, and its incomes down to the payment', async () => {
    const { request } = renderAt('/cashbox/main?office=2');
    fireEvent.click(await screen.findByRole('button', { name: 'Income detail of Anna Abenova' }));
    const panel = await screen.findByRole('table', { name: 'Income detail: Anna Abenova' });
    expect(
      within(panel)
        .getAllByRole('rowheader')
        .map((h) => h.textContent),
    ).toEqual([
      'Income',
      'Personal Budget',
      'Paid Expense',
      'Non Cash Not Prepaid Expense',
      'Cash Budget',
      'Cash Prepaid Expense',
      'Transfer Amount',
    ]);
    const income = within(panel).getByRole('link', { name: /Income: KZT\s600\.25$/ });
    const url = new URL(income.getAttribute('href')!, 'http://x');
    expect(url.pathname).toBe('/cashboxPositionIncomes');
    expect(JSON.parse(url.searchParams.get('filter')!)).toEqual({
      'cashboxGroupProfit.id': 11,
      'recipientPosition.id': 31,
    });
    const paid = within(panel).getByRole('link', { name: /Paid Expense: -KZT\s50\.00$/ });
    expect(decodeURIComponent(paid.getAttribute('href')!)).toBe(
      '/cashboxPositionExpenses?filter={"cashboxPeriod.id":8,"position.id":31,"category.code":3}',
    );
    expect(within(panel).getByRole('link', { name: /Transfer Amount: KZT\s0\.00$/ })).toBeInTheDocument();
    // the income records of the group (CASH-31): Anna's two payments, summing to the Income line exactly
    const records = await screen.findByRole('table', { name: 'Income records' });
    expect(callsTo(request, 'cashboxPositionIncomes', 'all/byGroupProfit')).toEqual([
      { path: 'all/byGroupProfit', query: { cashboxGroupProfitId: 11, size: 1000 } },
    ]);
    // a payment has no card: it opens its invoice's payments tab
    expect(within(records).getByRole('link', { name: 'Payment 5' })).toHaveAttribute('href', '/invoices/70/payments');
    expect(within(records).getByRole('link', { name: 'Payment 6' })).toHaveAttribute('href', '/invoices/71/payments');
    const total = within(records).getByRole('rowheader', { name: 'Total' }).closest('tr')!;
    expect(text(total)).toBe('TotalKZT 600.25');
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() =>
      expect(screen.queryByRole('table', { name: 'Income detail: Anna Abenova' })).not.toBeInTheDocument(),
    );
  });

  it('CASH-08 every figure of a row opens the records it sums', async () => {
    renderAt('/cashbox/main?office=2');
    const anna = await rowOf('Anna Abenova');
    const hrefs = within(anna)
      .getAllByRole('link')
      .map((l) => decodeURIComponent(l.getAttribute('href')!));
    expect(hrefs).toEqual([
      '/cashboxPositionIncomes?filter={"cashboxGroupProfit.id":11,"recipientPosition.id":31,"role":"lawyer"}',
      '/cashboxPositionIncomes?filter={"cashboxGroupProfit.id":11,"recipientPosition.id":31}',
      '/cashboxPositionProfits/21/show',
    ]);
    const totals = screen.getByRole('rowheader', { name: 'Group total' }).closest('tr')!;
    expect(
      within(totals)
        .getAllByRole('link')
        .map((l) => decodeURIComponent(l.getAttribute('href')!)),
    ).toEqual([
      '/cashboxPositionIncomes?filter={"cashboxGroupProfit.id":11}',
      '/cashboxBudgetDistributions?filter={"cashboxPeriod.id":8,"department.id":4}',
      '/cashboxPositionIncomes?filter={"cashboxGroupProfit.id":11}',
    ]);
  });

  it('CASH-15 CASH-16 CASH-27 a picked start or end is widened to its whole month, in the address and the request', async () => {
    const { request } = renderAt('/cashbox/main?office=2');
    await screen.findByRole('table', { name: 'Positions of Energy' });
    fireEvent.change(screen.getByTestId('cashbox-from'), { target: { value: '2026-03-15' } });
    await waitFor(() => expect(screen.getByTestId('cashbox-from')).toHaveValue('2026-03-01'));
    fireEvent.change(screen.getByTestId('cashbox-to'), { target: { value: '2026-04-02' } });
    await waitFor(() => expect(screen.getByTestId('cashbox-to')).toHaveValue('2026-04-30'));
    await waitFor(() =>
      expect(callsTo(request, 'cashboxPeriods')).toContainEqual({
        query: { reportDateGte: '2026-03-01', 'office.id': 2, size: 1000, projection: 'full' },
      }),
    );
  });

  it('CASH-17 CASH-18 a bare year in the address covers the whole year', async () => {
    renderAt('/cashbox/main?office=2&from=2025&to=2025');
    await screen.findByRole('table', { name: 'Positions of Energy' });
    expect(screen.getByTestId('cashbox-from')).toHaveValue('2025-01-01');
    expect(screen.getByTestId('cashbox-to')).toHaveValue('2025-12-31');
  });

  it('CASH-26 the office picker loads the picked office and its periods', async () => {
    const { request } = renderAt('/cashbox/main');
    expect(await screen.findByText('Choose an office to see its cashbox.')).toBeInTheDocument();
    expect(callsTo(request, 'cashboxPeriods')).toEqual([]);
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Office' }));
    fireEvent.click(await screen.findByRole('option', { name: 'London office' }));
    expect(await screen.findByRole('heading', { name: 'Cashbox: London office' })).toBeInTheDocument();
    await waitFor(() =>
      expect(callsTo(request, 'cashboxPeriods')).toEqual([
        { query: { reportDateGte: '2026-10-01', 'office.id': 3, size: 1000, projection: 'full' } },
      ]),
    );
  });

  it('CASH-20 the version picker lists every version, latest first, and reads the one picked', async () => {
    const { request } = renderAt('/cashbox/main?office=2');
    await screen.findByRole('table', { name: 'Positions of Energy' });
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Version' }));
    const options = await screen.findAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(['Version 2', 'Version 1']);
    fireEvent.click(options[1]!);
    await waitFor(() => expect(screen.getByTestId('cashbox-version-state')).toHaveTextContent('Open'));
    await waitFor(() =>
      expect(callsTo(request, 'cashboxGroupProfits')).toContainEqual({
        query: { 'cashboxPeriod.id': 7, size: 1000, projection: 'full' },
      }),
    );
  });

  it("CASH-07 an office month not calculated yet says so; a failed read says why, in the user's language", async () => {
    renderAt('/cashbox/main?office=2', member, { cashboxPeriods: [] });
    expect(await screen.findByText('This month has not been calculated for this office yet.')).toBeInTheDocument();
    cleanup();
    renderAt('/cashbox/main?office=2', member, {
      cashboxPeriods: () => {
        throw new Error('Server unavailable');
      },
    });
    expect(
      await screen.findByText('The cashbox could not be loaded: Server unavailable', {}, { timeout: 5000 }),
    ).toBeInTheDocument();
  });

  it('CASH-08 in Russian: the columns, money in the Russian format and a failed read in Russian', async () => {
    await act(async () => {
      await i18nProvider.changeLocale('ru');
      setActiveLocale('ru');
    });
    try {
      renderAt('/cashbox/main?office=2');
      const table = await screen.findByRole('table', { name: 'Позиции группы Energy' });
      expect(
        within(table)
          .getAllByRole('columnheader')
          .map((h) => h.textContent),
      ).toEqual(['Позиция', 'Эффективность', 'Сумма', 'ГБ', 'Итого', '%', 'Прибыль']);
      const totals = within(table).getByRole('rowheader', { name: 'Итого по группе' }).closest('tr')!;
      expect(text(within(totals).getAllByRole('link')[0]!)).toMatch(/^1 250,75 (₸|KZT)$/);
      cleanup();
      renderAt('/cashbox/main?office=2', member, {
        cashboxPeriods: () => {
          throw new Error('Server unavailable');
        },
      });
      expect(await screen.findByText('Не удалось загрузить кассу: Server unavailable')).toBeInTheDocument();
    } finally {
      await act(async () => {
        await i18nProvider.changeLocale('en');
        setActiveLocale('en');
      });
    }
  });

  it('NAV-59 CASH-38 CASH-36 a fund tab sums its type\'s fund incomes per fund office; "funds" adds the fund balances', async () => {
    const sector = { id: 1, code: 1, gname: 'Sector' };
    const incomes = [
      { id: 81, fundType: sector, locateOfficeId: 2, payment: { id: 5 }, amount: '100.10' },
      { id: 82, fundType: sector, locateOfficeId: 2, payment: { id: 6 }, amount: '20.40' },
      { id: 83, fundType: { id: 3, code: 3, gname: 'BD' }, locateOfficeId: 3, payment: { id: 5 }, amount: '7.00' },
    ];
    const balance = {
      id: 61,
      position: { id: 31, employee: { gfirstName: 'Anna', glastName: 'Abenova' } },
      fundScheme: { id: 1, code: 1, gname: 'Scheme 1' },
      amount: '68.78',
    };
    const { request } = renderAt('/cashbox/sector-funds?office=2', member, {
      'cashboxFundIncomes/all': incomes,
      cashboxFundBalances: [balance],
    });
    const table = await screen.findByRole('table', { name: 'Fund incomes' });
    expect(callsTo(request, 'cashboxFundIncomes', 'all')).toEqual([{ path: 'all', query: { cashboxPeriodId: 8 } }]);
    const row = within(table).getByRole('rowheader', { name: 'Sector' }).closest('tr')!;
    expect(within(row).getAllByRole('cell').map(text)).toEqual(['Almaty office', '2', 'KZT 120.50']);
    expect(decodeURIComponent(within(row).getByRole('link').getAttribute('href')!)).toBe(
      '/cashboxFundIncomes?filter={"cashboxPeriod.id":8,"fundType.code":1,"locateOfficeId":2}',
    );
    expect(within(table).queryByRole('rowheader', { name: 'BD' })).not.toBeInTheDocument();
    expect(callsTo(request, 'cashboxFundBalances')).toEqual([]);
    fireEvent.click(screen.getByRole('tab', { name: 'Funds' }));
    const balances = await screen.findByRole('table', { name: 'Fund balances of the positions' });
    expect(callsTo(request, 'cashboxFundBalances')).toEqual([
      { query: { 'cashboxPeriod.id': 8, size: 1000, projection: 'full' } },
    ]);
    expect(within(balances).getAllByRole('cell').map(text)).toEqual(['Scheme 1', 'KZT 68.78']);
    expect(
      within(screen.getByRole('table', { name: 'Fund incomes' })).getByRole('rowheader', { name: 'BD' }),
    ).toBeInTheDocument();
  });

  it('CASH-12 a member sees neither Calculate nor Close month', async () => {
    renderAt('/cashbox/main?office=2');
    await screen.findByRole('table', { name: 'Positions of Energy' });
    expect(screen.queryByTestId('cashbox-calculate')).not.toBeInTheDocument();
    expect(screen.queryByTestId('cashbox-close')).not.toBeInTheDocument();
  });

  it("CASH-40 Calculate posts the normalised month and office to POST /cashbox/calculate, shows the job's progress, then opens the new version", async () => {
    let calls = 0;
    const newVersion = { id: 9, version: { code: 3 }, currency: { code: 'KZT' }, status: 'OPEN' };
    const fake = renderAt('/cashbox/main?office=2&from=2026-10-14&to=2026-10-20', billing, {
      cashboxPeriods: () => (calls > 0 ? [...PERIODS, newVersion] : PERIODS),
      cashboxGroupProfits: GROUPS,
    });
    fake.jobs.mockImplementation(async () => {
      calls += 1;
      return calls === 1
        ? { data: [{ id: 91, status: 'running', progress: 40, progressNote: 'calculating' }] }
        : { data: [{ id: 91, status: 'succeeded', progress: 100, result: { periodId: 9, version: 3, rows: 12 } }] };
    });
    fireEvent.click(await screen.findByTestId('cashbox-calculate'));
    await waitFor(() => expect(fake.serviceRequest).toHaveBeenCalled());
    expect(fake.serviceRequest).toHaveBeenCalledWith('core', {
      path: 'cashbox/calculate',
      method: 'POST',
      body: { dateGte: '2026-10-01', dateLte: '2026-10-31', officeId: 2 },
    });
    const progress = await screen.findByTestId('cashbox-progress');
    expect(within(progress).getByRole('status')).toHaveTextContent('Calculating: 40% · calculating');
    expect(within(progress).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '40');
    await waitFor(() => expect(screen.getByTestId('cashbox-version')).toHaveValue('9'), { timeout: 5000 });
    expect(screen.queryByTestId('cashbox-progress')).not.toBeInTheDocument();
    expect(screen.getByTestId('cashbox-version-state')).toHaveTextContent('Open');
  });

  it("CASH-40 a failed calculation shows the job's error", async () => {
    const fake = renderAt('/cashbox/main?office=2', billing);
    fake.jobs.mockResolvedValue({
      data: [{ id: 91, status: 'failed', progress: 10, error: 'No rate for KZT on 2026-10-03' }],
    });
    fireEvent.click(await screen.findByTestId('cashbox-calculate'));
    expect(await screen.findByText('The calculation failed: No rate for KZT on 2026-10-03')).toBeInTheDocument();
  });

  it('CASH-40 a top manager may calculate and close an open version: POST /cashboxPeriods/{id}/close after confirming', async () => {
    const fake = renderAt(
      '/cashbox/main?office=2&period=7',
      member,
      { 'cashboxPeriods#7/close': {} },
      {
        id: 'top',
        employeeId: 1,
        topManager: true,
      },
    );
    expect(await screen.findByTestId('cashbox-calculate')).toBeInTheDocument();
    fireEvent.click(await screen.findByTestId('cashbox-close'));
    const dialog = await screen.findByRole('dialog', { name: 'Close month' });
    expect(dialog).toHaveTextContent('Close version 1 of this month?');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close month' }));
    await waitFor(() =>
      expect(callsTo(fake.request, 'cashboxPeriods', 'close')).toEqual([{ id: 7, path: 'close', method: 'POST' }]),
    );
  });

  it('CASH-20 a closed version offers no Close month', async () => {
    renderAt('/cashbox/main?office=2', member, {}, { id: 'top', employeeId: 1, topManager: true });
    await screen.findByRole('table', { name: 'Positions of Energy' });
    expect(screen.queryByTestId('cashbox-close')).not.toBeInTheDocument();
  });

  it('CASH-20 changes since the previous version: per position, each figure before and after, and the records why, each linked', async () => {
    const diff = {
      periodId: 8,
      version: 2,
      previousPeriodId: 7,
      previousVersion: 1,
      positions: [
        {
          positionId: 31,
          employeeId: 70,
          figures: {
            sumAmountLocal: { previous: '500.0000', current: '550.2500' },
            incomeAmount: { previous: '550.0000', current: '600.2500' },
          },
          sources: [{ entity: 'paymentHistories', id: 6, previous: null, current: '200.1500' }],
        },
      ],
    };
    const { request } = renderAt('/cashbox/main?office=2', member, {
      'cashboxPeriods#8/diff': diff,
      positions: [{ id: 31, employee: { id: 70, gfirstName: 'Anna', glastName: 'Abenova' } }],
    });
    fireEvent.click(await screen.findByTestId('cashbox-diff'));
    const dialog = await screen.findByRole('dialog', { name: 'Changes since version 1' });
    const figures = await within(dialog).findByRole('table', { name: 'Figures of Anna Abenova that changed' });
    expect(within(figures).getAllByRole('row').slice(1).map(text)).toEqual([
      'SumKZT 500.00KZT 550.25',
      'IncomeKZT 550.00KZT 600.25',
    ]);
    const why = within(dialog).getByRole('table', { name: 'Records behind the change for Anna Abenova' });
    expect(within(why).getAllByRole('row').slice(1).map(text)).toEqual(['paymentHistories 6–KZT 200.15']);
    // no link to a payment card that does not exist
    expect(within(why).queryByRole('link', { name: 'paymentHistories 6' })).toBeNull();
    expect(callsTo(request, 'cashboxPeriods', 'diff')).toEqual([{ id: 8, path: 'diff' }]);
    expect(callsTo(request, 'positions')).toEqual([{ query: { 'id.in': [31], size: 1, projection: 'full' } }]);
  });

  it('CASH-20 a version whose figures did not change says so', async () => {
    renderAt('/cashbox/main?office=2');
    fireEvent.click(await screen.findByTestId('cashbox-diff'));
    expect(await screen.findByText('Nothing changed since the previous version.')).toBeInTheDocument();
  });

  it('CASH-20 the first version of a month has no previous one to compare with', async () => {
    renderAt('/cashbox/main?office=2&period=7');
    expect(await screen.findByTestId('cashbox-diff')).toBeDisabled();
  });
});
