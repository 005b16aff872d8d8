import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { AdminContext, type AuthProvider, type DataProvider } from 'react-admin';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import type { Privilege } from '../../schemas/access';
import { homeCardsOf } from '../../schemas/homeCards';
import type { Permissions } from '../access/canAccess';
import { i18nProvider } from '../i18n';
import HomeRedirect from '../pages/HomeRedirect';
import { monthOf } from './period';

configure({ asyncUtilTimeout: 5000 });

/**
 * The home page per role (docs/areas/dashboards.md "Home page"): which cards each role sees, what
 * each card sends (analytics query id and parameters), and its empty, error and refused states,
 * on a fake `serviceRequest` answering stored results at once.
 */

type Flags = 'V' | 'VC' | 'VCU';
const perms = (roles: string[], grants: Record<string, Flags>): Permissions => ({
  roles,
  privileges: new Map(
    Object.entries(grants).map(([module, f]): [string, Privilege] => [
      module,
      { module, view: true, create: f.includes('C'), update: f.includes('U'), delete: false },
    ]),
  ),
});
const MEMBER = perms(['MEMBER'], { time: 'VCU', TIME: 'VCU', matter: 'V', project: 'V' });
const BILLING = perms(['BILL'], { client: 'VCU', invoice: 'VCU', PAYMENT_HISTORY: 'VCU', time: 'VCU', matter: 'VCU' });
const TOP = perms(['GLOBAL_TOP'], { client: 'V', invoice: 'V', PAYMENT_HISTORY: 'V', time: 'V', matter: 'V' });

type Rows = Array<Record<string, unknown>>;
type Answer = Rows | { status: number; message: string };

/** A fake data provider whose `serviceRequest` answers `queries/{id}/results` from `answers` (a `sequence` in turn). */
function fakeProvider(answers: Record<number, Answer | { sequence: Answer[] }>) {
  const calls: Array<{ id: number; parameters: unknown }> = [];
  const serviceRequest = vi.fn(async (_base: string, params: { path: string; body?: { parameters?: unknown } }) => {
    const id = Number(/^queries\/(\d+)\/results$/.exec(params.path)?.[1]);
    calls.push({ id, parameters: params.body?.parameters });
    const entry = answers[id];
    const answer = entry && 'sequence' in entry ? entry.sequence.shift() : entry;
    if (answer === undefined) throw Object.assign(new Error(`no answer for query ${id}`), { status: 500 });
    if (!Array.isArray(answer)) throw Object.assign(new Error(answer.message), { status: answer.status });
    return { data: { query_result: { id: 1, data: { columns: [], rows: answer } } }, response: {} };
  });
  const getList = vi.fn(async () => ({ data: [], total: 0 }));
  return { dataProvider: { serviceRequest, getList } as unknown as DataProvider, calls, serviceRequest, getList };
}

function renderHome(
  permissions: Permissions,
  employeeId: number | null,
  provider: ReturnType<typeof fakeProvider>,
  width = 1280,
) {
  Object.defineProperty(window, 'innerWidth', { configurable: true, value: width });
  const authProvider: AuthProvider = {
    login: async () => undefined,
    logout: async () => undefined,
    checkAuth: async () => undefined,
    checkError: async () => undefined,
    getPermissions: async () => permissions,
    getIdentity: async () => ({ id: 'someone', employeeId }),
  };
  render(
    <MemoryRouter initialEntries={['/']}>
      <AdminContext dataProvider={provider.dataProvider} authProvider={authProvider} i18nProvider={i18nProvider}>
        <Routes>
          <Route path="/" element={<HomeRedirect />} />
          <Route path="*" element={<p>another page</p>} />
        </Routes>
      </AdminContext>
    </MemoryRouter>,
  );
}

const card = (name: string) => screen.findByRole('region', { name });
const HOURS = [
  { period: 'week', hours: '12.50', billable_hours: '10.00' },
  { period: 'month', hours: '40.25', billable_hours: '30.00' },
];

describe('the home page per role', { timeout: 30_000 }, () => {
  afterEach(cleanup);

  it('each role has its cards: a lawyer hours, tasks and Log time; a billing manager the waiting documents and overdue receivables; a top manager the office month', () => {
    expect(homeCardsOf({ ...MEMBER, employeeId: 5 })).toEqual(['my-hours', 'my-tasks', 'log-time']);
    expect(homeCardsOf({ ...BILLING, employeeId: 9 })).toEqual(['waiting-documents', 'overdue-receivables']);
    expect(homeCardsOf({ ...TOP, employeeId: 3 })).toEqual(['office-month']);
    // no employee: no hours of one's own
    expect(homeCardsOf({ ...MEMBER, employeeId: null })).toEqual([]);
  });

  it("a lawyer's home: hours this week and month (query 5), open tasks linking to each (query 6), Log time; nothing about clients is asked", async () => {
    const p = fakeProvider({
      5: HOURS,
      6: [{ id: 41, date_time: '2026-12-01T09:00:00Z', work_type: 'Meeting', description: 'Board meeting' }],
    });
    renderHome(MEMBER, 5, p);
    const hours = await card('My hours');
    expect(await within(hours).findByText('12.50 h')).toBeInTheDocument();
    expect(within(hours).getByText('40.25 h')).toBeInTheDocument();
    const week = within(hours).getByRole('link', { name: "This week's time" });
    const filter = JSON.parse(new URL(week.getAttribute('href')!, 'http://x').searchParams.get('filter')!);
    expect(filter).toMatchObject({ 'employee.id': 5 });
    expect(filter['dateTime.gte']).toMatch(/T00:00:00.000Z$/);
    const tasks = await card('Open tasks');
    expect(await within(tasks).findByRole('link', { name: /Board meeting/ })).toHaveAttribute('href', '/times/41');
    expect(within(await card('Log time')).getByRole('link', { name: 'Log time' })).toHaveAttribute(
      'href',
      '/times/create',
    );
    expect(screen.queryByRole('region', { name: 'Overdue receivables' })).toBeNull();
    expect(screen.queryByRole('region', { name: "My office's month" })).toBeNull();
    expect(p.calls.map((c) => c.id).sort()).toEqual([5, 6]);
    expect(p.calls.every((c) => JSON.stringify(c.parameters) === '{}')).toBe(true);
    expect(p.getList).not.toHaveBeenCalled();
  });

  it("a billing manager's home: each document waiting (query 10) links to it; overdue receivables per currency, never summed (queries 12 and 8, days 30), the oldest linking to their invoice", async () => {
    const p = fakeProvider({
      10: [
        {
          chain_id: 3,
          owner_type: 'INVOICE',
          owner_id: 77,
          number: 'INV-2026-00077',
          description: 'Acme',
          waiting_since: '2026-11-20T10:00:00Z',
        },
      ],
      12: [
        { currency: 'KZT', invoices: 1, open_balance: '480000.00' },
        { currency: 'USD', invoices: 2, open_balance: '1234.50' },
      ],
      8: [
        {
          invoice_id: 77,
          number: 'INV-2026-00077',
          date: '2026-09-01',
          client: 'Acme',
          currency: 'USD',
          open_balance: '1000.00',
        },
      ],
    });
    renderHome(BILLING, 9, p);
    const waiting = await card('Waiting for my decision');
    expect(await within(waiting).findByRole('link', { name: /INV-2026-00077/ })).toHaveAttribute(
      'href',
      '/invoices/77',
    );
    const overdue = await card('Overdue receivables');
    const totals = await within(overdue).findByRole('list', { name: 'Overdue receivables' });
    const lines = within(totals)
      .getAllByRole('listitem')
      .map((li) => li.textContent!.replace(/\u00a0/g, ' '));
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(/KZT\s?480,000\.00|480,000\.00/);
    expect(lines[1]).toContain('$1,234.50');
    expect(within(overdue).getByRole('link', { name: /INV-2026-00077/ })).toHaveAttribute('href', '/invoices/77');
    expect(p.calls).toEqual(
      expect.arrayContaining([
        { id: 10, parameters: {} },
        { id: 12, parameters: { days: 30 } },
        { id: 8, parameters: { days: 30 } },
      ]),
    );
    expect(p.calls.map((c) => c.id)).not.toContain(5);
  });

  it("a top manager's home: the office's month - collected per currency (query 1's totals), hours (query 11), open invoices (query 12) - with links to the lists", async () => {
    const p = fakeProvider({
      1: [
        { month: '2026-11', currency: 'USD', income: '700' },
        { month: null, currency: 'USD', income: '700' },
        { month: null, currency: 'EUR', income: '55' },
      ],
      11: [{ hours: '321.50', billable_hours: '300.00' }],
      12: [],
    });
    renderHome(TOP, 3, p);
    const office = await card("My office's month");
    const income = await within(office).findByRole('list', { name: 'Collected' });
    expect(within(income).getAllByRole('listitem')).toHaveLength(2);
    expect(within(office).getByTestId('office-hours')).toHaveTextContent('321.50 h');
    expect(within(office).getByText('No open invoices.')).toBeInTheDocument();
    expect(within(office).getByRole('link', { name: 'All invoices' })).toHaveAttribute('href', '/invoices');
    const month = monthOf(new Date());
    expect(p.calls).toEqual(
      expect.arrayContaining([
        { id: 1, parameters: month },
        { id: 11, parameters: month },
        { id: 12, parameters: {} },
      ]),
    );
  });

  it('empty states: no hours this month, no open tasks', async () => {
    const p = fakeProvider({
      5: [
        { period: 'week', hours: '0', billable_hours: '0' },
        { period: 'month', hours: '0', billable_hours: '0' },
      ],
      6: [],
    });
    renderHome(MEMBER, 5, p);
    expect(await within(await card('My hours')).findByText('No time logged this month yet.')).toBeInTheDocument();
    expect(await within(await card('Open tasks')).findByText('No open tasks.')).toBeInTheDocument();
  });

  it('a failing card shows its error with Retry, which runs its query again; the other cards are unaffected', async () => {
    const p = fakeProvider({ 5: HOURS, 6: { sequence: [{ status: 500, message: 'Job FAILURE 12' }, []] } });
    renderHome(MEMBER, 5, p);
    const tasks = await card('Open tasks');
    expect(await within(tasks).findByText(/Could not load: Job FAILURE 12/)).toBeInTheDocument();
    expect(await within(await card('My hours')).findByText('12.50 h')).toBeInTheDocument();
    fireEvent.click(within(tasks).getByRole('button', { name: 'Retry' }));
    expect(await within(tasks).findByText('No open tasks.')).toBeInTheDocument();
    expect(p.calls.filter((c) => c.id === 6)).toHaveLength(2);
  });

  it('a card the server refuses (403) is simply not shown: no error, no toast', async () => {
    const p = fakeProvider({
      1: [],
      11: { status: 403, message: 'This query belongs to the home page of another role' },
      12: [],
    });
    renderHome(TOP, 3, p);
    await waitFor(() => expect(p.calls.map((c) => c.id)).toContain(11));
    await waitFor(() => expect(screen.queryByRole('region', { name: "My office's month" })).toBeNull());
    expect(screen.queryByText(/another role|Forbidden/)).toBeNull();
  });

  it('NAV-07 on a phone (600 px or less) a lawyer still goes to /mobile-app, and no home query is run', async () => {
    const p = fakeProvider({});
    renderHome(MEMBER, 5, p, 375);
    expect(await screen.findByText('another page')).toBeInTheDocument();
    expect(p.serviceRequest).not.toHaveBeenCalled();
  });

  it('a user without home cards lands where NAV-06 says (the first page of their menu)', async () => {
    const p = fakeProvider({});
    renderHome(perms(['GUEST'], { office: 'V' }), null, p);
    expect(await screen.findByText('another page')).toBeInTheDocument();
    expect(p.serviceRequest).not.toHaveBeenCalled();
  });
});
