import { afterEach, describe, expect, it, vi } from 'vitest';
import { experienceSeries, figureTotal, incomeSeries, loadChart } from './figures';
import { figureLink, monthWithin, paymentsLink } from './links';

const filterOf = (link: string) => {
  const url = new URL(link, 'http://x');
  return { path: url.pathname, filter: JSON.parse(url.searchParams.get('filter')!) as Record<string, unknown> };
};

describe('dashboard figures', () => {
  afterEach(() => vi.restoreAllMocks());

  it('DASH-16 income is rounded to 0 decimals per month and totalled per currency, never across currencies', () => {
    const series = incomeSeries([
      { month: '2026-02', currency: 'USD', income: '100.5' },
      { month: '2026-01', currency: 'USD', income: '200.4' },
      { month: '2026-01', currency: 'KZT', income: '480000.49' },
    ]);
    expect(series).toEqual([
      { currency: 'KZT', months: [{ month: '2026-01', income: '480000' }], total: '480000' },
      {
        currency: 'USD',
        months: [
          { month: '2026-01', income: '200' },
          { month: '2026-02', income: '101' },
        ],
        total: '301',
      },
    ]);
  });

  it("DASH-16 the currency's total is the server's total row (the exact sum, rounded) when it sends one", () => {
    const [usd] = incomeSeries([
      { month: '2026-01', currency: 'USD', income: '10' },
      { month: '2026-02', currency: 'USD', income: '10' },
      { month: null, currency: 'USD', income: '21' },
    ]);
    expect(usd).toEqual({
      currency: 'USD',
      months: [
        { month: '2026-01', income: '10' },
        { month: '2026-02', income: '10' },
      ],
      total: '21',
    });
  });

  it('DASH-15 a failing chart query is caught and logged and yields an empty list marked failed', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const load = await loadChart('realisation', () => Promise.reject(new Error('Job FAILURE 7')));
    expect(load).toEqual({ rows: [], failed: true });
    expect(log).toHaveBeenCalledWith(
      'Dashboard chart "realisation" failed',
      expect.objectContaining({ message: 'Job FAILURE 7' }),
    );
    await expect(loadChart('x', async () => ({ columns: [], rows: [{ a: 1 }] }))).resolves.toEqual({
      rows: [{ a: 1 }],
      failed: false,
    });
  });

  it('DASH-14 a realisation total is the exact sum of its rows, to the cent', () => {
    expect(
      figureTotal([{ collected: '0.10' }, { collected: '0.20' }, { collected: '1000000000000.01' }], 'collected'),
    ).toBe('1000000000000.31');
  });

  it('experience is counted per year per group, or over the period', () => {
    const rows = [
      { year: 2001, group_id: 1, group_name: 'KZ', matters: 2 },
      { year: 2003, group_id: 1, group_name: 'KZ', matters: 1 },
      { year: 2003, group_id: 2, group_name: 'GB', matters: 5 },
    ];
    expect(experienceSeries(rows, false).groups.map((g) => [g.name, g.total])).toEqual([
      ['GB', 5],
      ['KZ', 3],
    ]);
    const byYear = experienceSeries(rows, true);
    expect(byYear.years).toEqual([2001, 2003]);
    expect(byYear.groups.map((g) => g.perYear)).toEqual([
      [0, 5],
      [2, 1],
    ]);
  });
});

describe('click-through targets', () => {
  const period = { dateStart: '2026-10-01', dateEnd: '2026-10-31' };

  it('DASH-14 collected opens the payments list of the period by payment date, reversed payments left out', () => {
    expect(filterOf(figureLink('collected', period, { dimension: 'office', id: 2 }))).toEqual({
      path: '/paymentHistories',
      filter: { 'paymentDate.gte': '2026-10-01', 'paymentDate.lte': '2026-10-31', 'reversedAt.isNull': true },
    });
  });

  it('DASH-14 billed opens the invoices Approved, Paid or Partly paid of the period, by payer for a client', () => {
    expect(filterOf(figureLink('billed', period, { dimension: 'client', id: 12 }))).toEqual({
      path: '/invoices',
      filter: { 'date.gte': '2026-10-01', 'date.lte': '2026-10-31', 'status.code.in': '4,5,6', 'payerClient.id': 12 },
    });
    expect(filterOf(figureLink('billed', period, { dimension: 'office', id: 2 })).filter).not.toHaveProperty(
      'payerClient.id',
    );
  });

  it("DASH-14 worked opens the period's billable time entries, by employee for a lawyer", () => {
    expect(filterOf(figureLink('worked', period, { dimension: 'lawyer', id: 9 }))).toEqual({
      path: '/times',
      filter: { 'dateTime.gte': '2026-10-01', 'dateTime.lt': '2026-11-01', 'workType.code': 1, 'employee.id': 9 },
    });
  });

  it('DASH-14 written off opens the pre-invoices of the period with a manually closed amount', () => {
    expect(filterOf(figureLink('written_off', period))).toEqual({
      path: '/pre-invoices',
      filter: { 'date.gte': '2026-10-01', 'date.lte': '2026-10-31', 'manualClosedAmount.gt': 0 },
    });
  });

  it("DASH-16 an income month opens that month's payments, within the period", () => {
    expect(monthWithin('2026-02', '2026-02-10', '2026-12-31')).toEqual({
      dateStart: '2026-02-10',
      dateEnd: '2026-02-28',
    });
    expect(filterOf(paymentsLink('2026-02-10', '2026-02-28')).filter).toMatchObject({
      'paymentDate.gte': '2026-02-10',
    });
  });
});
