import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, configure, screen, within } from '@testing-library/react';
import { BESPOKE_PAGES, bespokePath } from '../app/bespokePages';
import { renderBespokePage, viewPermissions } from '../app/bespokeTestUtils';
import { CASHBOX_TABS } from './CashboxPage';
import { callsTo, cashboxProvider } from './testData';

// the pages are lazy chunks and the machine is shared: give each wait 5 s, not 1 s
configure({ asyncUtilTimeout: 5000 });

/** The cashbox pages' routes (NAV-28, NAV-58, NAV-59): where each page and tab is mounted, and what it opens with. */

const member = viewPermissions(['MEMBER'], ['cashbox']);
const TAB_NAMES: Record<(typeof CASHBOX_TABS)[number], string> = {
  main: 'Main',
  'sector-funds': 'Sector funds',
  'office-funds': 'Office funds',
  'bd-funds': 'BD funds',
  funds: 'Funds',
};

describe('the cashbox routes', { timeout: 30_000 }, () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(2026, 10, 28, 12, 0));
  });
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  it('NAV-58 /cashbox is guarded by view on cashbox and shows a header and a filter: office, from, to, by me', async () => {
    const page = BESPOKE_PAGES.find((p) => p.route === 'cashbox')!;
    expect(page.module).toBe('cashbox');
    // before an office is picked: the header and the filter, and nothing read but the offices
    const fake = cashboxProvider();
    renderBespokePage('cashbox', '/cashbox', fake.dataProvider, member);
    expect(await screen.findByRole('heading', { level: 1, name: 'Cashbox' })).toBeInTheDocument();
    expect(screen.getByText('Choose an office to see its cashbox.')).toBeInTheDocument();
    for (const id of ['cashbox-office', 'cashbox-from', 'cashbox-to', 'cashbox-by-me'])
      expect(screen.getByTestId(id)).toBeInTheDocument();
    expect(callsTo(fake.request, 'cashboxPeriods')).toEqual([]);
    cleanup();
    // with an office: the header names it
    renderBespokePage('cashbox', '/cashbox?office=2', cashboxProvider().dataProvider, member);
    expect(await screen.findByRole('heading', { level: 1, name: 'Cashbox: Almaty office' })).toBeInTheDocument();
  });

  it('NAV-59 the cashbox has the child routes main, sector-funds, office-funds, bd-funds and funds; main is the default', async () => {
    const page = BESPOKE_PAGES.find((p) => p.route === 'cashbox')!;
    expect(bespokePath(page)).toBe('/cashbox/*');
    expect([...CASHBOX_TABS]).toEqual(['main', 'sector-funds', 'office-funds', 'bd-funds', 'funds']);
    for (const tab of CASHBOX_TABS) {
      renderBespokePage('cashbox', `/cashbox/${tab}?office=2`, cashboxProvider().dataProvider, member);
      const selected = await screen.findByRole('tab', { selected: true });
      expect(selected, tab).toHaveAccessibleName(TAB_NAMES[tab]);
      cleanup();
    }
    // no child named: main, and every tab's link keeps the report's choices
    renderBespokePage('cashbox', '/cashbox?office=2', cashboxProvider().dataProvider, member);
    expect(await screen.findByRole('tab', { selected: true })).toHaveAccessibleName('Main');
    const tabs = within(screen.getByRole('tablist')).getAllByRole('tab');
    expect(tabs.map((t) => t.getAttribute('href'))).toEqual(CASHBOX_TABS.map((t) => `/cashbox/${t}?office=2`));
  });

  it('NAV-28 /balance is the employee-balance report: guarded by view on cashbox, with its office, month and "by me"', async () => {
    const page = BESPOKE_PAGES.find((p) => p.route === 'balance')!;
    expect(page.module).toBe('cashbox');
    expect(bespokePath(page)).toBe('/balance');
    const fake = cashboxProvider({ 'cashboxEmployeeBalances/all': [] });
    renderBespokePage('balance', '/balance?office=2', fake.dataProvider, member);
    expect(await screen.findByRole('heading', { level: 1, name: 'Employee balances' })).toBeInTheDocument();
    for (const id of ['balance-office', 'balance-month', 'balance-by-me'])
      expect(screen.getByTestId(id)).toBeInTheDocument();
    // it reads the cashbox's employee balances (CASH-03), not another collection
    expect(await screen.findByText('No balances for this office and month.')).toBeInTheDocument();
    expect(callsTo(fake.request, 'cashboxEmployeeBalances', 'all')).toEqual([
      { path: 'all', query: { officeId: 2, date: '2026-10' } },
    ]);
  });
});
