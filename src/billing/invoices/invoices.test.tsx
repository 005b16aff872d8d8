import { cleanup, fireEvent, render as renderRoutes, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import type { DataProvider, GetListParams, UpdateParams } from 'react-admin';
import type { EntitySchema } from '../../../schemas/define';
import { getSchema, schemas as allSchemas } from '../../../schemas/index';
import { createCanAccess } from '../../access/canAccess';
import { aliasRoutes } from '../../app/routeAliases';
import { actPaidLabel, uniqueMatters } from '../../../schemas/billing/invoiceRules';
import { partsSet } from '../../resources/parts';
import { renderAdmin } from '../../resources/testUtils';
import { invoiceColor, invoiceParts } from './parts';
import { fakeVerbs, type Call } from '../../test/fakeVerbs';

const WAIT = { timeout: 10_000 };
afterEach(cleanup);

const status = (code: number, gname: string) => ({ id: 200 + code, code, gname });
const invoice = (id: number, extra: object) => ({
  id,
  version: 0,
  number: `INV-2026-000${id}`,
  date: '2026-11-10',
  project: { id: 1, number: 'P-1', description: 'Acme' },
  payerClient: { id: 1, gname: 'Acme' },
  currency: { id: 1, code: 'USD', gname: 'Dollar' },
  totalAmount: 100,
  signed: false,
  paid: false,
  actPaidState: null,
  status: status(1, 'Draft'),
  ...extra,
});
const rows = [
  invoice(1, { status: status(4, 'Approved') }),
  invoice(2, { status: status(6, 'Partly paid'), signed: true, actPaidState: 'Acted & Not Paid' }),
  invoice(3, {
    status: status(5, 'Paid'),
    paid: true,
    signed: true,
    actPaidState: 'Paid & Acted',
    matterList: [
      { id: 7, number: 'M-0007', description: 'Claim' },
      { id: 9, number: 'M-0009', description: 'Appeal' },
    ],
  }),
  invoice(4, { status: status(3, 'Cancelled') }),
];

const schemas = ['invoices', 'invoiceQuotas', 'expenses', 'times', 'paymentHistories'].map((n) =>
  getSchema(n),
) as EntitySchema[];

/** The calls to `resource`'s action or route `name`. */
const callsOf = (calls: Call[], resource: string, name: string) =>
  calls.filter((c) => c.resource === resource && (c.name ?? c.path) === name);

function render(path: string, canAccess: (action: string, resource: string) => boolean = () => true) {
  const lists: Array<{ resource: string; params: GetListParams }> = [];
  const { calls, verbs } = fakeVerbs((c) =>
    c.name === 'list' && c.resource === 'matterSharedMaterials'
      ? [
          {
            id: 1,
            name: 'Claim brief',
            file: { id: 11, name: 'brief.pdf', size: 2048 },
            matter: { id: 7, number: 'M-0007' },
          },
        ]
      : c.name === 'totalAmount' && c.resource === 'expenses'
        ? {
            totalAmount: null,
            totalAmountUsd: '120.25',
            byCurrency: [
              { currency: 'EUR', currencyId: 3, totalAmount: '0.23', totalAmountUsd: '0.25' },
              { currency: 'USD', currencyId: 1, totalAmount: '120.00', totalAmountUsd: '120.00' },
            ],
          }
        : c.name === 'totalAmount'
          ? {
              totalAmount: null,
              totalAmountUsd: '3234.5',
              byCurrency: [
                { currency: 'KZT', currencyId: 2, totalAmount: '960000', totalAmountUsd: '2000' },
                { currency: 'USD', currencyId: 1, totalAmount: '1234.5', totalAmountUsd: '1234.5' },
              ],
            }
          : c.name === 'totalDuration' && c.resource === 'times'
            ? { durationTotal: 9_000_000 }
            : {},
  );
  const wrap = (dp: DataProvider): DataProvider =>
    ({
      ...dp,
      getList: (resource, params) => {
        lists.push({ resource, params });
        return dp.getList(resource, params);
      },
      ...verbs,
    }) as DataProvider;
  renderAdmin(
    path,
    schemas,
    { invoices: rows, invoiceQuotas: [], expenses: [], times: [], paymentHistories: [] },
    canAccess,
    wrap,
    partsSet(invoiceParts),
  );
  return { lists, calls };
}

describe('invoices in the SPA', { timeout: 60_000 }, () => {
  it('NAV-77 INV-04 INV-05 INV-07 invoices is the list: cancelled hidden by default, statuses coloured', async () => {
    const { lists } = render('/invoices');
    const approved = await screen.findByText('Approved', {}, WAIT);
    expect(lists.find((l) => l.resource === 'invoices')!.params.filter).toMatchObject({ 'status.code.ne': 3 });
    expect(screen.queryByText('Cancelled')).toBeNull();
    expect(approved.closest('[data-color]')!.getAttribute('data-color')).toBe('warning');
    expect(screen.getByText('Partly paid').closest('[data-color]')!.getAttribute('data-color')).toBe('info');
    expect(screen.getByText('Paid').closest('[data-color]')!.getAttribute('data-color')).toBe('success');
  });

  it('INV-08 INV-09 INV-10 the list shows the combined act and payment display', async () => {
    render('/invoices');
    expect(await screen.findByText('Paid & Acted', {}, WAIT)).toBeTruthy();
    expect(screen.getByText('Acted & Not Paid')).toBeTruthy();
    expect(actPaidLabel(false, true)).toBe('Paid & Not Acted');
    expect(actPaidLabel(true, false)).toBe('Acted & Not Paid');
    expect(actPaidLabel(true, true)).toBe('Paid & Acted');
    expect(actPaidLabel(false, false)).toBeUndefined();
    expect(invoiceColor({ code: 1 }, true)).toBe('success');
  });

  it('MC-4 INV-16 the list total over tenge and dollars (GET /invoices/totalAmount over its filters) shows one line per currency, never one bare number', async () => {
    const { calls } = render('/invoices');
    const total = await screen.findByLabelText('Total amount', {}, WAIT);
    await within(total).findByText('Total KZT 960,000.00 · USD equivalent $2,000.00', {}, WAIT);
    expect(within(total).getByText('Total $1,234.50')).toBeTruthy();
    expect(total.querySelectorAll('[data-currency]')).toHaveLength(2);
    expect(total.textContent).not.toMatch(/961,234/);
    expect(callsOf(calls, 'invoices', 'totalAmount')[0]).toMatchObject({
      verb: 'action',
      data: { 'status.code.ne': 3 },
    });
  });

  it('NAV-80 NAV-81 NAV-82 NAV-83 NAV-84 the card has tabs main, expenses, times, payments, invoice quotas behind their modules', async () => {
    render('/invoices/1');
    for (const name of ['Main', 'Expenses', 'Times', 'Payments', 'Invoice quotas'])
      expect(await screen.findByRole('tab', { name }, WAIT)).toBeTruthy();
    cleanup();
    // without view on expense, time and PAYMENT_HISTORY only main and invoice quotas remain
    render(
      '/invoices/1',
      (action, resource) => !(action === 'view' && ['expense', 'time', 'PAYMENT_HISTORY'].includes(resource)),
    );
    expect(await screen.findByRole('tab', { name: 'Invoice quotas' }, WAIT)).toBeTruthy();
    for (const name of ['Expenses', 'Times', 'Payments']) expect(screen.queryByRole('tab', { name })).toBeNull();
  });

  it('MC-4 INV-20 the times and expenses tabs total the rows the invoice holds with GET /times/totalDuration and GET /expenses/totalAmount', async () => {
    const { calls } = render('/invoices/1/times');
    expect(await screen.findByText('Total 2.5 h', {}, WAIT)).toBeTruthy();
    expect(callsOf(calls, 'times', 'totalDuration')[0]).toMatchObject({ verb: 'action', data: { 'invoice.id': 1 } });
    cleanup();
    const second = render('/invoices/1/expenses');
    // MC-4: the card tab's total is per currency too
    expect(await screen.findByText('Total €0.23 · USD equivalent $0.25', {}, WAIT)).toBeTruthy();
    expect(screen.getByText('Total $120.00')).toBeTruthy();
    expect(screen.queryByText(/120\.23/)).toBeNull();
    expect(callsOf(second.calls, 'expenses', 'totalAmount')[0]).toMatchObject({
      verb: 'action',
      data: { 'invoice.id': 1 },
    });
  });

  it('INV-31 the shared materials tab reads the materials of the invoice matters with POST /matterSharedMaterials/list', async () => {
    const { calls } = render('/invoices/3/shared-materials');
    expect(await screen.findByText('Claim brief', {}, WAIT)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Download Claim brief' })).toBeTruthy();
    expect(callsOf(calls, 'matterSharedMaterials', 'list')).toEqual([
      { verb: 'action', resource: 'matterSharedMaterials', name: 'list', data: { matterIds: [7, 9] } },
    ]);
    cleanup();
    // an invoice without matters asks nothing; without SHARED_MATERIAL there is no tab
    const none = render('/invoices/1/shared-materials');
    expect(await screen.findByText('This invoice bills no matters yet', {}, WAIT)).toBeTruthy();
    expect(none.calls.some((c) => c.resource === 'matterSharedMaterials')).toBe(false);
    cleanup();
    render('/invoices/3', (action, resource) => !(action === 'view' && resource === 'SHARED_MATERIAL'));
    expect(await screen.findByRole('tab', { name: 'Invoice quotas' }, WAIT)).toBeTruthy();
    expect(screen.queryByRole('tab', { name: 'Shared materials' })).toBeNull();
  });

  it('NAV-78 invoices/create, invoices/{id}/edit and invoices/{id}/clone are the invoice form', async () => {
    for (const path of ['/invoices/create', '/invoices/1/edit', '/invoices/1/clone']) {
      render(path);
      expect(await screen.findByRole('button', { name: 'Save' }, WAIT)).toBeTruthy();
      const form = screen.getByRole('button', { name: 'Save' }).closest('form')!;
      expect(within(form).getAllByText(/Period from/).length).toBeGreaterThan(0);
      cleanup();
    }
  });

  it('NAV-79 the card is also at clients/{c}/projects/{p}/times/matters/{m}/invoices/{id} and needs view invoice', () => {
    const Where = () => <p>at {useLocation().pathname}</p>;
    renderRoutes(
      <MemoryRouter initialEntries={['/clients/1/projects/2/times/matters/3/invoices/4']}>
        <Routes>
          {aliasRoutes(allSchemas)}
          <Route path="*" element={<Where />} />
        </Routes>
      </MemoryRouter>,
    );
    expect(screen.getByText('at /invoices/4')).toBeTruthy();
    const can = (module: string) =>
      createCanAccess(allSchemas, {
        roles: ['USER'],
        privileges: new Map([[module, { module, view: true, create: false, update: false, delete: false }]]),
      });
    expect(can('invoice')({ action: 'show', resource: 'invoices' })).toBe(true);
    expect(can('time')({ action: 'show', resource: 'invoices' })).toBe(false);
  });

  it('INV-21 INV-29 INV-30 the form picks unbilled time, expenses and pre-invoices of the project in the period, keeping what the invoice holds', async () => {
    const held = { id: 11, dateTime: '2026-11-03T10:00:00Z', duration: 3_600_000, description: 'Held review' };
    const edited = invoice(1, {
      periodGte: '2026-11-01',
      periodLte: '2026-11-30',
      timeList: [held],
      expenseList: [],
      preInvoiceList: [],
    });
    const updates: UpdateParams[] = [];
    const { calls, verbs } = fakeVerbs((c) =>
      c.resource === 'times' && c.name === 'findAllForInvoicePreview'
        ? [{ id: 12, dateTime: '2026-11-05T09:00:00Z', duration: 5_400_000, description: 'Draft memo' }]
        : c.resource === 'expenses' && c.name === 'findAllForInvoicePreview'
          ? [{ id: 21, date: '2026-11-06', description: 'Courier', amount: '120.00', currency: { code: 'USD' } }]
          : c.resource === 'preInvoices'
            ? [{ id: 31, number: 'PI-2026-1', date: '2026-11-02', amount: '500.25' }]
            : {},
    );
    renderAdmin(
      '/invoices/1/edit',
      schemas,
      { invoices: [edited], invoiceQuotas: [], expenses: [], times: [held], paymentHistories: [] },
      () => true,
      (dp) =>
        ({
          ...dp,
          update: (resource: string, params: UpdateParams) => {
            updates.push(params);
            return dp.update(resource, params);
          },
          ...verbs,
        }) as DataProvider,
      partsSet(invoiceParts),
    );
    // the held entry is listed and checked; the preview's candidate is offered unchecked
    const heldBox = await screen.findByRole('checkbox', { name: /Pick 2026-11-03 Held review 1/ }, WAIT);
    expect(heldBox).toBeChecked();
    const candidate = await screen.findByRole('checkbox', { name: /Pick 2026-11-05 Draft memo 1.5/ }, WAIT);
    expect(candidate).not.toBeChecked();
    expect(callsOf(calls, 'times', 'findAllForInvoicePreview')[0]).toMatchObject({
      verb: 'action',
      data: { projectId: 1, dateGte: '2026-11-01', dateLte: '2026-11-30' },
    });
    expect(await screen.findByRole('checkbox', { name: /Pick 2026-11-06 Courier 120.00 USD/ }, WAIT)).not.toBeChecked();
    expect(await screen.findByRole('checkbox', { name: /Pick PI-2026-1/ }, WAIT)).not.toBeChecked();
    expect(calls.find((c) => c.resource === 'preInvoices')).toMatchObject({
      verb: 'request',
      query: { 'invoice.isNull': 'true', 'status.code.in': '4,5' },
    });

    fireEvent.click(candidate);
    fireEvent.click(screen.getByRole('checkbox', { name: /Pick PI-2026-1/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(updates).toHaveLength(1), WAIT);
    const data = updates[0]!.data as Record<string, unknown[]>;
    const ids = (list: unknown[] | undefined) =>
      (list ?? []).map((v) => (typeof v === 'object' ? (v as { id: number }).id : v));
    expect(ids(data.timeList)).toEqual([11, 12]);
    expect(ids(data.expenseList)).toEqual([]);
    expect(ids(data.preInvoiceList)).toEqual([31]);
  });

  it('INV-21 an edit that does not touch the pick lists saves what the invoice holds as it was', async () => {
    const held = { id: 11, dateTime: '2026-11-03T10:00:00Z', duration: 3_600_000, description: 'Held review' };
    const updates: UpdateParams[] = [];
    renderAdmin(
      '/invoices/1/edit',
      schemas,
      {
        invoices: [invoice(1, { periodGte: '2026-11-01', periodLte: '2026-11-30', timeList: [held], contract: 'C-1' })],
        invoiceQuotas: [],
        expenses: [],
        times: [held],
        paymentHistories: [],
      },
      () => true,
      (dp) =>
        ({
          ...dp,
          update: (resource: string, params: UpdateParams) => {
            updates.push(params);
            return dp.update(resource, params);
          },
          // no candidates to pick
          ...fakeVerbs(() => []).verbs,
        }) as DataProvider,
      partsSet(invoiceParts),
    );
    expect(await screen.findByRole('checkbox', { name: /Pick 2026-11-03 Held review/ }, WAIT)).toBeChecked();
    fireEvent.change(screen.getByLabelText('Contract'), { target: { value: 'C-2' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(updates).toHaveLength(1), WAIT);
    const data = updates[0]!.data as Record<string, unknown>;
    expect(data.contract).toBe('C-2');
    expect((data.timeList as unknown[]).map((v) => (typeof v === 'object' ? (v as { id: number }).id : v))).toEqual([
      11,
    ]);
  });

  it('INV-29 a new invoice asks for the project and period before it lists time to bill', async () => {
    render('/invoices/create');
    expect(
      await screen.findByText('Choose the project and the period to see its unbilled time.', {}, WAIT),
    ).toBeTruthy();
    expect(screen.getByText('Choose the project to see its unbilled expenses.')).toBeTruthy();
  });

  it('INV-23 INV-25 INV-26 the card offers recalculate and verification on a draft, act once approved', async () => {
    const { calls, verbs } = fakeVerbs();
    const data = {
      invoices: [invoice(7, { status: status(1, 'Draft') }), invoice(8, { status: status(4, 'Approved') })],
      invoiceQuotas: [],
      expenses: [],
      times: [],
      paymentHistories: [],
    };
    const withHttp = (dp: DataProvider) => ({ ...dp, ...verbs }) as DataProvider;
    renderAdmin('/invoices/7', schemas, data, () => true, withHttp, partsSet(invoiceParts));
    fireEvent.click(await screen.findByRole('button', { name: 'Recalculate' }, WAIT));
    await waitFor(() => expect(callsOf(calls, 'invoices', 'recalculate')).toHaveLength(1), WAIT);
    expect(callsOf(calls, 'invoices', 'recalculate')[0]).toMatchObject({ verb: 'action', data: { invoiceId: 7 } });
    // the buttons wait while a request is under way
    await waitFor(() => expect(screen.getByRole('button', { name: 'Send to verification' })).toBeEnabled(), WAIT);
    fireEvent.click(screen.getByRole('button', { name: 'Send to verification' }));
    await waitFor(() => expect(callsOf(calls, 'invoices', 'checkDocuments')).toHaveLength(1), WAIT);
    expect(callsOf(calls, 'invoices', 'checkDocuments')[0]).toMatchObject({ verb: 'action', data: { invoiceId: 7 } });
    expect(screen.queryByRole('button', { name: 'Act' })).toBeNull();
    cleanup();
    renderAdmin('/invoices/8', schemas, data, () => true, withHttp, partsSet(invoiceParts));
    fireEvent.click(await screen.findByRole('button', { name: 'Act' }, WAIT));
    await waitFor(() => expect(callsOf(calls, 'invoices', 'act')).toHaveLength(1), WAIT);
    expect(callsOf(calls, 'invoices', 'act')[0]).toMatchObject({ verb: 'action', id: 8 });
    expect(screen.queryByRole('button', { name: 'Send to verification' })).toBeNull();
    cleanup();
    // a user who may not edit invoices gets none of them
    renderAdmin('/invoices/8', schemas, data, (action) => action !== 'edit', withHttp, partsSet(invoiceParts));
    expect(await screen.findByRole('tab', { name: 'Main' }, WAIT)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Act' })).toBeNull();
  });

  it('INV-12 duplicate matters are dropped from the payload', () => {
    expect(uniqueMatters([{ id: 3 }, { id: 5 }, { id: 3 }])).toEqual([{ id: 3 }, { id: 5 }]);
  });
});
