import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import fakeRestProvider from 'ra-data-fakerest';
import type { DataProvider } from 'react-admin';
import type { User } from 'oidc-client-ts';
import { schemas } from '../../schemas/index';
import type { Privilege, UserInfo } from '../../schemas/access';
import { createAuthProvider, type OidcClient } from '../auth/authProvider';
import { App } from '../app/App';
import { matchMedia } from '../test/matchMedia';

const clientViewer: UserInfo['roleList'] = [
  {
    name: 'CLIENT_VIEWER',
    privilegeList: [{ module: 'client', view: true, create: false, update: false, delete: false } as Privilege],
  },
];

/** The whole app for a user holding only view on clients, every data-provider call recorded. */
const renderApp = (path: string, roleList: UserInfo['roleList'] = clientViewer) => {
  const calls: string[] = [];
  const fake = fakeRestProvider(Object.fromEntries(schemas.map((s) => [s.route, []])));
  const dataProvider = new Proxy(fake, {
    get: (target, method: string) => {
      const real = (target as unknown as Record<string, unknown>)[method];
      if (typeof real !== 'function') return real;
      return (resource: string, ...rest: unknown[]) => {
        calls.push(`${method} ${resource}`);
        return (real as (...a: unknown[]) => unknown).call(target, resource, ...rest);
      };
    },
  }) as DataProvider;
  const authProvider = createAuthProvider({
    userManager: {
      signinRedirect: vi.fn(async () => undefined),
      signinRedirectCallback: vi.fn(),
      signoutRedirect: vi.fn(async () => undefined),
      getUser: vi.fn(async () => ({ id_token: 'id', expires_in: 300 }) as unknown as User),
      removeUser: vi.fn(async () => undefined),
      signinSilent: vi.fn(),
    } as unknown as OidcClient,
    schemas,
    fetchUserInfo: async () => ({
      username: 'viewer',
      employeeId: null,
      employeeOfficeId: null,
      employeeName: 'Client Viewer',
      roleList,
      positionList: [],
    }),
  });
  render(
    <MemoryRouter initialEntries={[path]}>
      <App
        config={{ oidcIssuer: 'http://localhost/oidc', oidcClientId: 'bureau-spa' }}
        authProvider={authProvider}
        dataProvider={dataProvider}
      />
    </MemoryRouter>,
  );
  return { calls };
};

describe('PERM-10 a forbidden list is never requested', { timeout: 60_000 }, () => {
  beforeEach(() => {
    localStorage.clear();
    localStorage.setItem('token', 'access');
    vi.stubGlobal('matchMedia', matchMedia);
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  for (const path of ['/offices', '/users', '/roles', '/currencies', '/currencyRates', '/offices/create', '/users/3']) {
    it(`PERM-10 a client viewer typing ${path} lands on the not-found page without a request for it`, async () => {
      const { calls } = renderApp(path);
      expect(
        await screen.findByRole('heading', { level: 1, name: 'Page not found' }, { timeout: 30_000 }),
      ).toBeInTheDocument();
      const resource = path.split('/')[1]!;
      expect(calls.filter((c) => c.endsWith(` ${resource}`))).toEqual([]);
    });
  }

  it('NAV-90 /offices lists the offices for a user with view on office and is not found without it', async () => {
    const officeViewer: UserInfo['roleList'] = [
      {
        name: 'OFFICE_VIEWER',
        privilegeList: [{ module: 'office', view: true, create: false, update: false, delete: false } as Privilege],
      },
    ];
    const { calls } = renderApp('/offices', officeViewer);
    await vi.waitFor(() => expect(calls).toContain('getList offices'), { timeout: 30_000 });
    expect(screen.queryByRole('heading', { level: 1, name: 'Page not found' })).not.toBeInTheDocument();
    cleanup();
    // without it, the same address is the not-found page (the loop above asserts no request)
    renderApp('/offices');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Page not found' }, { timeout: 30_000 }),
    ).toBeInTheDocument();
  });

  it('NAV-73 members, a test page of the original product, is no page here: /members is not found', async () => {
    const { calls } = renderApp('/members');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Page not found' }, { timeout: 30_000 }),
    ).toBeInTheDocument();
    expect(calls.filter((c) => c.endsWith(' members'))).toEqual([]);
  });

  it('PERM-10 NAV-99 NAV-100 NAV-101 the client viewer sees Clients in the menu, and no users, roles or currencies', async () => {
    const { calls } = renderApp('/clients');
    await vi.waitFor(() => expect(calls).toContain('getList clients'), { timeout: 30_000 });
    const menu = await vi.waitFor(
      () => {
        const m = document.querySelector<HTMLElement>('.RaMenu-open, .RaMenu-closed');
        if (!m) throw new Error('no menu yet');
        return m;
      },
      { timeout: 30_000 },
    );
    expect(await within(menu).findByRole('menuitem', { name: /Clients/ })).toBeInTheDocument();
    for (const name of [/Users/, /Roles/, /Currencies/, /Currency rates/, /Offices/])
      expect(within(menu).queryByRole('menuitem', { name })).not.toBeInTheDocument();
    // the clients and the choices of the list's always-on Country filter (a dictionary), nothing else
    expect(calls.filter((c) => !c.endsWith(' clients') && c !== 'getList base-subtypes')).toEqual([]);
  });
});
