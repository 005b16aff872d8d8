import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { AdminContext, TestMemoryRouter } from 'react-admin';
import { Route, Routes } from 'react-router-dom';
import { i18nProvider } from '../i18n';
import { installBridge } from '../shell/bridge';
import { uiStore } from '../shell/uiStore';
import { cardStates, DEFAULT_TIME_DURATION_MS, mobileCards } from './cards';
import MobileAppPage from './MobileAppPage';
import { SEARCH_DEBOUNCE_MS } from './MobileSearch';
import { testProvider } from '../times/testProvider';
import { todayRange } from './TodayTasksCard';
import { viewPermissions } from '../app/bespokeTestUtils';
import type { Permissions } from '../access/canAccess';

const data = {
  clients: [
    {
      id: 1,
      gname: 'Acme Holdings',
      iinBin: '111',
      country: { gname: 'Kazakhstan' },
      lastModifiedDate: '2026-01-01T00:00:00Z',
    },
    { id: 2, gname: 'Borealis LLP', iinBin: '222', lastModifiedDate: '2026-03-01T00:00:00Z' },
    { id: 3, gname: 'Cedar Group', iinBin: '333', lastModifiedDate: '2026-02-01T00:00:00Z' },
  ],
  contacts: [{ id: 7, gname: 'Dana Acme-Smith', gjobTitle: 'CFO', client: { gname: 'Acme Holdings' } }],
};

const today = (hour: number) => {
  const d = todayRange().start;
  d.setHours(hour);
  return d.toISOString();
};
const yesterday = new Date(todayRange().start.getTime() - 3_600_000).toISOString();
const timeData = () => ({
  ...data,
  matters: [
    { id: 7, number: 'M-7', description: 'Audit', lastModifiedDate: '2026-01-01T00:00:00Z' },
    { id: 8, number: 'M-8', description: 'Merger', lastModifiedDate: '2026-03-01T00:00:00Z' },
    { id: 9, number: 'M-9', description: 'Lease', lastModifiedDate: '2026-02-01T00:00:00Z' },
  ],
  'base-subtypes': [
    { id: 31, code: 1, gname: 'Time entry', type: { id: 13, code: 13 } },
    { id: 33, code: 3, gname: 'Meeting', type: { id: 13, code: 13 } },
  ],
  times: [
    {
      id: 1,
      dateTime: today(10),
      duration: 900_000,
      workDescription: 'Board meeting',
      workType: { id: 33, code: 3, gname: 'Meeting' },
      employee: { id: 5 },
    },
    {
      id: 2,
      dateTime: today(9),
      duration: 900_000,
      workDescription: 'Logged work',
      workType: { id: 31, code: 1 },
      employee: { id: 5 },
      matter: { id: 9, number: 'M-9', description: 'Lease' },
    },
    {
      id: 3,
      dateTime: today(11),
      duration: 900_000,
      workDescription: 'Not mine',
      workType: { id: 33, code: 3 },
      employee: { id: 6 },
    },
    {
      id: 4,
      dateTime: yesterday,
      duration: 900_000,
      workDescription: 'Yesterday call',
      workType: { id: 33, code: 3 },
      employee: { id: 5 },
    },
  ],
});

const renderPage = (canAccess = true, permissions?: Permissions) => {
  let path = '/mobile-app';
  const { provider: dataProvider, calls } = testProvider(timeData());
  const authProvider = {
    login: async () => undefined,
    logout: async () => undefined,
    checkAuth: async () => undefined,
    checkError: async () => undefined,
    getIdentity: async () => ({ id: 'ada', fullName: 'Ada Lovelace', employeeId: 5 }),
    canAccess: async () => canAccess,
    ...(permissions ? { getPermissions: async () => permissions } : {}),
  };
  render(
    <TestMemoryRouter initialEntries={[path]} locationCallback={(l) => (path = l.pathname)}>
      <AdminContext dataProvider={dataProvider} authProvider={authProvider} i18nProvider={i18nProvider}>
        <Routes>
          <Route path="/mobile-app" element={<MobileAppPage />} />
          <Route path="*" element={<p>elsewhere</p>} />
        </Routes>
      </AdminContext>
    </TestMemoryRouter>,
  );
  return { location: () => path, dataProvider, calls };
};

describe('/mobile-app', () => {
  beforeEach(() => {
    localStorage.clear();
    uiStore.set({ burgerOpen: false, mobileApplication: false });
  });
  afterEach(() => vi.useRealTimers());

  it('NAV-13 is the mobile entry page: search box, recent clients, and the live time and matters cards', async () => {
    renderPage();
    expect(screen.getByRole('searchbox', { name: /search clients and contacts/i })).toBeInTheDocument();
    const recent = await screen.findByRole('list', { name: 'Recent clients' });
    // last modified first
    expect(
      within(recent)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual([expect.stringContaining('Borealis'), expect.stringContaining('Cedar'), expect.stringContaining('Acme')]);
    expect(within(recent).getAllByRole('link')[0]).toHaveAttribute('href', '/clients/2');
    for (const title of ["Today's tasks", 'Timer', 'Log 15 minutes', 'Recent matters']) {
      const card = screen.getByRole('region', { name: title });
      expect(card).not.toHaveTextContent(/coming with the/i);
    }
  });

  it("a lawyer's phone home shows only the cards of what they may read: no Recent clients, no request for clients, so no Forbidden toast", async () => {
    const member = viewPermissions(['MEMBER'], ['time', 'TIME', 'matter', 'project']);
    const { calls } = renderPage(true, member);
    expect(await screen.findByRole('region', { name: "Today's tasks" })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Recent matters' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Recent clients' })).toBeNull();
    await screen.findByRole('list', { name: "Today's tasks" }, { timeout: 5000 });
    expect(calls.filter((c) => c.resource === 'clients')).toEqual([]);
  });

  it("NAV-13 TIME-06 Today's tasks lists the signed-in employee's tasks of today, earliest first", async () => {
    const { calls } = renderPage();
    const list = await screen.findByRole('list', { name: "Today's tasks" }, { timeout: 5000 });
    expect(
      within(list)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual([expect.stringContaining('Board meeting')]);
    expect(within(list).getByRole('link')).toHaveAttribute('href', '/times/1');
    const call = calls.find(
      (c) => c.resource === 'times' && (c.params.filter as Record<string, unknown>)['workType.code.ne'],
    );
    expect(call?.params.filter).toMatchObject({ 'workType.code.ne': 1, 'employee.id': 5 });
  });

  it('NAV-13 TIME-03 TIME-16 Log 15 minutes writes a 900000 ms billable entry on the picked matter, and says so', async () => {
    const before = Date.now();
    const { calls } = renderPage();
    const card = screen.getByRole('region', { name: 'Log 15 minutes' });
    const matter = await within(card).findByRole('combobox', { name: /matter/i }, { timeout: 5000 });
    fireEvent.change(matter, { target: { value: 'Merger' } });
    fireEvent.click(await screen.findByRole('option', { name: /M-8 Merger/ }, { timeout: 5000 }));
    fireEvent.change(within(card).getByRole('textbox', { name: /description/i }), { target: { value: 'Call' } });
    fireEvent.click(within(card).getByRole('button', { name: 'Log 15 minutes' }));
    await waitFor(() => expect(within(card).getByRole('status')).toHaveTextContent('Logged 15 minutes on M-8 Merger'), {
      timeout: 5000,
    });
    const created = calls.find((c) => c.method === 'create')?.params.data as Record<string, unknown>;
    expect(created).toMatchObject({
      duration: 900_000,
      billable: true,
      matter: { id: 8 },
      workType: { id: 31 },
      employee: { id: 5 },
      workDescription: 'Call',
    });
    // The entry starts 15 minutes before the form opened, on the whole minute.
    const start = new Date(String(created.dateTime)).getTime();
    expect(start % 60_000).toBe(0);
    expect(start).toBeGreaterThan(before - 16 * 60_000);
    expect(start).toBeLessThanOrEqual(Date.now() - 15 * 60_000);
    fireEvent.click(within(card).getByRole('button', { name: 'Log another' }));
    expect(await within(card).findByRole('combobox', { name: /matter/i })).toHaveValue('');
  });

  it('NAV-13 Recent matters lists the matters of my latest entries first, then the ones changed last', async () => {
    renderPage();
    const list = await screen.findByRole('list', { name: 'Recent matters' }, { timeout: 5000 });
    await waitFor(() =>
      expect(
        within(list)
          .getAllByRole('link')
          .map((a) => a.getAttribute('href')),
      ).toEqual(['/matters/9', '/matters/8', '/matters/7']),
    );
  });

  it('searches clients and contacts (the q filter) and links to their cards', async () => {
    const { location } = renderPage();
    fireEvent.change(screen.getByRole('searchbox'), { target: { value: 'acme' } });
    const clients = await screen.findByRole('list', { name: 'Clients' }, { timeout: SEARCH_DEBOUNCE_MS + 2000 });
    expect(within(clients).getByRole('link')).toHaveAttribute('href', '/clients/1');
    const contacts = await screen.findByRole('list', { name: 'Contacts' });
    const contact = within(contacts).getByRole('link');
    expect(contact).toHaveTextContent('Dana Acme-Smith');
    expect(contact).toHaveTextContent('Acme Holdings · CFO');
    fireEvent.click(contact);
    expect(location()).toBe('/contacts/7');
  });

  it('says so when the search finds nothing', async () => {
    renderPage();
    fireEvent.change(screen.getByRole('searchbox'), { target: { value: 'zzz' } });
    expect(await screen.findByText('Nothing found', {}, { timeout: SEARCH_DEBOUNCE_MS + 2000 })).toBeInTheDocument();
  });

  it('SHELL-13/14 the burger drawer opens and closes from native messages; SHELL-15 posts each change', async () => {
    const sent: unknown[] = [];
    (window as unknown as { ReactNativeWebView?: unknown }).ReactNativeWebView = {
      postMessage: (m: string) => sent.push(JSON.parse(m)),
    };
    const uninstall = installBridge(window, uiStore);
    try {
      renderPage();
      await screen.findByRole('list', { name: 'Recent clients' });
      // inside the native app the web bar has no burger button of its own
      expect(screen.queryByRole('button', { name: /open menu/i })).not.toBeInTheDocument();
      act(() => window.dispatchEvent(new MessageEvent('message', { data: '{"event":"onOpenBurger"}' })));
      expect(await screen.findByRole('navigation', { name: 'Main menu' })).toBeVisible();
      act(() => window.dispatchEvent(new MessageEvent('message', { data: { event: 'onCloseBurger' } })));
      await waitFor(() => expect(screen.queryByRole('navigation', { name: 'Main menu' })).not.toBeInTheDocument());
      expect(sent).toEqual([
        { event: 'onBurgerStateChange', value: true },
        { event: 'onOpenBurger' },
        { event: 'onBurgerStateChange', value: false },
        { event: 'onCloseBurger' },
      ]);
    } finally {
      uninstall();
      delete (window as unknown as { ReactNativeWebView?: unknown }).ReactNativeWebView;
    }
  });

  it('the burger button opens the menu in a plain browser', async () => {
    renderPage();
    fireEvent.click(screen.getByRole('button', { name: /open menu/i }));
    expect(await screen.findByRole('navigation', { name: 'Main menu' })).toBeVisible();
    expect(uiStore.get().burgerOpen).toBe(true);
  });

  it('hides search sections the user may not list', async () => {
    const { dataProvider } = renderPage(false);
    const getList = vi.spyOn(dataProvider, 'getList');
    fireEvent.change(screen.getByRole('searchbox'), { target: { value: 'acme' } });
    expect(await screen.findByText('Nothing found', {}, { timeout: SEARCH_DEBOUNCE_MS + 2000 })).toBeInTheDocument();
    expect(getList.mock.calls.filter(([, p]) => (p.filter as { q?: string }).q)).toEqual([]);
  });
});

describe('mobile cards registry', () => {
  it('TIME-03 the log-time card defaults to 900000 ms (15 minutes)', () => {
    expect(DEFAULT_TIME_DURATION_MS).toBe(900_000);
    expect(mobileCards.find((c) => c.id === 'log-time')?.title).toBe('Log 15 minutes');
  });

  it('a card turns live once its entities exist and it has a component', () => {
    const Live = () => null;
    const cards = [
      { id: 'a', title: 'A', area: 'time', requires: ['times'], promise: '' },
      { id: 'b', title: 'B', area: 'time', requires: ['times'], promise: '', component: Live },
    ];
    expect(cardStates(cards, () => undefined).map((s) => s.ready)).toEqual([false, false]);
    const found = () => ({}) as never;
    expect(cardStates(cards, found).map((s) => s.ready)).toEqual([false, true]);
    // times and matters are registered: every card is live
    expect(
      cardStates()
        .filter((s) => s.ready)
        .map((s) => s.card.id),
    ).toEqual(['recent-clients', 'today-tasks', 'timer', 'log-time', 'recent-matters']);
  });
});
