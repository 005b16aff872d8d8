import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { clients, contactComments, contacts, currencies } from '../../../schemas/index';
import type { GetHistoryParams, HistoryEntry } from '../../../dataProvider/history';
import { historyValue } from './HistoryTab';
import { formatDateTime } from '../format';
import { renderAdmin } from '../testUtils';

afterEach(cleanup);

const WAIT = { timeout: 4000 };
const data = () => ({
  clients: [{ id: 12, gname: 'Acme LLP' }],
  contacts: [],
  contactComments: [],
  currencies: [{ id: 3, code: 'USD', gname: 'US dollar' }],
});

/** 25 entries, newest first: the create, then 24 renames. */
const ENTRIES: HistoryEntry[] = Array.from({ length: 25 }, (_, i) => {
  const n = 25 - i;
  return n === 1
    ? {
        id: n,
        action: 'create',
        changedBy: 'admin',
        changedAt: '2026-01-01T10:00:00Z',
        changes: [
          { field: 'gname', before: null, after: 'Acme 1' },
          { field: 'country', before: null, after: { id: 4 } },
        ],
      }
    : {
        id: n,
        action: 'update',
        changedBy: n === 25 ? 'billing' : 'admin',
        changedAt: '2026-01-02T10:00:00Z',
        changes: [{ field: 'gname', before: `Acme ${n - 1}`, after: `Acme ${n}` }],
      };
});

/** A data provider's `getHistory` over {@link ENTRIES}, recording its calls. */
function withHistory(calls: GetHistoryParams[]) {
  return <T extends object>(dp: T) => ({
    ...dp,
    getHistory: async (_resource: string, params: GetHistoryParams) => {
      calls.push(params);
      const { page, perPage } = params.pagination;
      return { data: ENTRIES.slice((page - 1) * perPage, page * perPage), total: ENTRIES.length };
    },
  });
}

describe('History tab', { timeout: 20_000 }, () => {
  it('history: the card has a History tab listing when, who, action, field, before and after, newest first', async () => {
    const calls: GetHistoryParams[] = [];
    renderAdmin('/clients/12/history', [clients, contacts, contactComments], data(), () => true, withHistory(calls));
    const table = await screen.findByRole('table', { name: 'History' }, WAIT);
    expect(screen.getByRole('tab', { name: 'History' })).toBeInTheDocument();
    const rows = within(table).getAllByRole('row');
    expect(
      within(rows[0]!)
        .getAllByRole('columnheader')
        .map((c) => c.textContent),
    ).toEqual(['When', 'Who', 'Action', 'Field', 'Before', 'After', 'Revert']);
    expect(
      within(rows[1]!)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual([formatDateTime('2026-01-02T10:00:00Z'), 'billing', 'Update', 'Name', 'Acme 24', 'Acme 25', '']);
    expect(calls[0]).toMatchObject({ id: 12, pagination: { page: 1, perPage: 20 } });
  });

  it('history: the tab pages through the entries', async () => {
    const calls: GetHistoryParams[] = [];
    renderAdmin('/clients/12/history', [clients, contacts, contactComments], data(), () => true, withHistory(calls));
    await screen.findByText('Acme 25', {}, WAIT);
    expect(screen.getByText('1–20 of 25')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Go to next page' }));
    // the last page holds the create, with its two fields under one when/who/action
    expect(await screen.findByText('#4', {}, WAIT)).toBeInTheDocument();
    expect(screen.getByText('Create')).toBeInTheDocument();
    await waitFor(() => expect(calls.at(-1)).toMatchObject({ pagination: { page: 2, perPage: 20 } }), WAIT);
    expect(screen.queryByText('Acme 25')).not.toBeInTheDocument();
  });

  it('history: a card without tabs gets a Main tab and the History tab', async () => {
    expect(currencies.show?.tabs).toBeUndefined();
    renderAdmin('/currencies/3', [currencies], data(), () => true, withHistory([]));
    expect(await screen.findByText('US dollar', {}, WAIT)).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Main' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('tab', { name: 'History' }));
    expect(await screen.findByRole('table', { name: 'History' }, WAIT)).toBeInTheDocument();
  });

  it('history: values read as text: references as #id, lists joined, booleans, empty as a dash', () => {
    expect(historyValue(null)).toBe('—');
    expect(historyValue({ id: 7 })).toBe('#7');
    expect(historyValue([{ id: 1 }, { id: 2 }])).toBe('#1, #2');
    expect(historyValue([])).toBe('—');
    expect(historyValue(true)).toBe('Yes');
    expect(historyValue(0.12)).toBe('0.12');
    expect(historyValue({ bic: 'X' })).toBe('{"bic":"X"}');
  });

  describe('taking back a change', () => {
    /** Two entries: an update of name and address (id 2), the create (id 1); `revertHistory` recorded. */
    const REVERTIBLE: HistoryEntry[] = [
      {
        id: 2,
        action: 'update',
        changedBy: 'billing',
        changedAt: '2026-01-02T10:00:00Z',
        changes: [
          { field: 'gname', before: 'Acme', after: 'Acme LLP' },
          { field: 'address', before: 'Old street', after: 'New street' },
        ],
      },
      {
        id: 1,
        action: 'create',
        changedBy: 'admin',
        changedAt: '2026-01-01T10:00:00Z',
        changes: [{ field: 'gname', before: null, after: 'Acme' }],
      },
    ];
    const withRevert =
      (calls: Array<Record<string, unknown>>) =>
      <T extends { getOne: (...args: never[]) => unknown }>(dp: T) => ({
        ...dp,
        getOne: (...args: Parameters<T['getOne']>) => {
          calls.push({ getOne: true });
          return dp.getOne(...args);
        },
        getHistory: async () => ({ data: REVERTIBLE, total: REVERTIBLE.length }),
        revertHistory: async (resource: string, params: Record<string, unknown>) => {
          calls.push({ resource, ...params });
          return { data: { id: 12, gname: 'Acme', version: 4 } };
        },
      });
    const record = () => ({ clients: [{ id: 12, gname: 'Acme LLP', version: 3 }], contacts: [], contactComments: [] });

    it('history: one field of a change is taken back with the record version, then the card is read again', async () => {
      const calls: Array<Record<string, unknown>> = [];
      renderAdmin('/clients/12/history', [clients, contacts, contactComments], record(), () => true, withRevert(calls));
      const button = await screen.findByRole('button', { name: 'Revert this field: Name' }, WAIT);
      // a create cannot be taken back: one button per field of the update only
      expect(screen.getAllByRole('button', { name: /^Revert this field/ })).toHaveLength(2);
      const reads = calls.length;
      fireEvent.click(button);
      await waitFor(() => expect(calls.filter((c) => c.resource)).toHaveLength(1), WAIT);
      expect(calls.find((c) => c.resource)).toMatchObject({
        resource: 'clients',
        id: 12,
        entryId: 2,
        fields: ['gname'],
        previousData: { id: 12, version: 3 },
      });
      // the card reads the record again (react-admin's refresh)
      await waitFor(() => expect(calls.slice(reads).filter((c) => c.getOne).length).toBeGreaterThan(0), WAIT);
    });

    it('history: a whole change is taken back with one button', async () => {
      const calls: Array<Record<string, unknown>> = [];
      renderAdmin('/clients/12/history', [clients, contacts, contactComments], record(), () => true, withRevert(calls));
      fireEvent.click(await screen.findByRole('button', { name: 'Revert this change' }, WAIT));
      await waitFor(() => expect(calls.filter((c) => c.resource)).toHaveLength(1), WAIT);
      const call = calls.find((c) => c.resource)!;
      expect(call).toMatchObject({ id: 12, entryId: 2 });
      expect(call.fields).toBeUndefined();
    });

    it('history: a user who may not edit the record sees no revert buttons', async () => {
      renderAdmin(
        '/clients/12/history',
        [clients, contacts, contactComments],
        record(),
        (action) => action !== 'edit',
        withRevert([]),
      );
      await screen.findByText('New street', {}, WAIT);
      expect(screen.queryByRole('button', { name: /Revert/ })).toBeNull();
      expect(screen.queryByRole('columnheader', { name: 'Revert' })).toBeNull();
    });
  });
});
