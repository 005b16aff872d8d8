import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useParams } from 'react-router-dom';
import { AdminContext, memoryStore, type DataProvider, type Store } from 'react-admin';
import { i18nProvider } from '../i18n';
import { signedInAs } from '../test/authProvider';
import { GlobalSearch, recentKey, withRecent, type SearchItem } from './GlobalSearch';

/**
 * The global search dialog (src/search/GlobalSearch.tsx) against a stubbed `search` verb of the
 * data provider (its URL: dataProvider/actions.test.ts):
 * the shortcuts open it, the query is asked once the user stops typing, arrow keys and Enter open
 * a record's card, and the records picked come back as recent items, per user.
 */

const ANSWER = {
  query: 'acme',
  groups: [
    {
      collection: 'clients',
      route: 'clients',
      label: 'Clients',
      icon: 'Domain',
      items: [{ id: 12, representation: 'Acme LLP', rank: 0.1 }],
    },
    {
      collection: 'matters',
      route: 'matters',
      label: 'Matters',
      icon: 'Gavel',
      items: [
        { id: 7, representation: 'M-0007 Acme share purchase', rank: 0.08 },
        { id: 9, representation: 'M-0009 Acme audit', rank: 0.05 },
      ],
    },
  ],
};

const Card = () => {
  const { resource, id } = useParams();
  return <h1>{`card ${resource} ${id}`}</h1>;
};

const setup = ({ store = memoryStore(), fail = false, userId = 'ada' } = {}) => {
  const search = vi.fn(async ({ q }: { q: string; size?: number; signal?: AbortSignal }) => {
    if (fail) throw new Error('down');
    return { data: q === 'zzz' ? { query: q, groups: [] } : { ...ANSWER, query: q } };
  });
  const authProvider = signedInAs({ id: userId, fullName: 'Ada' });
  const dataProvider = { search } as unknown as DataProvider;
  render(
    <MemoryRouter initialEntries={['/']}>
      <AdminContext dataProvider={dataProvider} authProvider={authProvider} store={store} i18nProvider={i18nProvider}>
        <GlobalSearch />
        <Routes>
          <Route path="/" element={<p>home</p>} />
          <Route path="/:resource/:id" element={<Card />} />
        </Routes>
      </AdminContext>
    </MemoryRouter>,
  );
  return { search, store };
};

const input = () => screen.getByRole('combobox', { name: /clients, contacts, matters/i });

describe('the global search dialog', { timeout: 60_000 }, () => {
  afterEach(cleanup);

  it('opens with Ctrl+K, Cmd+K, "/" outside a text field and the app bar button; Esc closes it', async () => {
    setup();
    expect(screen.queryByRole('dialog')).toBeNull();
    fireEvent.keyDown(document.body, { key: 'k', code: 'KeyK', ctrlKey: true });
    expect(await screen.findByRole('dialog', { name: 'Search' })).toBeTruthy();
    expect(document.activeElement).toBe(input());
    fireEvent.keyDown(input(), { key: 'Escape', code: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    fireEvent.keyDown(document.body, { key: 'k', code: 'KeyK', metaKey: true });
    expect(await screen.findByRole('dialog')).toBeTruthy();
    fireEvent.keyDown(input(), { key: 'Escape', code: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    fireEvent.keyDown(document.body, { key: '/', code: 'Slash' });
    expect(await screen.findByRole('dialog')).toBeTruthy();
    fireEvent.keyDown(input(), { key: 'Escape', code: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    fireEvent.click(screen.getByRole('button', { name: /search/i }));
    expect(await screen.findByRole('dialog')).toBeTruthy();
  });

  it('"/" typed in a text field is text, not the shortcut', async () => {
    setup();
    const field = document.createElement('input');
    document.body.appendChild(field);
    field.focus();
    fireEvent.keyDown(field, { key: '/', code: 'Slash' });
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByRole('dialog')).toBeNull();
    field.remove();
  });

  it('asks once the typing stops, groups hits by entity; arrow keys and Enter open the record card', async () => {
    const { search } = setup();
    fireEvent.keyDown(document.body, { key: 'k', code: 'KeyK', ctrlKey: true });
    await screen.findByRole('dialog');
    fireEvent.change(input(), { target: { value: 'ac' } });
    fireEvent.change(input(), { target: { value: 'acme' } });
    const listbox = await screen.findByRole('listbox', { name: 'Search results' });
    await within(listbox).findByRole('option', { name: /Acme LLP/ });
    expect(search).toHaveBeenCalledTimes(1);
    expect(search).toHaveBeenCalledWith({ q: 'acme', size: 5, signal: expect.any(AbortSignal) });
    expect(within(listbox).getByRole('group', { name: 'Clients' })).toBeTruthy();
    expect(within(listbox).getByRole('group', { name: 'Matters' })).toBeTruthy();
    const options = within(listbox).getAllByRole('option');
    expect(options.map((o) => o.getAttribute('aria-selected'))).toEqual(['true', 'false', 'false']);
    fireEvent.keyDown(input(), { key: 'ArrowDown' });
    fireEvent.keyDown(input(), { key: 'ArrowDown' });
    expect(input().getAttribute('aria-activedescendant')).toBe(options[2]!.id);
    fireEvent.keyDown(input(), { key: 'ArrowDown' }); // wraps to the first
    fireEvent.keyDown(input(), { key: 'ArrowUp' }); // back to the last
    fireEvent.keyDown(input(), { key: 'Enter' });
    expect(await screen.findByRole('heading', { name: 'card matters 9' })).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('shows the records picked as recent items with an empty query, kept per user in the store', async () => {
    const store: Store = memoryStore();
    setup({ store });
    fireEvent.keyDown(document.body, { key: 'k', code: 'KeyK', ctrlKey: true });
    expect(await screen.findByText(/Nothing opened from here yet/)).toBeTruthy();
    fireEvent.change(input(), { target: { value: 'acme' } });
    fireEvent.click(await screen.findByRole('option', { name: /Acme LLP/ }));
    await screen.findByRole('heading', { name: 'card clients 12' });
    expect(store.getItem(recentKey('ada'))).toEqual([
      { collection: 'clients', route: 'clients', icon: 'Domain', id: 12, representation: 'Acme LLP' },
    ]);
    fireEvent.keyDown(document.body, { key: '/', code: 'Slash' });
    const recent = await screen.findByRole('listbox', { name: 'Recent' });
    expect(within(recent).getByRole('option', { name: /Acme LLP/ })).toBeTruthy();
    fireEvent.keyDown(input(), { key: 'Enter' });
    expect(await screen.findByRole('heading', { name: 'card clients 12' })).toBeTruthy();
    // another user of the same browser has none
    cleanup();
    setup({ store, userId: 'bob' });
    fireEvent.keyDown(document.body, { key: 'k', code: 'KeyK', ctrlKey: true });
    expect(await screen.findByText(/Nothing opened from here yet/)).toBeTruthy();
  });

  it('says so when nothing is found or the search fails', async () => {
    setup();
    fireEvent.keyDown(document.body, { key: 'k', code: 'KeyK', ctrlKey: true });
    await screen.findByRole('dialog');
    fireEvent.change(input(), { target: { value: 'zzz' } });
    expect((await screen.findByRole('status')).textContent).toBe('Nothing found for "zzz".');
    cleanup();
    setup({ fail: true });
    fireEvent.keyDown(document.body, { key: 'k', code: 'KeyK', ctrlKey: true });
    await screen.findByRole('dialog');
    fireEvent.change(input(), { target: { value: 'acme' } });
    expect(await screen.findByText('The search failed. Try again in a moment.', {}, { timeout: 5000 })).toBeTruthy();
  });

  it('keeps the recent items newest first, without duplicates, at most eight', () => {
    const item = (id: number): SearchItem => ({
      collection: 'clients',
      route: 'clients',
      id,
      representation: `c${id}`,
    });
    let recent: SearchItem[] = [];
    for (let id = 1; id <= 10; id++) recent = withRecent(recent, item(id));
    recent = withRecent(recent, item(5));
    expect(recent.map((r) => r.id)).toEqual([5, 10, 9, 8, 7, 6, 4, 3]);
  });
});
