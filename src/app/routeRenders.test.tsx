import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, useNavigate, type NavigateFunction } from 'react-router-dom';
import fakeRestProvider from 'ra-data-fakerest';
import type { User } from 'oidc-client-ts';
import { useResourceContext } from 'react-admin';
import type { ReactNode } from 'react';
import { schemas } from '../../schemas/index';
import { createAuthProvider, type OidcClient } from '../auth/authProvider';
import type { MenuEntryProps } from './MenuEntry';
import { App } from './App';
import { matchMedia } from '../test/matchMedia';

/** Renders per resource route (the route guard every generated route renders) and per menu entry. */
const routeRenders = new Map<string, number>();
const entryRenders = new Map<string, number>();
const count = (map: Map<string, number>, key: string) => map.set(key, (map.get(key) ?? 0) + 1);

vi.mock('../resources/views/guards', async (original) => {
  const m = await original<typeof import('../resources/views/guards')>();
  return {
    RouteGuard: (props: Parameters<typeof m.RouteGuard>[0]) => {
      count(routeRenders, useResourceContext() ?? '?');
      return m.RouteGuard(props);
    },
  };
});
vi.mock('./MenuEntry', async (original) => {
  const m = await original<typeof import('./MenuEntry')>();
  const { memo } = await import('react');
  // the same memoised component, its body run here so that its renders are counted
  const inner = (m.MenuEntry as unknown as { type: (p: MenuEntryProps) => ReactNode }).type;
  return {
    MenuEntry: memo((props: MenuEntryProps) => {
      count(entryRenders, props.route);
      return inner(props);
    }),
  };
});

let navigate: NavigateFunction;
const Navigator = () => {
  navigate = useNavigate();
  return null;
};

const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 300)));

describe('route renders', { timeout: 120_000 }, () => {
  beforeEach(() => {
    localStorage.setItem('token', 'access');
    vi.stubGlobal('matchMedia', matchMedia);
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    localStorage.clear();
  });

  it('a navigation renders only the matched resource route and the menu entries whose active state changes', async () => {
    const authProvider = createAuthProvider({
      userManager: {
        getUser: async () => ({ id_token: 'id', expires_in: 300 }) as unknown as User,
        removeUser: async () => undefined,
      } as unknown as OidcClient,
      schemas,
      fetchUserInfo: async () => ({
        username: 'ada',
        employeeId: 1,
        employeeOfficeId: 1,
        employeeName: 'Ada Lovelace',
        roleList: [{ name: 'ADMIN', privilegeList: [] }],
        positionList: [],
      }),
    });
    const rows = Array.from({ length: 30 }, (_, i) => ({ id: i + 1, gname: `Row ${i + 1}` }));
    const dataProvider = fakeRestProvider(Object.fromEntries(schemas.map((s) => [s.route, rows])), false);
    render(
      <MemoryRouter initialEntries={['/clients']}>
        <Navigator />
        <App
          config={{ oidcIssuer: 'http://localhost/oidc', oidcClientId: 'bureau-spa' }}
          authProvider={authProvider}
          dataProvider={dataProvider}
        />
      </MemoryRouter>,
    );
    await screen.findAllByText('Row 1', {}, { timeout: 40_000 });
    const items = await screen.findAllByRole('menuitem', {}, { timeout: 40_000 });
    // the icons come in their own chunk: until it arrives every entry re-renders once more, which
    // on a loaded machine can land inside the navigations measured below
    await waitFor(() => expect(items.every((item) => item.querySelector('svg'))).toBe(true), { timeout: 40_000 });
    await settle();
    expect(entryRenders.size).toBeGreaterThan(5); // the menu is there, one entry per visible schema

    routeRenders.clear();
    entryRenders.clear();
    await act(async () => navigate('/clients?filter=%7B%7D&page=2&perPage=20')); // a list state change
    await screen.findByText('Row 21', {}, { timeout: 40_000 });
    await settle();
    expect([...routeRenders.keys()]).toEqual(['clients']);
    expect([...entryRenders.keys()]).toEqual([]);

    routeRenders.clear();
    entryRenders.clear();
    await act(async () => navigate('/contacts'));
    await settle();
    expect([...routeRenders.keys()]).toEqual(['contacts']);
    expect([...entryRenders.keys()].sort()).toEqual(['clients', 'contacts']);
  });
});
