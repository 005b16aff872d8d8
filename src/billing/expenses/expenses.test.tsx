import { cleanup, render, screen, within } from '@testing-library/react';
import type { DataProvider } from 'react-admin';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { EntitySchema } from '../../../schemas/define';
import { expensePayers } from '../../../schemas/billing/expensePayers';
import { expenses } from '../../../schemas/billing/expenses';
import { findSchemaByRoute, getSchema, schemas } from '../../../schemas/index';
import { toWirePayload } from '../../../schemas/payload';
import { createCanAccess } from '../../access/canAccess';
import { aliasRoutes } from '../../app/routeAliases';
import { partsSet } from '../../resources/parts';
import { renderAdmin } from '../../resources/testUtils';
import { exportColumns, expenseQuery, money } from './listParts';
import { expenseRowColor, expenseRowSx } from './looks';
import { expenseParts } from './parts';
import { createHttpVerbs, type HttpClient } from '../../../dataProvider/index';

const WAIT = { timeout: 10_000 };
afterEach(cleanup);

const status = (code: number, gname: string) => ({ id: 140 + code, code, gname });
const expense = (id: number, code: number, description: string) => ({
  id,
  version: 0,
  date: '2026-10-20',
  payerMatter: { id: 3, number: 'M-0001', description: 'Acme share purchase' },
  expenseType: { id: 201, code: 4, gname: 'Courier' },
  supplier: null,
  description,
  amount: 120,
  currency: { id: 1, code: 'USD', gname: 'US dollar' },
  amountUsd: 120,
  billingStatus: status(code, ['', '', 'Unbilled', 'In pre-invoice', 'Invoiced'][code]!),
  calcDate: null,
  createdDate: '2026-10-20T09:00:00Z',
  payerRm: 'Anna Abenova',
  brm: 'Boris Baker',
  verificationChain: null,
  expensePayerList: [
    { id: 11, payerPosition: { id: 5, employee: { gfirstName: 'Anna', glastName: 'Abenova' } }, percentage: 0.25 },
    { id: 12, payerPosition: { id: 6, employee: { gfirstName: 'Boris', glastName: 'Baker' } }, percentage: 0.75 },
  ],
});

/** `GET /expenses/totalAmount` over tenge and dollars (MC-4): no top-level sum, one entry per currency. */
const TWO_CURRENCIES = {
  totalAmount: null,
  totalAmountUsd: '2811.9000',
  byCurrency: [
    { currency: 'KZT', currencyId: 2, totalAmount: '1234567.125', totalAmountUsd: '2571.9000' },
    { currency: 'USD', currencyId: 1, totalAmount: '240.0000', totalAmountUsd: '240.0000' },
  ],
};

function renderList(path: string, totals: unknown = TWO_CURRENCIES) {
  const calls: string[] = [];
  const httpClient = vi.fn(async (url: string) => {
    calls.push(url);
    return { status: 200, headers: new Headers(), json: totals };
  });
  const wrap = (dp: DataProvider): DataProvider =>
    ({ ...dp, httpClient, ...createHttpVerbs(httpClient as unknown as HttpClient) }) as DataProvider;
  renderAdmin(
    path,
    [expenses, expensePayers] as EntitySchema[],
    {
      expenses: [
        expense(1, 2, 'Courier unbilled'),
        expense(2, 3, 'Courier in pre-invoice'),
        expense(3, 4, 'Courier invoiced'),
      ],
      expensePayers: [],
    },
    () => true,
    wrap,
    partsSet(expenseParts),
  );
  return { calls };
}

describe('expenses in the SPA', { timeout: 60_000 }, () => {
  it('EXP-06 EXP-07 EXP-08 rows are coloured by billing status: 2 danger, 3 warning, 4 success', async () => {
    expect(expenseRowColor({ id: 1, billingStatus: { code: 2 } })).toBe('error');
    expect(expenseRowColor({ id: 1, billingStatus: { code: 3 } })).toBe('warning');
    expect(expenseRowColor({ id: 1, billingStatus: { code: 4 } })).toBe('success');
    expect(expenseRowSx({ id: 1, billingStatus: { code: 5 } })).toEqual({});
    renderList('/expenses');
    const rowOf = async (text: string) => (await screen.findByText(text, {}, WAIT)).closest('tr')!;
    const colours = await Promise.all(
      ['Courier unbilled', 'Courier in pre-invoice', 'Courier invoiced'].map(
        async (t) => getComputedStyle(await rowOf(t)).backgroundColor,
      ),
    );
    for (const c of colours) expect(c).not.toBe('');
    expect(new Set(colours).size).toBe(3);
  });

  it('MC-4 NAV-74 EXP-10 EXP-15 expenses is the list: its columns, and the totals of GET /expenses/totalAmount under it, one line per currency', async () => {
    expect(findSchemaByRoute('expenses')).toBe(expenses);
    const { calls } = renderList('/expenses');
    const total = await screen.findByLabelText('Total amount', {}, WAIT);
    await within(total).findByText('Total KZT 1,234,567.13 · USD equivalent $2,571.90', {}, WAIT);
    const lines = total.querySelectorAll('[data-currency]');
    expect([...lines].map((l) => l.getAttribute('data-currency'))).toEqual(['KZT', 'USD']);
    expect(lines[1]!.textContent).toBe('Total $240.00');
    // never one bare number: the sum over both currencies is nowhere on the figure
    expect(total.textContent).not.toMatch(/1,234,807/);
    expect(decodeURIComponent(calls.find((c) => c.includes('/expenses/totalAmount'))!)).toContain(
      'billingStatus.code.ne=5',
    );
    const table = (await screen.findAllByRole('table', {}, WAIT))[0]!;
    expect((await within(table).findAllByText('Anna Abenova', {}, WAIT)).length).toBeGreaterThan(0);
    expect(within(table).getAllByText('Anna Abenova').length).toBeGreaterThan(0);
    expect(within(table).getAllByText('Boris Baker').length).toBeGreaterThan(0);
    // the totals leave out a filter the user cleared (EXP-09)
    expect(expenseQuery({ q: 'memo', payerMatter: 3 })).toEqual({ search: 'memo', payerMatter: 3 });
    expect(money('-1234.005')).toBe('-1,234.01');
  });

  it('EXP-20 the export sends the list columns with their titles', () => {
    const cols = exportColumns(expenses);
    expect(cols.map((c) => c.source)).toEqual(expenses.list!.columns);
    expect(cols).toEqual(
      expect.arrayContaining([
        { source: 'calcDate', title: 'Date of calc' },
        { source: 'createdDate', title: 'Created at' },
        { source: 'payerRm', title: 'Payer RM' },
        { source: 'brm', title: 'BRM' },
      ]),
    );
  });

  it('EXP-03 the card shows payer shares as percents', async () => {
    renderList('/expenses/1');
    await screen.findByText('Courier unbilled', {}, WAIT);
    const table = await screen.findByRole('table', { name: 'Payers' }, WAIT);
    expect(within(table).getByText('Anna Abenova')).toBeTruthy();
    expect(within(table).getByText('25 %')).toBeTruthy();
    expect(within(table).getByText('75 %')).toBeTruthy();
  });

  it('EXP-03 EXP-05 the payload sends shares as fractions and a supplier without an id as null', () => {
    const out = toWirePayload(
      expenses,
      {
        date: '2026-10-20',
        supplier: {},
        expensePayerList: [{ payerPosition: { id: 5 }, percentage: 0.25 }],
      },
      (name) => getSchema(name),
    );
    expect(out.supplier).toBeNull();
    expect((out.expensePayerList as Array<{ percentage: number }>)[0]!.percentage).toBe(0.25);
  });

  it('NAV-75 expenses/create and expenses/{id}/edit are the expense form', async () => {
    renderList('/expenses/create');
    expect((await screen.findAllByText('Payers', {}, WAIT)).length).toBeGreaterThan(0);
    cleanup();
    renderList('/expenses/1/edit');
    expect(await screen.findByDisplayValue('Courier unbilled', {}, WAIT)).toBeTruthy();
  });

  it('NAV-76 the card is also at clients/{c}/projects/{p}/matters/{m}/expenses/{id} and needs view expense', () => {
    const Where = () => {
      const l = useLocation();
      return <p>at {l.pathname}</p>;
    };
    render(
      <MemoryRouter initialEntries={['/clients/1/projects/2/matters/3/expenses/4']}>
        <Routes>
          {aliasRoutes(schemas)}
          <Route path="*" element={<Where />} />
        </Routes>
      </MemoryRouter>,
    );
    expect(screen.getByText('at /expenses/4')).toBeTruthy();
    const can = (module: string) =>
      createCanAccess(schemas, {
        roles: ['USER'],
        privileges: new Map([[module, { module, view: true, create: false, update: false, delete: false }]]),
      });
    expect(can('expense')({ action: 'show', resource: 'expenses' })).toBe(true);
    expect(can('matter')({ action: 'show', resource: 'expenses' })).toBe(false);
  });
});
