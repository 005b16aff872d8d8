import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { DataProvider } from 'react-admin';
import { clients, contacts, schemas } from '../../schemas/index';
import { startListParams } from './startList';
import { renderAdmin } from './testUtils';

afterEach(() => {
  cleanup();
  localStorage.clear();
});

const withoutSignal = ({ signal: _signal, ...rest }: { signal?: unknown }) => rest;

describe('start page prefetch parameters (the first row shows sooner)', () => {
  it('are exactly the parameters of the generated list first getList', async () => {
    const calls: Array<[string, unknown]> = [];
    const record = (dp: DataProvider): DataProvider => ({
      ...dp,
      getList: (resource, params) => (calls.push([resource, params]), dp.getList(resource, params)),
    });
    renderAdmin(
      '/clients',
      [clients],
      { clients: [{ id: 1, gname: 'Client 1' }], 'base-subtypes': [] },
      () => true,
      record,
    );
    await screen.findByText('Client 1');
    const first = calls.find(([resource]) => resource === 'clients');
    expect(first).toBeDefined();
    expect(withoutSignal(first![1] as { signal?: unknown })).toEqual(
      startListParams(clients, { pathname: '/clients' }),
    );
    expect(startListParams(clients, { pathname: '/clients' })).toEqual({
      pagination: { page: 1, perPage: 20 },
      sort: { field: 'lastModifiedDate', order: 'DESC' },
      filter: {},
      meta: { projection: 'clientList' },
    });
  });

  it('follow what react-admin stored from the last visit of the list', () => {
    localStorage.setItem(
      'RaStore.clients.listParams',
      JSON.stringify({ sort: 'gname', order: 'ASC', page: 3, perPage: 50, filter: { 'country.id': 4 } }),
    );
    expect(startListParams(clients, { pathname: '/clients' })).toEqual({
      pagination: { page: 3, perPage: 50 },
      sort: { field: 'gname', order: 'ASC' },
      filter: { 'country.id': 4 },
      meta: { projection: 'clientList' },
    });
  });

  it('are none away from a generated list (a card, another page)', () => {
    expect(startListParams(clients, { pathname: '/clients/12' })).toBeNull();
    expect(startListParams(clients, { pathname: '/mobile-app' })).toBeNull();
    expect(startListParams(contacts, { pathname: '/clients' })).toBeNull();
    expect(schemas.filter((s) => startListParams(s, { pathname: '/contacts/' }))).toEqual([contacts]);
  });
});
