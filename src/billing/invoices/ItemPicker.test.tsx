import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { DataProvider, UpdateParams } from 'react-admin';
import type { EntitySchema } from '../../../schemas/define';
import { getSchema } from '../../../schemas/index';
import { partsSet } from '../../resources/parts';
import { renderAdmin } from '../../resources/testUtils';
import { invoiceParts } from './parts';
import { DISPLAY_ROWS, PREVIEW_PAGE_SIZE } from './ItemPicker';
import type { ActionParams, RouteParams } from '../../../dataProvider/index';

/**
 * The invoice form's time preview read a page at a time (MC-7): every request stays
 * within the server's limit of 1,000 rows a page, more than 1,000 candidates are listed page by page (the table shows a page of them at a time)
 * and picked, and a refused read shows its message.
 */
const WAIT = { timeout: 20_000 };
afterEach(cleanup);

const SERVER_LIMIT = 1000;
const schemas = ['invoices', 'invoiceQuotas', 'expenses', 'times', 'paymentHistories'].map((n) =>
  getSchema(n),
) as EntitySchema[];
const draft = {
  id: 1,
  version: 0,
  number: 'INV-2026-00001',
  date: '2026-11-10',
  project: { id: 1, number: 'P-1', description: 'Acme' },
  payerClient: { id: 1, gname: 'Acme' },
  currency: { id: 1, code: 'USD', gname: 'Dollar' },
  status: { id: 201, code: 1, gname: 'Draft' },
  periodGte: '2026-01-01',
  periodLte: '2026-12-31',
  timeList: [],
  expenseList: [],
  preInvoiceList: [],
};
/** `n` candidate time entries, one a minute from 1 January. */
const candidates = (n: number) =>
  Array.from({ length: n }, (_, i) => ({
    id: 1000 + i,
    dateTime: new Date(Date.UTC(2026, 0, 1, 0, i)).toISOString(),
    duration: 900_000,
    description: `Entry ${i}`,
  }));

/** The invoice edit form over `preview`, the time preview's answer to one call (rows and total, or a throw). */
function renderForm(preview: (params: Record<string, unknown>) => { data: unknown[]; total: number }) {
  const asked: Array<Record<string, unknown>> = [];
  const updates: UpdateParams[] = [];
  const action = async (resource: string, { signal: _s, ...params }: ActionParams) => {
    if (resource === 'times' && params.name === 'findAllForInvoicePreview') {
      const data = (params.data ?? {}) as Record<string, unknown>;
      asked.push(data);
      return preview(data);
    }
    return { data: [] };
  };
  const request = async (_resource: string, _params: RouteParams) => ({ data: [], response: {} });
  renderAdmin(
    '/invoices/1/edit',
    schemas,
    { invoices: [draft], invoiceQuotas: [], expenses: [], times: [], paymentHistories: [] },
    () => true,
    (dp) =>
      ({
        ...dp,
        update: (resource: string, params: UpdateParams) => {
          updates.push(params);
          return dp.update(resource, params);
        },
        action,
        request,
      }) as DataProvider,
    partsSet(invoiceParts),
  );
  return { asked, updates };
}

describe('the invoice form pages its time preview', { timeout: 150_000 }, () => {
  it('MC-7 INV-29 asks within the 1,000-row limit, lists 1,100 candidates page by page and picks them all', async () => {
    const all = candidates(1100);
    const { asked, updates } = renderForm((q) => {
      const size = Number(q.size);
      // the server's rule (server/rest/query.ts): a page of more than 1,000 rows is a 400
      if (!(size >= 1 && size <= SERVER_LIMIT)) throw new Error('size must be 1..1000');
      const page = Number(q.page ?? 0);
      return { data: all.slice(page * size, (page + 1) * size), total: all.length };
    });
    // queries by attribute: role queries over a thousand rows are slow in jsdom
    const box = (row: string) => document.querySelector<HTMLInputElement>(`input[aria-label^="Pick ${row} "]`);
    await waitFor(() => expect(box('2026-01-01 Entry 0')).not.toBeNull(), WAIT);
    expect(box('2026-01-01 Entry 0')!.checked).toBe(false);
    expect(asked[0]).toMatchObject({ projectId: 1, dateGte: '2026-01-01', dateLte: '2026-12-31', page: 0 });
    expect(Number(asked[0]!.size)).toBeLessThanOrEqual(SERVER_LIMIT);
    expect(box('2026-01-01 Entry 1099')).toBeNull();
    // the table counts every candidate and shows DISPLAY_ROWS at a time
    expect(await screen.findByText(`1-${DISPLAY_ROWS} of 1100`, {}, WAIT)).toBeInTheDocument();
    // turning to a page past the rows read reads the next preview page
    for (let i = 0; i < PREVIEW_PAGE_SIZE / DISPLAY_ROWS; i++)
      fireEvent.click(screen.getByLabelText('Go to next page'));
    await waitFor(() => expect(box('2026-01-01 Entry 500')).not.toBeNull(), WAIT);
    expect(asked.map((q) => q.page)).toEqual([0, 1]);
    fireEvent.click(box('2026-01-01 Entry 500')!);
    expect(box('2026-01-01 Entry 500')!.checked).toBe(true);
    // "pick every row" reads the last page and picks all 1,100
    fireEvent.click(screen.getByLabelText('Pick every row of time entries to bill'));
    await waitFor(() => expect(screen.getByText(/\(1100 of 1100 picked\)/)).toBeInTheDocument(), WAIT);
    expect(asked.map((q) => q.page)).toEqual([0, 1, 2]);
    expect(asked.every((q) => Number(q.size) === PREVIEW_PAGE_SIZE && PREVIEW_PAGE_SIZE <= SERVER_LIMIT)).toBe(true);
    fireEvent.click(screen.getByText('Save'));
    await waitFor(() => expect(updates).toHaveLength(1), WAIT);
    const picked = (updates[0]!.data as { timeList: unknown[] }).timeList.map((v) =>
      typeof v === 'object' && v !== null ? (v as { id: number }).id : v,
    );
    expect(picked).toHaveLength(1100);
    expect(new Set(picked)).toEqual(new Set(all.map((r) => r.id)));
  });

  it('MC-7 INV-29 a refused preview read shows its message instead of an empty list', async () => {
    renderForm(() => {
      throw new Error('The page size must be at most 1000');
    });
    expect(
      await screen.findByText(/Could not load time entries to bill: The page size must be at most 1000/, {}, WAIT),
    ).toBeInTheDocument();
  });
});
