import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import fakeRestProvider from 'ra-data-fakerest';
import type { DataProvider } from 'react-admin';
import type { RouteParams } from '../../dataProvider';
import { schemas } from '../../schemas/index';
import { BESPOKE_PAGES } from '../app/bespokePages';
import { renderBespokePage, viewPermissions } from '../app/bespokeTestUtils';
import { buildMenu } from '../app/menuModel';
import { paymentsLink } from './links';

// the page is a lazy chunk and the machine is shared: give each wait 5 s, not 1 s
configure({ asyncUtilTimeout: 5000 });

/** The dashboards page (NAV-60/61, DASH-01/02, DASH-14..16) on a fake data provider. */

const RESULTS: Record<number, unknown[]> = {
  1: [
    { month: '2026-10', currency: 'USD', income: '1234.60' },
    { month: null, currency: 'USD', income: '1235' },
  ],
  2: [
    {
      group_id: 7,
      group_name: 'Energy',
      currency: 'USD',
      worked: '100.00',
      billed: '90.00',
      collected: '1234.56',
      written_off: '0.00',
    },
  ],
  3: [{ client_id: 3, client: 'Acme', currency: 'USD', collected: '1234.56' }],
  4: [{ country_id: 11, country: 'Kazakhstan', currency: 'USD', collected: '1234.56' }],
  9: [{ year: 2001, group_id: 11, group_name: 'Kazakhstan', matters: 3 }],
};

type Body = { parameters: Record<string, unknown>; max_age: number };

function dashboardsProvider(fail: (queryId: number) => boolean = () => false) {
  const serviceRequest = vi.fn(async (_base: string, params: RouteParams & { path: string }) => {
    const queryId = Number(/^queries\/(\d+)\/results$/.exec(params.path)?.[1]);
    if (fail(queryId)) throw new Error(`Job FAILURE ${queryId}`);
    return { data: { query_result: { id: 1, data: { columns: [], rows: RESULTS[queryId] ?? [] } } }, response: {} };
  });
  const dataProvider = {
    ...fakeRestProvider({
      offices: [
        { id: 2, gfirmName: 'Almaty' },
        { id: 3, gfirmName: 'London' },
      ],
      departments: [{ id: 7, gname: 'Energy', type: { code: 7 } }],
      employees: [{ id: 9, gfirstName: 'Anna', glastName: 'Berg' }],
    }),
    serviceRequest,
  } as unknown as DataProvider;
  return { dataProvider, serviceRequest };
}

/** The parameters each query was asked with, by query id. */
const asked = (serviceRequest: ReturnType<typeof dashboardsProvider>['serviceRequest']) =>
  serviceRequest.mock.calls.map(([base, p]) => ({
    base,
    query: Number(/^queries\/(\d+)/.exec(p.path)?.[1]),
    body: p.body as Body,
  }));

const member = viewPermissions(['MEMBER'], []);
const renderAt = (path: string, fail?: (queryId: number) => boolean) => {
  const fake = dashboardsProvider(fail);
  renderBespokePage('dashboards', path, fake.dataProvider, member, { id: 'anna', employeeId: 70 });
  return fake;
};

describe('the dashboards page', { timeout: 30_000 }, () => {
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it('NAV-60 dashboards is in the menu of every signed-in user, without a privilege', () => {
    const routes = buildMenu(schemas, member, BESPOKE_PAGES)
      .flatMap((g) => g.items)
      .map((i) => i.route);
    expect(routes).toContain('dashboards');
  });

  it('NAV-60 /dashboards opens the sectors dashboard', async () => {
    const { serviceRequest } = renderAt('/dashboards');
    const tab = await screen.findByRole('tab', { name: 'Sectors' });
    expect(tab).toHaveAttribute('aria-selected', 'true');
    expect(await screen.findByTestId('dashboard-sector')).toBeInTheDocument();
    await waitFor(() =>
      expect(
        asked(serviceRequest)
          .map((c) => c.query)
          .sort(),
      ).toEqual([1, 2, 3, 4]),
    );
    expect(asked(serviceRequest).find((c) => c.query === 2)!.body.parameters).toMatchObject({ group_by: 'sector' });
  });

  it('NAV-61 the tabs are global, sectors, services, offices, experience, personal and departments; another is a 404', async () => {
    renderAt('/dashboards/offices');
    const tabs = await screen.findAllByRole('tab');
    expect(tabs.map((t) => t.textContent)).toEqual([
      'Global',
      'Sectors',
      'Services',
      'Offices',
      'Experience',
      'Personal',
      'Departments',
    ]);
    expect(screen.getByRole('tab', { name: 'Offices' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tab', { name: 'Experience' })).toHaveAttribute('href', '/dashboards/experience');
    cleanup();
    renderAt('/dashboards/planets');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
  });

  it('DASH-01 the header has the tab switch and the filter; the experience tab adds the group-by-year switch', async () => {
    renderAt('/dashboards/experience?from=1990-01-01&to=2026-10-31');
    const header = await screen.findByTestId('dashboard-header');
    expect(within(header).getByRole('tablist')).toBeInTheDocument();
    const filter = within(header).getByRole('group', { name: 'Filter' });
    expect(within(filter).getByLabelText('From')).toHaveValue('1990-01-01');
    expect(within(filter).getByRole('switch', { name: 'Group by year' })).not.toBeChecked();
  });

  it('DASH-02 the state in the address becomes the typed parameters of every chart, with max_age 120', async () => {
    const { serviceRequest } = renderAt('/dashboards/offices?from=2026-10-01&to=2026-10-31&office=2&sector=7');
    await waitFor(() => expect(serviceRequest).toHaveBeenCalledTimes(4));
    for (const call of asked(serviceRequest)) {
      expect(call.base).toBe('analytics');
      expect(call.body.max_age).toBe(120);
      expect(call.body.parameters).toMatchObject({ date_gte: '2026-10-01', date_lte: '2026-10-31', office_id: 2 });
      expect(call.body.parameters).not.toHaveProperty('object_id');
    }
  });

  it('DASH-02 a choice in the filter goes into the address, which the tabs’ links keep', async () => {
    const { serviceRequest } = renderAt('/dashboards/experience?from=1990-01-01&to=2026-10-31');
    const toggle = await screen.findByRole('switch', { name: 'Group by year' });
    fireEvent.click(toggle);
    await waitFor(() => expect(screen.getByRole('switch', { name: 'Group by year' })).toBeChecked());
    expect(screen.getByRole('tab', { name: 'Global' }).getAttribute('href')).toContain('byYear=1');
    expect(asked(serviceRequest).every((c) => c.query === 9)).toBe(true);
  });

  it('DASH-16 income is shown in whole units with its total per currency', async () => {
    renderAt('/dashboards/global?from=2026-10-01&to=2026-10-31');
    expect((await screen.findByTestId('income-total-USD')).textContent?.replace(/\u00a0/g, ' ')).toBe('Total: $1,235');
  });

  it('DASH-14 the realisation total of collected opens the payments list of the period', async () => {
    renderAt('/dashboards/sectors?from=2026-10-01&to=2026-10-31');
    const link = await screen.findByTestId('realisation-total-collected-USD');
    expect(link.textContent).toBe('$1,234.56');
    expect(link).toHaveAttribute('href', paymentsLink('2026-10-01', '2026-10-31'));
  });

  it('DASH-15 a failed chart shows an empty state with Retry, the other charts stay; Retry asks again', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    let failing = true;
    const { serviceRequest } = renderAt('/dashboards/sectors?from=2026-10-01&to=2026-10-31', (q) => q === 2 && failing);
    const failed = await screen.findByTestId('chart-realisation-failed');
    expect(failed).toHaveTextContent('This chart could not be loaded.');
    expect(await screen.findByTestId('income-total-USD')).toBeInTheDocument();
    expect(console.error).toHaveBeenCalled();
    failing = false;
    fireEvent.click(within(failed).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByTestId('realisation-total-collected-USD')).toBeInTheDocument();
    expect(asked(serviceRequest).filter((c) => c.query === 2)).toHaveLength(2);
  });
});
