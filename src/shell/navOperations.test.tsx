import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, waitFor } from '@testing-library/react';
import { clients } from '../../schemas/index';
import { renderAdmin } from '../resources/testUtils';

const data = { clients: [{ id: 5, gname: 'Acme', version: 0 }], departments: [], 'base-subtypes': [], contacts: [] };

describe('route operations', { timeout: 15_000 }, () => {
  afterEach(cleanup);

  it.each([
    ['/clients/create', '/clients/create'],
    ['/clients/list/create', '/clients/list/create'],
    ['/clients/5/edit', '/clients/5/edit'],
    ['/clients/5/card/edit', '/clients/5/card/edit'],
  ])('NAV-04 NAV-16 the client form accepts its listed operation: %s', async (path, expected) => {
    const admin = renderAdmin(path, [clients], data);
    await new Promise((r) => setTimeout(r, 300));
    expect(admin.location()).toBe(expected);
  });

  it.each(['/clients/bogus/create', '/clients/bogus/edit', '/clients/5/card/clone', '/clients/5/list/delete'])(
    'NAV-04 an origin not listed for the route goes to /404: %s',
    async (path) => {
      const admin = renderAdmin(path, [clients], data);
      await waitFor(() => expect(admin.location()).toBe('/404'));
    },
  );
});
