import userEvent from '@testing-library/user-event';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { HttpError, type DataProvider } from 'react-admin';
import { leads } from '../../../schemas/index';
import type { BulkChangeParams, BulkChangeResult } from '../../../dataProvider/index';
import { STALE_VERSION_MESSAGE } from '../../../dataProvider/index';
import type { CanAccess } from '../access';
import { renderAdmin } from '../testUtils';
import { bulkMoves } from './BulkActions';

afterEach(cleanup);

const WAIT = { timeout: 8000 };
const NAMES = ['Prospecting', 'First point of contact', 'Negotiation'];
const ENTRIES = [
  ...NAMES.map((gname, i) => ({ id: 101 + i, code: i + 1, gname, type: { id: 11, code: 11 } })),
  { id: 110, code: 10, gname: 'Closed lost', type: { id: 11, code: 11 } },
];
const stage = (code: number) => ENTRIES.find((e) => e.code === code)!;
const lead = (id: number, code: number) => ({
  id,
  version: 3,
  date: '2026-11-02',
  dealStage: stage(code),
  description: `Lead ${id}`,
  notifyTimeInterval: 0,
});

/** The leads list over fake data, with the data provider's bulkChange and patch recorded. */
function render(options: { canAccess?: CanAccess; bulk?: BulkChangeResult; patch?: () => Promise<unknown> } = {}) {
  const bulkCalls: Array<{ resource: string; params: BulkChangeParams }> = [];
  const patchCalls: Array<{ resource: string; params: unknown }> = [];
  const wrap = (dp: DataProvider): DataProvider => ({
    ...dp,
    bulkChange: async (resource: string, params: BulkChangeParams) => {
      bulkCalls.push({ resource, params });
      return options.bulk;
    },
    patch: vi.fn(async (resource: string, params: { id: number }) => {
      patchCalls.push({ resource, params });
      if (options.patch) return options.patch();
      return { data: lead(params.id, 1) };
    }),
  });
  renderAdmin(
    '/leads',
    [leads],
    { leads: [lead(1, 1), lead(2, 10)], 'base-subtypes': ENTRIES, employees: [], teams: [], contacts: [] },
    options.canAccess,
    wrap,
  );
  return { bulkCalls, patchCalls };
}

const allow: CanAccess = () => true;

/** The row of lead `id` in the list. */
const rowOf = (id: number) => screen.getByText(`Lead ${id}`).closest('tr')!;
/** The open inline cell of `field` in the row of lead `id`, or null. */
const editorIn = (id: number, field: string) => rowOf(id).querySelector<HTMLElement>(`[data-inline-editor="${field}"]`);
/** Opens the inline cell of `field` in the row of lead `id` from the keyboard; its open cell. */
function openInline(id: number, field: string): HTMLElement {
  const cell = rowOf(id).querySelector<HTMLElement>(`[data-inline-edit="${field}"]`)!;
  cell.focus();
  fireEvent.keyDown(cell, { key: 'Enter' });
  return editorIn(id, field)!;
}
/**
 * Opens the date cell of lead `id` and types `value` over its date at once: the date field, once
 * focused, starts editing one section (day, month, year) at a time a moment later, after which a
 * whole new value in one change event no longer reads as the date typed.
 */
function openWithDate(id: number, value: string): HTMLElement {
  const editor = openInline(id, 'date');
  fireEvent.change(within(editor).getByDisplayValue('2026-11-02'), { target: { value } });
  return editor;
}
/** Presses Tab (Shift+Tab when `back`) where the focus is. */
const tab = (back = false) => fireEvent.keyDown(document.activeElement!, { key: 'Tab', shiftKey: back });
const openEditors = () => document.querySelectorAll('[data-inline-editor]');
const until = (check: () => void) => waitFor(check, WAIT);

describe('bulk actions and inline edit in the generated list', { timeout: 30_000 }, () => {
  it('bulk: the moves offered are those allowed from the selected statuses, with a comment when any needs one', () => {
    expect(bulkMoves(leads, [lead(1, 1), lead(2, 10)], allow)).toEqual([{ code: 2, comment: true }]);
    expect(bulkMoves(leads, [lead(1, 1), lead(3, 2)], allow).map((m) => m.code)).toEqual([2, 3, 4, 6, 10]);
    expect(bulkMoves(leads, [lead(1, 1)], (action) => action !== 'edit')).toEqual([]);
  });

  it('bulk: Change status moves the selection with a comment; refusals are listed and stay selected', async () => {
    const { bulkCalls } = render({
      bulk: {
        ok: 1,
        refused: 1,
        results: [
          { id: 1, ok: true },
          { id: 2, ok: false, status: 409, message: 'Deal stage cannot move from "Closed lost"' },
        ],
      },
    });
    await screen.findByText('Lead 1', undefined, WAIT);
    fireEvent.click(screen.getByRole('checkbox', { name: /select all/i }));
    fireEvent.click(await screen.findByRole('button', { name: 'Change status' }));
    const menu = await screen.findByRole('menu');
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((m) => m.textContent),
    ).toEqual(['First point of contact']);
    fireEvent.click(within(menu).getByRole('menuitem', { name: 'First point of contact' }));
    const dialog = await screen.findByRole('dialog');
    const move = within(dialog).getByRole('button', { name: 'Move' });
    expect(move).toBeDisabled();
    await userEvent.type(within(dialog).getByRole('textbox'), 'Called them');
    fireEvent.click(move);
    await waitFor(() => expect(bulkCalls).toHaveLength(1));
    expect(bulkCalls[0]).toEqual({
      resource: 'leads',
      params: { ids: [1, 2], transition: { to: 2, comment: 'Called them' } },
    });
    const refused = await screen.findByRole('dialog', { name: 'Refused records' }, WAIT);
    expect(within(refused).getByText('#2: Deal stage cannot move from "Closed lost"')).toBeInTheDocument();
    fireEvent.click(within(refused).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Refused records' })).not.toBeInTheDocument());
    const rows = screen.getAllByRole('cell', { name: 'Select this row' }).map((c) => within(c).getByRole('checkbox'));
    await waitFor(() => expect(rows.map((r) => (r as HTMLInputElement).checked)).toEqual([false, true]));
  });

  it('bulk: Set <field> is offered per bulk field to editors only', async () => {
    render();
    await screen.findByText('Lead 1', undefined, WAIT);
    fireEvent.click(screen.getByRole('checkbox', { name: /select all/i }));
    expect(await screen.findByRole('button', { name: 'Set Business relationship manager' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Set Lead source' })).toBeInTheDocument();
    cleanup();
    render({ canAccess: (action) => action !== 'edit' });
    await screen.findByText('Lead 1', undefined, WAIT);
    fireEvent.click(screen.getByRole('checkbox', { name: /select all/i }));
    await screen.findByRole('button', { name: 'Delete' });
    expect(screen.queryByRole('button', { name: 'Change status' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Set / })).not.toBeInTheDocument();
  });

  it('inline edit: Enter on a cell opens the input; Save sends a PATCH of that field alone with the row as previousData', async () => {
    const { patchCalls } = render();
    await screen.findByText('Lead 1', undefined, WAIT);
    const cells = document.querySelectorAll<HTMLElement>('[data-inline-edit="date"]');
    expect(cells).toHaveLength(2);
    cells[0]!.focus();
    fireEvent.keyDown(cells[0]!, { key: 'Enter' });
    const editor = document.querySelector<HTMLElement>('[data-inline-editor="date"]')!;
    const input = within(editor).getByDisplayValue('2026-11-02');
    fireEvent.change(input, { target: { value: '2026-11-10' } });
    fireEvent.click(within(editor).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(patchCalls).toHaveLength(1));
    expect(patchCalls[0]).toEqual({
      resource: 'leads',
      params: { id: 1, data: { date: '2026-11-10' }, previousData: expect.objectContaining({ id: 1, version: 3 }) },
    });
    await waitFor(() => expect(document.querySelector('[data-inline-editor="date"]')).toBeNull());
  });

  it('inline edit: Escape closes without saving; a refused save is shown at the cell', async () => {
    const { patchCalls } = render({
      patch: () => Promise.reject(new HttpError(STALE_VERSION_MESSAGE, 412, { message: 'stale' })),
    });
    await screen.findByText('Lead 1', undefined, WAIT);
    const cell = document.querySelector<HTMLElement>('[data-inline-edit="date"]')!;
    fireEvent.keyDown(cell, { key: 'F2' });
    const editor = document.querySelector<HTMLElement>('[data-inline-editor="date"]')!;
    fireEvent.keyDown(within(editor).getByDisplayValue('2026-11-02'), { key: 'Escape' });
    await waitFor(() => expect(document.querySelector('[data-inline-editor="date"]')).toBeNull());
    expect(patchCalls).toHaveLength(0);
    fireEvent.click(screen.getAllByRole('button', { name: 'Edit Date' })[0]!);
    const again = document.querySelector<HTMLElement>('[data-inline-editor="date"]')!;
    fireEvent.click(within(again).getByRole('button', { name: 'Save' }));
    expect(await within(again).findByRole('alert')).toHaveTextContent(STALE_VERSION_MESSAGE);
  });

  it('LIST-INLINE Tab saves the cell and opens the next one of the row', async () => {
    const { patchCalls } = render();
    await screen.findByText('Lead 1', undefined, WAIT);
    const editor = openWithDate(1, '2026-10-27');
    await until(() => expect(document.activeElement).toBe(within(editor).getByDisplayValue('2026-10-27')));
    tab();
    await until(() => expect(editorIn(1, 'leadSource')).not.toBeNull());
    expect(patchCalls).toEqual([
      {
        resource: 'leads',
        params: { id: 1, data: { date: '2026-10-27' }, previousData: expect.objectContaining({ id: 1, version: 3 }) },
      },
    ]);
    expect(editorIn(1, 'date')).toBeNull();
    expect(openEditors()).toHaveLength(1);
    await until(() => expect(editorIn(1, 'leadSource')).toContainElement(document.activeElement as HTMLElement));
  });

  it("LIST-INLINE Tab at a row's last editable cell opens the next row's first", async () => {
    const { patchCalls } = render();
    await screen.findByText('Lead 1', undefined, WAIT);
    openInline(1, 'leadSource');
    await until(() => expect(editorIn(1, 'leadSource')).toContainElement(document.activeElement as HTMLElement));
    tab();
    await until(() => expect(editorIn(2, 'date')).not.toBeNull());
    expect(editorIn(1, 'leadSource')).toBeNull();
    await until(() => expect(editorIn(2, 'date')).toContainElement(document.activeElement as HTMLElement));
    expect(patchCalls).toHaveLength(0);
  });

  it('LIST-INLINE Shift+Tab saves the cell and opens the previous one, across rows', async () => {
    const { patchCalls } = render();
    await screen.findByText('Lead 1', undefined, WAIT);
    const editor = openWithDate(2, '2026-10-20');
    await until(() => expect(document.activeElement).toBe(within(editor).getByDisplayValue('2026-10-20')));
    tab(true);
    await until(() => expect(editorIn(1, 'leadSource')).not.toBeNull());
    expect(patchCalls.map((c) => c.params)).toEqual([expect.objectContaining({ id: 2, data: { date: '2026-10-20' } })]);
    expect(editorIn(2, 'date')).toBeNull();
    await until(() => expect(editorIn(1, 'leadSource')).toContainElement(document.activeElement as HTMLElement));
  });

  it('LIST-INLINE Tab with an unchanged value sends no PATCH and opens the next cell', async () => {
    const { patchCalls } = render();
    await screen.findByText('Lead 1', undefined, WAIT);
    const editor = openInline(1, 'date');
    await until(() => expect(editor).toContainElement(document.activeElement as HTMLElement));
    tab();
    await until(() => expect(editorIn(1, 'leadSource')).not.toBeNull());
    expect(editorIn(1, 'date')).toBeNull();
    expect(patchCalls).toHaveLength(0);
  });

  it('LIST-INLINE a refused save on Tab keeps the cell open with its error and the focus, and opens nothing else', async () => {
    const { patchCalls } = render({
      patch: () => Promise.reject(new HttpError(STALE_VERSION_MESSAGE, 412, { message: 'stale' })),
    });
    await screen.findByText('Lead 1', undefined, WAIT);
    const editor = openWithDate(1, '2026-10-27');
    const input = within(editor).getByDisplayValue('2026-10-27');
    await until(() => expect(document.activeElement).toBe(input));
    tab();
    expect(await within(editor).findByRole('alert', undefined, WAIT)).toHaveTextContent(STALE_VERSION_MESSAGE);
    expect(patchCalls).toHaveLength(1);
    expect(editorIn(1, 'date')).toBe(editor);
    expect(openEditors()).toHaveLength(1);
    expect(document.activeElement).toBe(input);
  });

  it('LIST-INLINE Tab past the last editable cell (Shift+Tab before the first) closes it and lets the focus move on', async () => {
    const { patchCalls } = render();
    await screen.findByText('Lead 1', undefined, WAIT);
    const last = openInline(2, 'leadSource');
    await until(() => expect(last).toContainElement(document.activeElement as HTMLElement));
    const lastCell = last.closest('td')!;
    tab();
    await until(() => expect(openEditors()).toHaveLength(0));
    let focused = document.activeElement as HTMLElement;
    expect(focused).not.toBe(document.body);
    expect(lastCell.contains(focused)).toBe(false);
    expect(lastCell.compareDocumentPosition(focused) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    const first = openInline(1, 'date');
    await until(() => expect(first).toContainElement(document.activeElement as HTMLElement));
    const firstCell = first.closest('td')!;
    tab(true);
    await until(() => expect(openEditors()).toHaveLength(0));
    focused = document.activeElement as HTMLElement;
    expect(focused).not.toBe(document.body);
    expect(firstCell.contains(focused)).toBe(false);
    expect(firstCell.compareDocumentPosition(focused) & Node.DOCUMENT_POSITION_PRECEDING).toBeTruthy();
    expect(patchCalls).toHaveLength(0);
  });

  it('LIST-INLINE Escape closes the cell unsaved and returns the focus to it', async () => {
    const { patchCalls } = render();
    await screen.findByText('Lead 1', undefined, WAIT);
    const editor = openWithDate(1, '2026-10-27');
    await until(() => expect(editor).toContainElement(document.activeElement as HTMLElement));
    fireEvent.keyDown(document.activeElement!, { key: 'Escape' });
    await until(() => expect(editorIn(1, 'date')).toBeNull());
    await until(() => expect(document.activeElement).toBe(rowOf(1).querySelector('[data-inline-edit="date"]')));
    expect(patchCalls).toHaveLength(0);
  });
});
