import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { HttpResponse } from 'msw';
import { HttpError } from 'ra-core';
import { schemas } from '../schemas/index';
import { createDataProvider } from './index';
import { halPage, route, server } from './testing';

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const dp = createDataProvider({ schemas, getToken: () => 'tok' });

describe('action: the verb for a schema’s declared actions', () => {
  it('posts an item action to <collection>/{id}/<name> with no body when given no data', async () => {
    const seen = route('/core/api/ideas', { votes: 3 });
    const result = await dp.action('ideas', { name: 'votes', id: 5 });
    expect(seen).toHaveLength(1);
    expect(seen[0]!.method).toBe('POST');
    expect(seen[0]!.path).toBe('/core/api/ideas/5/votes');
    expect(seen[0]!.body).toBeUndefined();
    expect(seen[0]!.headers.get('Authorization')).toBe('Bearer tok');
    expect(result.data).toEqual({ votes: 3 });
  });

  it('sends another declared method when asked (DELETE of a vote)', async () => {
    const seen = route('/core/api/ideas', () => new HttpResponse(null, { status: 204 }));
    const result = await dp.action('ideas', { name: 'votes', id: 5, method: 'DELETE' });
    expect(seen[0]!.method).toBe('DELETE');
    expect(result.data).toBeUndefined();
  });

  it('fills the :field segments of a collection action’s path from data and uses its declared method', async () => {
    const seen = route('/core/api/invoices', { totalAmount: '10.00' });
    await dp.action('invoices', { name: 'recalculate', data: { invoiceId: 7 } });
    expect(seen[0]!.method).toBe('PATCH');
    expect(seen[0]!.path).toBe('/core/api/invoices/recalculate/7');
    expect(seen[0]!.body).toBeUndefined();
  });

  it('resolves a route to its collection and sends the pre-invoice to verification (PRE-11)', async () => {
    const seen = route('/core/api/preInvoices', {});
    await dp.action('pre-invoices', { name: 'verify', data: { preInvoiceId: 1 } });
    expect(seen.map((s) => `${s.method} ${s.path}`)).toEqual(['POST /core/api/preInvoices/verify/1']);
    expect(seen[0]!.body).toBeUndefined();
  });

  it('sends the data as the JSON body of a POST', async () => {
    const seen = route('/core/api/verificationChains', { id: 4 });
    const decision = { verificationChainId: 4, decisionCode: 3, comment: 'No letter', version: 2 };
    await dp.action('verificationChains', { name: 'solve', data: decision });
    expect(seen[0]!.path).toBe('/core/api/verificationChains/solve');
    expect(seen[0]!.body).toEqual(decision);
  });

  it('sends the fields left after the path as the body, exact decimal strings kept', async () => {
    const seen = route('/core/api/preInvoices', { id: 3 });
    await dp.action('preInvoices', { name: 'update', id: 3, data: { manualClosedAmount: '1200.10' } });
    expect(seen[0]!.method).toBe('PATCH');
    expect(seen[0]!.path).toBe('/core/api/preInvoices/3/update');
    expect(seen[0]!.body).toEqual({ manualClosedAmount: '1200.10' });
  });

  it('sends the data of a GET action in the query string', async () => {
    const seen = route('/core/api/budgets', { totalAmount: '12.50' });
    const result = await dp.action<{ totalAmount: string }>('budgets', {
      name: 'totalAmount',
      data: { 'office.id': 2, search: 'rent' },
    });
    expect(seen[0]!.method).toBe('GET');
    expect(seen[0]!.path).toBe('/core/api/budgets/totalAmount');
    expect(seen[0]!.query).toBe('office.id=2&search=rent');
    expect(result.data.totalAmount).toBe('12.50');
  });

  it('asks the time list’s total duration with the list’s filter in the query string', async () => {
    const seen = route('/core/api/times', { durationTotal: 5_400_000 });
    await dp.action('times', { name: 'totalDuration', data: { 'matter.id': 7 } });
    expect(seen[0]!.method).toBe('GET');
    expect(seen[0]!.path).toBe('/core/api/times/totalDuration');
    expect(seen[0]!.query).toBe('matter.id=7');
  });

  it('reads a HAL page answer as its rows (without _links) and total', async () => {
    route(
      '/core/api/departments',
      halPage('departments', [{ id: 1, gname: 'Tax', _links: { self: { href: 'x' } } }], 9),
    );
    const result = await dp.action('departments', { name: 'allWithPositions', data: { officeId: 2 } });
    expect(result).toEqual({ data: [{ id: 1, gname: 'Tax' }], total: 9 });
  });

  it('refuses an action the schema does not declare, naming the ones it does, without a request', async () => {
    const seen = route('/core/api/ideas', {});
    await expect(dp.action('ideas', { name: 'archive', id: 1 })).rejects.toThrow(/declares no action "archive".*votes/);
    expect(seen).toHaveLength(0);
  });

  it('refuses a method the action does not answer, an item action without id, a path field without value', async () => {
    await expect(dp.action('ideas', { name: 'votes', id: 1, method: 'PUT' })).rejects.toThrow(/POST, DELETE, not PUT/);
    await expect(dp.action('ideas', { name: 'votes' })).rejects.toThrow(/item action/);
    await expect(dp.action('invoices', { name: 'recalculate', data: {} })).rejects.toThrow(/needs "invoiceId"/);
  });

  it('passes the server’s refusal on as an HttpError with its status and message', async () => {
    route('/core/api/ideas', () => HttpResponse.json({ message: 'Only employees vote' }, { status: 403 }));
    const error = await dp.action('ideas', { name: 'votes', id: 1 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpError);
    expect((error as HttpError).status).toBe(403);
  });
});

describe('request, search and excel: the other routes the SPA reads', () => {
  it('request sends a route under a record with its method and body, and reads a HAL page', async () => {
    const seen = route('/core/api/leads', (s) =>
      s.method === 'POST' ? HttpResponse.json({ ok: true }) : halPage('statusChanges', [{ id: 1 }]),
    );
    await dp.request('leads', {
      id: 12,
      path: 'transitions',
      method: 'POST',
      headers: { 'If-Match': '"2"' },
      body: { to: 3, comment: null },
    });
    const changes = await dp.request('leads', { id: 12, path: 'statusChanges' });
    expect(seen[0]!.path).toBe('/core/api/leads/12/transitions');
    expect(seen[0]!.headers.get('If-Match')).toBe('"2"');
    expect(seen[0]!.body).toEqual({ to: 3, comment: null });
    expect(seen[1]!.method).toBe('GET');
    expect(changes.data).toEqual([{ id: 1 }]);
    expect(changes.total).toBe(1);
  });

  it('request resolves a route to its collection: the pre-invoice document (PRE-15, INV-28)', async () => {
    const seen = route('/core/api/preInvoices', { document: { id: 3, documentId: 41, documentName: 'x.docx' } });
    await dp.request('pre-invoices', { path: 'template/1/2' });
    expect(seen.map((s) => `${s.method} ${s.path}`)).toEqual(['GET /core/api/preInvoices/template/1/2']);
  });

  it('request posts a form to a route under the collection and hands the stream on (the import dialog)', async () => {
    const seen = route('/core/api/contacts', (s) =>
      s.path.endsWith('/mapping') ? HttpResponse.json({ rows: 1 }) : new HttpResponse('{"result":{}}\n'),
    );
    const body = new FormData();
    body.append('mapping', '{}');
    const proposal = await dp.request('contacts', { path: 'import/mapping', method: 'POST', body });
    const run = await dp.request('contacts', { path: 'import/dryRun', method: 'POST', body, responseType: 'stream' });
    expect(seen.map((s) => `${s.method} ${s.path}`)).toEqual([
      'POST /core/api/contacts/import/mapping',
      'POST /core/api/contacts/import/dryRun',
    ]);
    expect(proposal.data).toEqual({ rows: 1 });
    expect(await new Response(run.response.stream).text()).toBe('{"result":{}}\n');
  });

  it('CASH-40 serviceRequest sends a route of a service base outside any collection: POST <core>/cashbox/calculate', async () => {
    const seen = route('/core/api/cashbox', () => HttpResponse.json({ job: { id: 9 } }, { status: 202 }));
    const body = { dateGte: '2026-10-01', dateLte: '2026-10-31', officeId: 2 };
    const result = await dp.serviceRequest('core', { path: 'cashbox/calculate', method: 'POST', body });
    expect(seen.map((s) => `${s.method} ${s.path}`)).toEqual(['POST /core/api/cashbox/calculate']);
    expect(seen[0]!.body).toEqual(body);
    expect(seen[0]!.headers.get('Authorization')).toBe('Bearer tok');
    expect(result.data).toEqual({ job: { id: 9 } });
    const other = route('/analytics/api/queries', { job: { id: 3 } });
    await dp.serviceRequest('analytics', { path: '/queries/7/results', method: 'POST', body: {} });
    expect(other.map((s) => `${s.method} ${s.path}`)).toEqual(['POST /analytics/api/queries/7/results']);
  });

  it('search asks GET <core>/search with q and size', async () => {
    const seen = route('/core/api/search', { groups: [] });
    const result = await dp.search({ q: 'acme', size: 5 });
    expect(seen[0]!.query).toBe('q=acme&size=5');
    expect(result.data).toEqual({ groups: [] });
  });

  it('excel posts the list’s query and columns to excel/generate/<name> and answers a stream', async () => {
    const seen = route('/core/api/excel/generate/time', () => new HttpResponse('xlsx-bytes'));
    const response = await dp.excel('times', { filter: { 'workType.code': 1 }, columns: [{ source: 'date' }] });
    expect(seen[0]!.method).toBe('POST');
    expect(seen[0]!.query).toBe('workType.code=1');
    expect(seen[0]!.body).toEqual({ columns: [{ source: 'date' }] });
    expect(await new Response(response.stream).text()).toBe('xlsx-bytes');
  });

  it('excel sends the time list’s search as the query (TIME-20)', async () => {
    const seen = route('/core/api/excel/generate/time', () => new HttpResponse('xlsx-bytes'));
    await dp.excel('times', { filter: { search: 'memo' } });
    expect(seen.map((s) => `${s.method} ${s.path}?${s.query}`)).toEqual([
      'POST /core/api/excel/generate/time?search=memo',
    ]);
  });

  it('excel refuses a resource that declares no report', async () => {
    await expect(dp.excel('ideas', {})).rejects.toThrow(/declares no "excel"/);
  });
});

/**
 * The calls the SPA's screens make (their tests, under src/, assert the calls) and the requests
 * they become: one row per call, `METHOD path?decoded query` and the JSON body if any.
 */
describe('the screens’ calls on the wire', () => {
  const cases: Array<[string, () => Promise<unknown>, string, unknown?]> = [
    [
      'the invoice’s recalculation (INV-23)',
      () => dp.action('invoices', { name: 'recalculate', data: { invoiceId: 7 } }),
      'PATCH /core/api/invoices/recalculate/7',
    ],
    [
      'the invoice sent to verification (INV-26)',
      () => dp.action('invoices', { name: 'checkDocuments', data: { invoiceId: 7 } }),
      'POST /core/api/invoices/verify/7/check-documents',
    ],
    [
      'the invoice acted (INV-25)',
      () => dp.action('invoices', { name: 'act', id: 8 }),
      'PATCH /core/api/invoices/8/act',
    ],
    [
      'the shared materials of the invoice’s matters (INV-31)',
      () => dp.action('matterSharedMaterials', { name: 'list', data: { matterIds: [7, 9] } }),
      'POST /core/api/matterSharedMaterials/list',
      { matterIds: [7, 9] },
    ],
    [
      'the unbilled time of a project in a period (INV-29)',
      () =>
        dp.action('times', {
          name: 'findAllForInvoicePreview',
          data: { projectId: 1, dateGte: '2026-11-01', dateLte: '2026-11-30', size: 2000 },
        }),
      'GET /core/api/times/search/findAllForInvoicePreview?projectId=1&dateGte=2026-11-01&dateLte=2026-11-30&size=2000',
    ],
    [
      'the pre-invoices no invoice holds (INV-30)',
      () =>
        dp.request('preInvoices', {
          query: { 'project.id': 1, 'invoice.isNull': 'true', sort: 'date,asc', size: 1000 },
        }),
      'GET /core/api/preInvoices?project.id=1&invoice.isNull=true&sort=date,asc&size=1000',
    ],
    [
      'the invoices’ total over the list’s filter (INV-16)',
      () => dp.action('invoices', { name: 'totalAmount', data: { 'status.code.ne': 3 } }),
      'GET /core/api/invoices/totalAmount?status.code.ne=3',
    ],
    [
      'a budget payer closed by the fund (BUD-19)',
      () => dp.action('budgetPayers', { name: 'true', id: 12 }),
      'PATCH /core/api/budgetPayers/12/true',
    ],
    [
      'the office debts of a period, empty offices left out (OFF-46)',
      () =>
        dp.action('cashboxOfficeDebts', {
          name: 'all',
          data: { gte: '2026-10-01', lte: '2026-10-31', officeId: '', creditorOfficeId: '' },
        }),
      'GET /core/api/cashboxOfficeDebts/all?gte=2026-10-01&lte=2026-10-31',
    ],
    [
      'a debt’s budgets (OFF-50)',
      () =>
        dp.request('budgets', {
          query: {
            cashboxOfficeDebtId: 3,
            'verificationChain.decision.code.ne': 3,
            projection: 'debtBudgets',
            size: 100,
          },
        }),
      'GET /core/api/budgets?cashboxOfficeDebtId=3&verificationChain.decision.code.ne=3&projection=debtBudgets&size=100',
    ],
    [
      'the holders of positions (OFF-50)',
      () => dp.request('positions', { query: { 'id.in': [5], size: 1 } }),
      'GET /core/api/positions?id.in=5&size=1',
    ],
    ['one office (OFF-47)', () => dp.request('offices', { id: '1' }), 'GET /core/api/offices/1'],
    [
      'a creditor’s payment status (OFF-44)',
      () => dp.request('cashboxOfficeDebtCreditors', { id: 8, method: 'PATCH', body: { paymentStatus: { id: 412 } } }),
      'PATCH /core/api/cashboxOfficeDebtCreditors/8',
      { paymentStatus: { id: 412 } },
    ],
  ];

  it.each(cases)('%s', async (_name, call, request, body) => {
    const collection = request.split(' ')[1]!.split('/').slice(0, 4).join('/').split('?')[0]!;
    const seen = route(collection, {});
    await call();
    expect(seen.map((s) => `${s.method} ${s.path}${s.query ? `?${s.query}` : ''}`)).toEqual([request]);
    expect(seen[0]!.body).toEqual(body);
  });
});
