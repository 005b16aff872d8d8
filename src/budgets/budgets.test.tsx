import { cleanup, fireEvent, render as renderPage, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { AdminContext, type AuthProvider, type DataProvider, type GetListParams } from 'react-admin';
import type { EntitySchema } from '../../schemas/define';
import { fakeVerbs, type Call } from '../test/fakeVerbs';
import { budgets, budgetPayers, cashboxOfficeDebts } from '../../schemas/index';
import { countingVersion, previousMonth } from '../../schemas/cashbox/cashboxOfficeDebts';
import { viewPermissions } from '../app/bespokeTestUtils';
import { i18nProvider } from '../i18n';
import OfficeDebtsPage, { monthRange } from './OfficeDebtsPage';
import { partsSet } from '../resources/parts';
import { renderAdmin } from '../resources/testUtils';
import { remainingShare } from './PayersInput';
import { budgetParts, officeDebtParts } from './parts';

const WAIT = { timeout: 10_000 };
afterEach(cleanup);

const today = () => {
  const d = new Date();
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
};

const payer = (id: number, code: number, gname: string, extra: object, percentage: number, closedByFund = false) => ({
  id,
  payerType: { id: 190 + code, code, gname },
  payerOffice: null,
  payerDepartment: null,
  payerPosition: null,
  percentage,
  closedByFund,
  ...extra,
});
const budget = {
  id: 1,
  version: 0,
  date: '2026-11-10',
  budgetType: { id: 181, code: 1, gname: 'Marketing' },
  amount: 1200.5,
  currency: { id: 2, code: 'KZT', gname: 'Tenge' },
  coverBudgetOffice: { id: 1, gfirmName: 'Bureau Almaty' },
  cash: false,
  responsiblePosition: null,
  description: 'Conference stand',
  closed: false,
  verificationChain: null,
  budgetPayerList: [
    payer(11, 1, 'Office', { payerOffice: { id: 1, gfirmName: 'Bureau Almaty' } }, 0.5),
    payer(12, 3, 'Position', { payerPosition: { id: 5, employee: { gfirstName: 'Boris', glastName: 'Baker' } } }, 0.5),
  ],
};

/**
 * Renders `path` with the data provider's `action` and `request` verbs answered by `answer`: the
 * rows of a list route, the body of any other; an `Error` is the server's refusal.
 */
function render(path: string, answer: (call: Call) => unknown = () => ({})) {
  const { calls, verbs } = fakeVerbs(answer);
  const lists: Array<{ resource: string; params: GetListParams }> = [];
  const wrap = (dp: DataProvider): DataProvider =>
    ({
      ...dp,
      getList: (resource, params) => {
        lists.push({ resource, params });
        return dp.getList(resource, params);
      },
      ...verbs,
    }) as DataProvider;
  const view = renderAdmin(
    path,
    [budgets, budgetPayers, cashboxOfficeDebts] as EntitySchema[],
    { budgets: [budget], budgetPayers: [], officeDebts: [] },
    () => true,
    wrap,
    partsSet(budgetParts, officeDebtParts),
  );
  return { calls, lists, view };
}

describe('budgets in the SPA', { timeout: 60_000 }, () => {
  it('NAV-29 BUD-11 budgets is the budget list; its date range starts 1970-01-01 and ends today', async () => {
    const { lists } = render('/budgets');
    expect(await screen.findByText('Conference stand', {}, WAIT)).toBeTruthy();
    const first = lists.find((l) => l.resource === 'budgets')!;
    expect(first.params.filter).toMatchObject({ 'date.gte': '1970-01-01', 'date.lte': today() });
  });

  it('MC-4 BUD-13 the list shows the total, in its currency, of GET /budgets/totalAmount with the list filters', async () => {
    const { calls } = render('/budgets', (c) =>
      c.name === 'totalAmount'
        ? { totalAmount: 4321.5, byCurrency: [{ currency: 'KZT', currencyId: 2, totalAmount: 4321.5 }] }
        : {},
    );
    expect(await screen.findByText('Total KZT 4,321.50', {}, WAIT)).toBeTruthy();
    expect(calls.find((c) => c.name === 'totalAmount')).toMatchObject({
      verb: 'action',
      resource: 'budgets',
      data: { 'date.gte': '1970-01-01', 'date.lte': today() },
    });
  });

  it('NAV-31 budgets/{id} is the budget card with its payers in percent', async () => {
    render('/budgets/1');
    const table = await screen.findByRole('table', { name: 'Payers' }, WAIT);
    expect(within(table).getByText('Boris Baker')).toBeTruthy();
    expect(within(table).getAllByText('50 %')).toHaveLength(2);
  });

  it('MC-7 BUD-18 BUD-19 the closed-by-fund switch sends PATCH /budgetPayers/{budgetId}/true and flips every payer only once it answers', async () => {
    let refuse = true;
    const { calls } = render('/budgets/1', (c) =>
      c.resource === 'budgetPayers' && refuse
        ? new Error('Access denied')
        : { budgetId: 1, closedByFund: true, payers: [11, 12] },
    );
    const toggle = await screen.findByRole('switch', { name: 'Closed by fund (every payer of the budget)' }, WAIT);
    expect((toggle as HTMLInputElement).checked).toBe(false);
    fireEvent.click(toggle);
    await waitFor(() => expect(calls.some((c) => c.resource === 'budgetPayers')).toBe(true), WAIT);
    // the budget's id (1), not a payer's (11, 12)
    expect(calls.filter((c) => c.resource === 'budgetPayers')).toEqual([
      { verb: 'action', resource: 'budgetPayers', name: 'true', id: 1 },
    ]);
    // refused: the switch stays as it was
    await waitFor(() => expect((toggle as HTMLInputElement).disabled).toBe(false), WAIT);
    expect((toggle as HTMLInputElement).checked).toBe(false);
    refuse = false;
    fireEvent.click(toggle);
    await waitFor(() => expect((toggle as HTMLInputElement).checked).toBe(true), WAIT);
    const table = screen.getByRole('table', { name: 'Payers' });
    expect(within(table).getAllByText('Yes')).toHaveLength(2);
  });

  it('BUD-18 the card shows per payer what the cashbox report closed by fund, in the report currency, with its version and state', async () => {
    const { calls } = render('/budgets/1', (c) =>
      c.resource === 'cashboxBudgetDistributions'
        ? {
            budgetId: 1,
            period: { id: 21, version: 1, status: 'CLOSED', currencyCode: 'KZT' },
            payers: [
              { budgetPayerId: 11, closedByFund: false, amount: '600.25' },
              { budgetPayerId: 12, closedByFund: true, amount: '600.25' },
            ],
          }
        : {},
    );
    const report = await screen.findByTestId('payers-report', {}, WAIT);
    expect(within(report).getByText('Cashbox report: version 1')).toBeTruthy();
    expect(within(report).getByText('Closed')).toBeTruthy();
    expect(calls).toContainEqual({
      verb: 'request',
      resource: 'cashboxBudgetDistributions',
      id: 1,
      path: 'closedByFund',
    });
    const table = screen.getByRole('table', { name: 'Payers' });
    const row = (name: string) => within(table).getByText(name).closest('tr')!;
    expect(within(row('Boris Baker')).getByText(/^KZT\s600\.25$/)).toBeTruthy();
    // the office's part was not closed by fund in the report
    expect(within(row('Bureau Almaty')).getByText(/^KZT\s0\.00$/)).toBeTruthy();
  });

  it('MC-7 BUD-09 a new payer starts with the share the others leave: the total payer share defaults to 100 %', async () => {
    render('/budgets/create');
    await screen.findByRole('button', { name: 'Save' }, WAIT);
    // the payers' list input may render after the form's toolbar: wait for its Add button
    await screen.findAllByRole('button', { name: 'Add' }, WAIT);
    const add = () => fireEvent.click(screen.getAllByRole('button', { name: 'Add' }).at(-1)!);
    const inputs = () => [
      ...document.querySelectorAll<HTMLInputElement>('input[name^="budgetPayerList."][name$=".percentage"]'),
    ];
    const shares = () => inputs().map((i) => i.value);
    add();
    await waitFor(() => expect(shares()).toEqual(['100']), WAIT);
    fireEvent.change(inputs()[0]!, { target: { value: '60' } });
    add();
    await waitFor(() => expect(shares()).toEqual(['60', '40']), WAIT);
    add();
    await waitFor(() => expect(shares()).toEqual(['60', '40', '0']), WAIT);
  });

  it('MC-7 BUD-09 remainingShare adds the shares exactly and never goes below 0', () => {
    expect(remainingShare([])).toBe(1);
    expect(remainingShare([{ percentage: 0.1 }, { percentage: 0.2 }])).toBe(0.7);
    expect(remainingShare([{ percentage: 0.7 }, { percentage: 0.6 }])).toBe(0);
    expect(remainingShare([{ percentage: null }, {}])).toBe(1);
  });

  it('NAV-30 budgets/create, budgets/{id}/edit and budgets/{id}/clone are the budget form', async () => {
    for (const path of ['/budgets/create', '/budgets/1/edit', '/budgets/1/clone']) {
      render(path);
      expect(await screen.findByRole('button', { name: 'Save' }, WAIT)).toBeTruthy();
      expect(screen.getAllByText(/payers/i).length).toBeGreaterThan(0);
      cleanup();
    }
  });
});

describe('office debts page', { timeout: 60_000 }, () => {
  const { gte, lte } = previousMonth();
  // the month's versions: 1 closed, 2 open (newer), and a period no calculation wrote
  const periods = [
    { id: 21, reportDateGte: gte, reportDateLte: lte, version: { code: 1 }, status: 'CLOSED' as const },
    { id: 22, reportDateGte: gte, reportDateLte: lte, version: { code: 2 }, status: 'OPEN' as const },
    { id: 20, reportDateGte: gte, reportDateLte: lte, version: null, status: null },
  ];
  const debt = {
    id: 3,
    cashboxPeriod: { id: 21, reportDateGte: gte, reportDateLte: lte, office: { id: 1, gfirmName: 'Bureau Almaty' } },
    debtCurrencyCode: 'KZT',
    paymentStatus: 1,
    creditorOffices: [
      {
        id: 8,
        office: { id: 2, gfirmName: 'Bureau London' },
        amount: 400,
        paymentStatus: { id: 411, code: 1, gname: 'Unpaid' },
      },
    ],
    details: [
      {
        id: 9,
        detailSide: 'DEBTOR',
        creditorOffice: { id: 2, gfirmName: 'Bureau London' },
        amount: 400,
        description: 'Transfer of payment 7 (distribution row 4)',
      },
    ],
  };
  const answer =
    (versions: unknown[] = periods) =>
    (c: Call) => {
      if (c.verb === 'action' && c.resource === 'cashboxOfficeDebts' && c.name === 'all') return [debt];
      if (c.resource === 'cashboxPeriods') return versions;
      if (c.resource === 'baseDictionaries')
        return [
          { id: 411, code: 1, gname: 'Unpaid' },
          { id: 412, code: 2, gname: 'Paid' },
        ];
      if (c.resource === 'budgets')
        return [{ id: 1, date: '2026-10-12', amount: 800, description: 'Forum stand', responsiblePosition: { id: 5 } }];
      if (c.resource === 'positions') return [{ id: 5, employee: { gfirstName: 'Anna', glastName: 'Abenova' } }];
      if (c.resource === 'offices' && c.id !== undefined) return { id: 1, gfirmName: 'Bureau Almaty' };
      if (c.resource === 'offices')
        return [
          { id: 1, gfirmName: 'Bureau Almaty' },
          { id: 2, gfirmName: 'Bureau London' },
        ];
      return {};
    };
  const chooseAlmaty = async () => {
    fireEvent.mouseDown(await screen.findByRole('combobox', { name: 'Debtor office' }, WAIT));
    fireEvent.click(await screen.findByRole('option', { name: 'Bureau Almaty' }, WAIT));
  };

  it('OFF-45 the default debt period is the previous calendar month', () => {
    expect(previousMonth(new Date(2026, 0, 15))).toEqual({ gte: '2025-12-01', lte: '2025-12-31' });
    expect(previousMonth(new Date(2024, 2, 31))).toEqual({ gte: '2024-02-01', lte: '2024-02-29' });
  });

  it('NAV-89 the version whose debts count is the highest closed one, else the highest; an uncalculated period never counts', () => {
    expect(countingVersion(periods)?.id).toBe(21);
    expect(countingVersion(periods.filter((p) => p.status !== 'CLOSED'))?.id).toBe(22);
    expect(countingVersion([periods[2]!])).toBeUndefined();
    expect(monthRange('2024-02')).toEqual({ gte: '2024-02-01', lte: '2024-02-29' });
  });

  it('NAV-89 OFF-46 OFF-47 OFF-48 OFF-49 OFF-50 officeDebts shows the debts of the counting version of the previous month: per creditor office, in its currency, opening its records', async () => {
    const { calls } = render('/officeDebts', answer());
    expect(
      await screen.findByText('Choose an office to see the debts its cashbox calculation found.', {}, WAIT),
    ).toBeTruthy();
    expect(calls.some((c) => c.resource === 'cashboxPeriods')).toBe(false);
    await chooseAlmaty();
    const creditors = await screen.findByRole('table', { name: 'Creditors of debt 3' }, WAIT);
    expect(calls).toContainEqual({ verb: 'request', resource: 'offices', id: '1' });
    expect(calls).toContainEqual({
      verb: 'request',
      resource: 'cashboxPeriods',
      query: { reportDateGte: gte, 'office.id': 1, size: 1000, projection: 'full' },
    });
    // version 1 is closed and counts, though version 2 is newer
    expect(calls.filter((c) => c.name === 'all')).toEqual([
      {
        verb: 'action',
        resource: 'cashboxOfficeDebts',
        name: 'all',
        data: { gte, lte, officeId: '1', creditorOfficeId: '', cashboxPeriodId: 21 },
      },
    ]);
    const version = screen.getByTestId('debts-version');
    expect(within(version).getByText('Debts of cashbox version 1')).toBeTruthy();
    expect(within(version).getByText('Closed')).toBeTruthy();
    expect(within(version).getByText('Version 2 is newer but open: the closed version counts')).toBeTruthy();
    // the amount owed to London, with its currency, opens the creditor row's sources
    const link = within(creditors).getByRole('link', { name: /^Records of the debt to Bureau London: KZT\s400\.00$/ });
    // Intl puts a no-break space between the code and the amount
    expect(link.textContent!.replace(/\s/g, ' ')).toBe('KZT 400.00');
    expect(decodeURIComponent(link.getAttribute('href')!)).toBe(
      '/cashboxSources?filter={"lineEntity":"cashboxOfficeDebtCreditors","lineId":8}',
    );
    const details = screen.getByRole('table', { name: 'Details of debt 3' });
    expect(within(details).getByText(/^KZT\s400\.00$/)).toBeTruthy();
    expect(await screen.findByText('Forum stand', {}, WAIT)).toBeTruthy();
    expect(await screen.findByText('Anna Abenova', {}, WAIT)).toBeTruthy();
    expect(calls).toContainEqual({
      verb: 'request',
      resource: 'budgets',
      query: { cashboxOfficeDebtId: 3, 'verificationChain.decision.code.ne': 3, projection: 'debtBudgets', size: 100 },
    });
    expect(calls).toContainEqual(
      expect.objectContaining({
        verb: 'request',
        resource: 'baseDictionaries',
        query: expect.objectContaining({ 'type.code': 41 }),
      }),
    );
    expect(calls).toContainEqual(
      expect.objectContaining({
        verb: 'request',
        resource: 'positions',
        query: expect.objectContaining({ 'id.in': [5] }),
      }),
    );
  });

  /** The page signed in with `roles` (the empty state's link depends on them), answered by `answer`. */
  const renderAs = (roles: string[], reply: (c: Call) => unknown) => {
    const { calls, verbs } = fakeVerbs(reply);
    const dataProvider = verbs as unknown as DataProvider;
    const authProvider: AuthProvider = {
      login: async () => undefined,
      logout: async () => undefined,
      checkAuth: async () => undefined,
      checkError: async () => undefined,
      getPermissions: async () => viewPermissions(roles, ['cashbox']),
      getIdentity: async () => ({ id: 'tester' }),
    };
    renderPage(
      <MemoryRouter initialEntries={['/officeDebts']}>
        <AdminContext dataProvider={dataProvider} authProvider={authProvider} i18nProvider={i18nProvider}>
          <OfficeDebtsPage schema={cashboxOfficeDebts as EntitySchema} generated={<></>} />
        </AdminContext>
      </MemoryRouter>,
    );
    return calls;
  };

  it('NAV-89 a month without a calculated version says so, asks for no debts, and links those who calculate to its cashbox report', async () => {
    const calls = renderAs(['GLOBAL_TOP'], answer([periods[2]]));
    await chooseAlmaty();
    expect(
      await screen.findByText(/The cashbox of this office has not been calculated for this month/, {}, WAIT),
    ).toBeTruthy();
    expect(calls.some((c) => c.name === 'all')).toBe(false);
    const link = await screen.findByRole('link', { name: 'Open the cashbox report of this month' }, WAIT);
    expect(link.getAttribute('href')).toBe(`/cashbox/main?office=1&from=${gte}&to=${lte}`);
    cleanup();
    // a member may not calculate: the sentence without the link
    renderAs(['MEMBER'], answer([periods[2]]));
    await chooseAlmaty();
    expect(
      await screen.findByText(/The cashbox of this office has not been calculated for this month/, {}, WAIT),
    ).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Open the cashbox report of this month' })).toBeNull();
  });

  it('OFF-44 a creditor payment status is saved per creditor', async () => {
    const { calls } = render('/officeDebts', answer());
    await chooseAlmaty();
    fireEvent.mouseDown(await screen.findByRole('combobox', { name: 'Payment status of Bureau London' }, WAIT));
    fireEvent.click(await screen.findByRole('option', { name: 'Paid' }, WAIT));
    await waitFor(() => expect(calls.some((c) => c.method === 'PATCH')).toBe(true), WAIT);
    expect(calls.filter((c) => c.method === 'PATCH')).toEqual([
      {
        verb: 'request',
        resource: 'cashboxOfficeDebtCreditors',
        id: 8,
        method: 'PATCH',
        body: { paymentStatus: { id: 412 } },
      },
    ]);
  });
});
