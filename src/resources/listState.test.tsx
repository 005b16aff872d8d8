import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import fakeRestProvider from 'ra-data-fakerest';
import { AdminContext, localStorageStore, TestMemoryRouter, type DataProvider, type GetListParams } from 'react-admin';
import { Route, Routes } from 'react-router-dom';
import { clients } from '../../schemas/index';
import { resourceFor } from './resource';
import { renderAdmin } from './testUtils';

afterEach(() => {
  cleanup();
  localStorage.clear();
});

const refs = { 'base-subtypes': [], departments: [] };
const client = (id: number) => ({
  id,
  gname: id === 7 ? 'Aral Trading' : `Client ${id}`,
  vatPercent: 0,
  lastModifiedDate: '2026-11-05T10:00:00Z',
});
const rows = Array.from({ length: 60 }, (_, i) => client(i + 1));

/** Records every `getList` of clients (without the abort signal). */
const recorder = () => {
  const calls: Array<Omit<GetListParams, 'signal'>> = [];
  const wrap = (dp: DataProvider): DataProvider => ({
    ...dp,
    getList: (resource, { signal: _signal, ...params }) => {
      if (resource === 'clients') calls.push(params);
      return dp.getList(resource, params);
    },
  });
  return { calls, wrap };
};

/** The first render of a list in jsdom can take seconds. */
const wait = { timeout: 20_000 };

const searchOf = (location: string) => new URLSearchParams(location.split('?')[1] ?? '');

describe('list state in the address', { timeout: 60_000 }, () => {
  it('CONST-01 a page change is written to the address (page and page size)', async () => {
    const admin = renderAdmin('/clients', [clients], { ...refs, clients: rows });
    await screen.findByText('Client 1', {}, wait);
    fireEvent.click(screen.getByRole('button', { name: /go to next page|next page/i }));
    await screen.findByText('Client 21', {}, wait);
    await waitFor(() => expect(searchOf(admin.location()).get('page')).toBe('2'));
    expect(searchOf(admin.location()).get('perPage')).toBe('20');
  });

  it('a react-admin link /clients?filter={"search":"Aral"}&perPage=50 asks for that filter and page size', async () => {
    const { calls, wrap } = recorder();
    const filter = encodeURIComponent(JSON.stringify({ 'country.id': 4 }));
    renderAdmin(`/clients?filter=${filter}&perPage=50&page=2`, [clients], { ...refs, clients: rows }, () => true, wrap);
    await waitFor(() => expect(calls.length).toBeGreaterThan(0));
    expect(calls[0]!.filter).toEqual({ 'country.id': 4 });
    expect(calls[0]!.pagination).toEqual({ page: 2, perPage: 50 });
  });

  it('the rows of a filtered list URL are the rows the filter selects', async () => {
    const filter = encodeURIComponent(JSON.stringify({ q: 'Aral' }));
    renderAdmin(`/clients?filter=${filter}`, [clients], { ...refs, clients: rows });
    expect(await screen.findByText('Aral Trading', {}, wait)).toBeInTheDocument();
    expect(screen.queryByText('Client 1')).not.toBeInTheDocument();
  });

  it('without parameters in the address the list takes the state it last had (store fallback)', async () => {
    // the app's store (BureauAdmin): react-admin's localStorageStore
    const stored = () => (
      <AdminContext dataProvider={fakeRestProvider({ ...refs, clients: rows }, false)} store={localStorageStore()}>
        <Routes>
          <Route path="/clients/*" element={resourceFor(clients, () => true)} />
        </Routes>
      </AdminContext>
    );
    // as react-admin writes a list's address: the filter always present, `{}` when none
    render(
      <TestMemoryRouter initialEntries={['/clients?filter=%7B%7D&page=3&perPage=20']}>{stored()}</TestMemoryRouter>,
    );
    await screen.findByText('Client 41', {}, wait);
    cleanup();
    let location = '';
    render(
      <TestMemoryRouter initialEntries={['/clients']} locationCallback={(l) => (location = l.search)}>
        {stored()}
      </TestMemoryRouter>,
    );
    await screen.findByText('Client 41', {}, wait);
    await waitFor(() => expect(new URLSearchParams(location).get('page')).toBe('3')); // and shows it in the address
  });
});
