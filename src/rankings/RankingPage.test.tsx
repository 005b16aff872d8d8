import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { DataProvider } from 'react-admin';
import fakeRestProvider from 'ra-data-fakerest';
import { schemas } from '../../schemas/index';
import type { RouteParams } from '../../dataProvider';
import type { Permissions } from '../access/canAccess';
import { BESPOKE_PAGES } from '../app/bespokePages';
import { renderBespokePage, viewPermissions } from '../app/bespokeTestUtils';
import { buildMenu } from '../app/menuModel';
import { rankingRows, type RankingItem } from './api';

// the page is a lazy chunk and the machine is shared: give each wait 5 s, not 1 s
configure({ asyncUtilTimeout: 5000 });

/** The rankings (NAV-122..126, RANK-01..14) on a fake data provider: what the page sends and shows. */

const FORMULA = {
  text: 'rating = 100 x (...)',
  fewDataBelow: 10,
  tieBreak: 'qualityScore desc, then name asc, then id asc',
  baseCurrency: 'USD',
  rateSource: 'currencyRates',
};
const WINDOW = { dateGte: '2026-08-01', dateLte: '2026-10-31', months: ['2026-08', '2026-09', '2026-10'] };
const ITEMS: RankingItem[] = [
  {
    employee_id: 7,
    targetEmployee: { id: 7, name: 'Anna Abenova' },
    targetDepartment: { id: 4, name: 'Energy' },
    targetOfficeId: 2,
    targetOfficeName: 'Bureau Almaty',
    countryName: 'Kazakhstan',
    rating: '77.5',
    qualityScore: '9.453',
    fewData: true,
  },
  {
    employee_id: 8,
    targetEmployee: { id: 8, name: 'Boris Baker' },
    targetDepartment: { id: 1, name: 'Bureau' },
    targetOfficeId: 3,
    targetOfficeName: 'Bureau London',
    countryName: null,
    rating: '77.50',
    qualityScore: '20.65',
    fewData: false,
  },
  {
    employee_id: 9,
    targetEmployee: { id: 9, name: 'Carl Chen' },
    targetDepartment: null,
    targetOfficeId: 3,
    targetOfficeName: 'Bureau London',
    countryName: 'United Kingdom',
    rating: '10.00',
    qualityScore: '0.00',
    fewData: true,
  },
];

type Answer = (params: RouteParams & { path: string }) => unknown;

function rankingProvider(answer: Answer) {
  const serviceRequest = vi.fn(async (_base: string, params: RouteParams & { path: string }) => ({
    data: await answer(params),
    response: {},
  }));
  const dataProvider = { ...fakeRestProvider({}), serviceRequest } as unknown as DataProvider;
  return { dataProvider, serviceRequest };
}

const ranking = (params: RouteParams & { path: string }) =>
  params.path === 'request/getAllDepartmentsOrEmployee'
    ? { type: params.query?.type, window: WINDOW, formula: FORMULA, items: ITEMS }
    : {
        type: params.query?.type,
        window: WINDOW,
        formula: FORMULA,
        item: ITEMS[0],
        months: WINDOW.months.map((month, i) => ({
          month,
          originationUsd: String(i * 100),
          collectionsUsd: '0',
          workedUsd: '0',
          realisation: null,
          leads: i,
          won: 0,
          invoices: 0,
          paid: 0,
        })),
      };

const ranker = viewPermissions(['MEMBER'], ['RANKING']);

const renderAt = (path: string, answer: Answer = ranking, permissions: Permissions = ranker) => {
  const fake = rankingProvider(answer);
  renderBespokePage('ranking-by', path, fake.dataProvider, permissions);
  return fake;
};

/** What the page asked, without the signal. */
const asked = (serviceRequest: ReturnType<typeof rankingProvider>['serviceRequest']) =>
  serviceRequest.mock.calls.map(([base, params]) => [base, params.path, params.query]);

describe('the rankings page', { timeout: 30_000 }, () => {
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it('NAV-122 /ranking-by carries module RANKING: in the menu only with view on it, else /404 before any call', async () => {
    const routes = (p: Permissions) =>
      buildMenu(schemas, p, BESPOKE_PAGES)
        .flatMap((g) => g.items)
        .map((i) => i.route);
    expect(BESPOKE_PAGES.find((p) => p.route === 'ranking-by')?.module).toBe('RANKING');
    expect(routes(ranker)).toContain('ranking-by');
    expect(routes(viewPermissions(['MEMBER'], ['invoice']))).not.toContain('ranking-by');
    const { serviceRequest } = renderAt('/ranking-by', ranking, viewPermissions(['MEMBER'], ['invoice']));
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    expect(serviceRequest).not.toHaveBeenCalled();
  });

  it('NAV-122 NAV-123 RANK-08 RANK-09 /ranking-by opens the managers ranking from the rating catalogue', async () => {
    const { serviceRequest } = renderAt('/ranking-by');
    expect(await screen.findByRole('table', { name: 'Ranking' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Relationship managers', selected: true })).toBeInTheDocument();
    expect(asked(serviceRequest)).toEqual([['rating', 'request/getAllDepartmentsOrEmployee', { type: 'MANAGER' }]]);
    expect(screen.getByTestId('ranking-formula')).toHaveTextContent('rating = 100 x (...)');
    expect(screen.getByTestId('ranking-formula')).toHaveTextContent('qualityScore desc, then name asc');
    expect(screen.getByTestId('ranking-formula')).toHaveTextContent('2026-08 to 2026-10');
  });

  it('RANK-01 RANK-02 RANK-03 RANK-04 RANK-05 RANK-06 rows show rank, id, name, office, country, rating and quality', async () => {
    renderAt('/ranking-by/relationship-managers');
    const table = await screen.findByRole('table', { name: 'Ranking' });
    const rows = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((r) => [...r.querySelectorAll('td, th')].map((c) => c.textContent));
    expect(rows).toEqual([
      ['1', '7', 'Anna Abenova', 'Bureau Almaty', 'Kazakhstan', '77.50', '9.45few data'],
      ['1', '8', 'Boris Baker', 'Bureau London', 'no country', '77.50', '20.65'],
      ['2', '9', 'Carl Chen', 'Bureau London', 'United Kingdom', '10.00', '0.00few data'],
    ]);
  });

  it('RANK-02 RANK-03 RANK-04 rows derive rank from position and fields from the item', () => {
    expect(rankingRows(ITEMS).map((r) => [r.rank, r.id, r.fullName, r.office, r.country, r.rating, r.quality])).toEqual(
      [
        [1, 7, 'Anna Abenova', 'Bureau Almaty', 'Kazakhstan', '77.50', '9.45'],
        [1, 8, 'Boris Baker', 'Bureau London', null, '77.50', '20.65'],
        [2, 9, 'Carl Chen', 'Bureau London', 'United Kingdom', '10.00', '0.00'],
      ],
    );
    const department = rankingRows([{ ...ITEMS[0]!, employee_id: null, targetEmployee: null }]);
    expect(department[0]).toMatchObject({ id: 4, fullName: 'Energy' });
  });

  it('RANK-07 the filters are ids in the address, sent as they are', async () => {
    const { serviceRequest } = renderAt(
      '/ranking-by/relationship-managers?targetOfficeId=2&countryId=398&targetEmployeeId=x',
    );
    await screen.findByRole('table', { name: 'Ranking' });
    expect(asked(serviceRequest)[0]).toEqual([
      'rating',
      'request/getAllDepartmentsOrEmployee',
      { type: 'MANAGER', targetOfficeId: 2, countryId: 398 },
    ]);
    fireEvent.change(screen.getByTestId('ranking-targetDepartmentId'), { target: { value: '4' } });
    await waitFor(() =>
      expect(asked(serviceRequest).at(-1)).toEqual([
        'rating',
        'request/getAllDepartmentsOrEmployee',
        { type: 'MANAGER', targetOfficeId: 2, countryId: 398, targetDepartmentId: 4 },
      ]),
    );
  });

  it('NAV-125 RANK-10 /ranking-by/department loads the department ranking', async () => {
    const { serviceRequest } = renderAt('/ranking-by/department?targetOfficeId=3');
    await screen.findByRole('table', { name: 'Ranking' });
    expect(screen.getByRole('tab', { name: 'Departments', selected: true })).toBeInTheDocument();
    expect(asked(serviceRequest)).toEqual([
      ['rating', 'request/getAllDepartmentsOrEmployee', { type: 'DEPARTMENT', targetOfficeId: 3 }],
    ]);
  });

  it("NAV-124 RANK-11 /ranking-by/{targetEmployeeId} shows one manager's last 3 months", async () => {
    const { serviceRequest } = renderAt('/ranking-by/7');
    const table = await screen.findByRole('table', { name: 'Figures by month' });
    expect(asked(serviceRequest)).toEqual([
      ['rating', 'request/getLast3MonthData', { type: 'MANAGER', targetEmployeeId: 7 }],
    ]);
    expect(
      within(table)
        .getAllByRole('rowheader')
        .map((c) => c.textContent),
    ).toEqual(['2026-08', '2026-09', '2026-10']);
    expect(screen.getByRole('heading', { name: 'Last 3 months: Anna Abenova' })).toBeInTheDocument();
    expect(screen.getByTestId('ranking-detail-scores')).toHaveTextContent('Rating: 77.50 · Quality: 9.45 (few data)');
  });

  it('NAV-126 RANK-12 /ranking-by/department/{targetDepartmentId}/office/{targetOfficeId} loads that department', async () => {
    const { serviceRequest } = renderAt('/ranking-by/department/4/office/2');
    await screen.findByRole('table', { name: 'Figures by month' });
    expect(asked(serviceRequest)).toEqual([
      ['rating', 'request/getLast3MonthData', { type: 'DEPARTMENT', targetOfficeId: 2, targetDepartmentId: 4 }],
    ]);
  });

  it('RANK-14 a failed load is only logged, and the page shows its empty state', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    let fail = true;
    const { serviceRequest } = renderAt('/ranking-by/relationship-managers', (params) => {
      if (fail) throw new Error('HTTP 500');
      return ranking(params);
    });
    expect(await screen.findByTestId('ranking-empty')).toHaveTextContent('No ranking to show.');
    expect(log).toHaveBeenCalledWith('The ranking could not be loaded', expect.any(Error));
    // the empty state of a failed load offers a retry (SHELL-33), which asks again
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('table', { name: 'Ranking' })).toBeInTheDocument();
    expect(serviceRequest).toHaveBeenCalledTimes(2);
    cleanup();
    renderAt('/ranking-by/department/4/office/2', () => {
      throw new Error('HTTP 503');
    });
    expect(await screen.findByTestId('ranking-empty')).toBeInTheDocument();
    expect(log).toHaveBeenCalledWith('The last 3 months could not be loaded', expect.any(Error));
  });
});
