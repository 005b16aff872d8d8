import userEvent from '@testing-library/user-event';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { DataProvider } from 'react-admin';
import { leads } from '../../../schemas/index';
import type { CanAccess } from '../access';
import { renderAdmin } from '../testUtils';
import type { RouteParams } from '../../../dataProvider/index';

afterEach(cleanup);

const WAIT = { timeout: 8000 };
const NAMES = [
  'Prospecting',
  'First point of contact',
  'Negotiation',
  'Presentation scheduled',
  'Decision making',
  'Proposal sent',
  'Project execution',
  'Invoiced',
  'Closed won',
  'Closed lost',
];
const ENTRIES = NAMES.map((gname, i) => ({ id: 100 + i + 1, code: i + 1, gname, type: { id: 11, code: 11 } }));
const stage = (code: number) => ({ id: 100 + code, code, gname: NAMES[code - 1]! });

const lead = (code: number) => ({
  id: 7,
  version: 2,
  date: '2026-11-02',
  dealStage: stage(code),
  description: 'Acme pipeline review',
  notifyTimeInterval: 0,
});

const HISTORY = [
  {
    id: 2,
    field: 'dealStage',
    from: stage(1),
    to: stage(2),
    comment: 'Met at the fair',
    changedBy: 'seller',
    changedDate: '2026-11-02T10:00:00Z',
  },
  {
    id: 1,
    field: 'dealStage',
    from: null,
    to: stage(1),
    comment: null,
    changedBy: 'seller',
    changedDate: '2026-11-01T09:00:00Z',
  },
];

/**
 * The fake data plus the data provider's `request` verb answering the status routes, recording the
 * status calls and the updates (how a route becomes an address: dataProvider/actions.test.ts).
 */
function render(path: string, code: number, canAccess?: CanAccess) {
  const updates: Array<Record<string, unknown>> = [];
  const calls: Array<{ resource: string } & RouteParams> = [];
  const request = vi.fn(async (resource: string, params: RouteParams) => {
    calls.push({ resource, ...params });
    if (params.path === 'statusChanges') return { data: HISTORY, total: HISTORY.length, response: {} };
    return { data: lead(3), response: {} };
  });
  const wrap = (dp: DataProvider): DataProvider => ({
    ...dp,
    request,
    update: (resource, params) => {
      updates.push(params.data as Record<string, unknown>);
      return dp.update(resource, params);
    },
  });
  renderAdmin(
    path,
    [leads],
    { leads: [lead(code)], 'base-subtypes': ENTRIES, employees: [], teams: [], contacts: [] },
    canAccess,
    wrap,
  );
  return { calls, updates };
}

const buttonsOf = (region: HTMLElement) =>
  within(region)
    .queryAllByRole('button')
    .map((b) => b.textContent);

describe('statuses on the generated card and form', { timeout: 30_000 }, () => {
  it('statuses: the card shows the status chip, a button per allowed move (LEAD-05) and the history', async () => {
    render('/leads/7', 2);
    const region = await screen.findByRole('region', { name: 'Deal stage' });
    expect(await within(region).findByText('Deal stage: First point of contact')).toBeInTheDocument();
    await waitFor(
      () =>
        expect(buttonsOf(region)).toEqual(['Negotiation', 'Presentation scheduled', 'Proposal sent', 'Closed lost']),
      WAIT,
    );
    const table = await screen.findByRole('table', { name: 'Status history' });
    expect(within(table).getByText('Met at the fair')).toBeInTheDocument();
    expect(within(table).getAllByText('seller')).toHaveLength(2);
  });

  it('LEAD-10 statuses: a move asks for its required comment, posts it with the version and refreshes', async () => {
    const { calls } = render('/leads/7', 2);
    fireEvent.click(await screen.findByRole('button', { name: 'Negotiation' }, WAIT));
    const dialog = await screen.findByRole('dialog');
    const confirm = within(dialog).getByRole('button', { name: 'Move' });
    expect(confirm).toBeDisabled();
    fireEvent.change(within(dialog).getByLabelText('Comment *'), { target: { value: 'Terms on the table' } });
    expect(confirm).toBeEnabled();
    fireEvent.click(confirm);
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true), WAIT);
    expect(calls.find((c) => c.method === 'POST')).toMatchObject({
      resource: 'leads',
      id: 7,
      path: 'transitions',
      body: { to: 3, comment: 'Terms on the table' },
      headers: { 'If-Match': '"2"' },
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument(), WAIT);
  });

  it('statuses: a move the user may not take is not offered (project execution -> invoiced needs invoice create)', async () => {
    const withoutInvoice: CanAccess = (action, resource) => !(resource === 'invoice' && action === 'create');
    render('/leads/7', 7, withoutInvoice);
    const region = await screen.findByRole('region', { name: 'Deal stage' });
    await within(region).findByText('Deal stage: Project execution');
    expect(buttonsOf(region)).toEqual([]);
    cleanup();
    render('/leads/7', 7);
    const again = await screen.findByRole('region', { name: 'Deal stage' });
    await waitFor(() => expect(buttonsOf(again)).toEqual(['Invoiced']), WAIT);
    cleanup();
    // a reader (no edit) is offered no move at all
    render('/leads/7', 2, (action) => action !== 'edit');
    const reader = await screen.findByRole('region', { name: 'Deal stage' });
    await within(reader).findByText('Deal stage: First point of contact');
    expect(buttonsOf(reader)).toEqual([]);
  });

  it('statuses: the edit form offers only the allowed moves of the status field', async () => {
    render('/leads/7/edit', 2);
    const select = await screen.findByRole('combobox', { name: 'Deal stage' }, WAIT);
    fireEvent.mouseDown(select);
    const list = await screen.findByRole('listbox');
    await waitFor(
      () =>
        expect(
          within(list)
            .getAllByRole('option')
            .map((o) => o.textContent),
        ).toEqual(['First point of contact', 'Negotiation', 'Presentation scheduled', 'Proposal sent', 'Closed lost']),
      WAIT,
    );
    fireEvent.click(within(list).getByRole('option', { name: 'Negotiation' }));
    expect(await screen.findByLabelText(/Comment on the deal stage change/)).toBeInTheDocument();
  });

  it('statuses: a field read-only in the status is disabled in the edit form, with a hint', async () => {
    render('/leads/7/edit', 10);
    const description = await screen.findByLabelText('Description', {}, WAIT);
    expect(description).toBeDisabled();
    expect(screen.getAllByText('Read-only while the deal stage is "Closed lost"').length).toBeGreaterThan(0);
    expect(screen.getByLabelText('Notify interval (minutes)')).toBeEnabled();
    cleanup();
    render('/leads/7/edit', 2);
    expect(await screen.findByLabelText('Description', {}, WAIT)).toBeEnabled();
  });

  it('statuses: saving a lead in a locking status still sends its locked fields unchanged', async () => {
    const { updates } = render('/leads/7/edit', 10);
    const interval = await screen.findByLabelText('Notify interval (minutes)', {}, WAIT);
    // a masked number input: typed as a user types
    await userEvent.clear(interval);
    await userEvent.type(interval, '30');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(updates).toHaveLength(1), WAIT);
    expect(updates[0]).toMatchObject({
      description: 'Acme pipeline review',
      date: '2026-11-02',
      notifyTimeInterval: 30,
      dealStage: { id: 110 },
    });
  });
});
