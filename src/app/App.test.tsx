import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import fakeRestProvider from 'ra-data-fakerest';
import type { User } from 'oidc-client-ts';
import { schemas } from '../../schemas/index';
import type { Privilege, UserInfo } from '../../schemas/access';
import { createAuthProvider, type OidcClient } from '../auth/authProvider';
import { handleForbidden } from '../shell/forbidden';
import { App } from './App';
import { matchMedia, matchMediaAt } from '../test/matchMedia';

const config = { oidcIssuer: 'http://localhost/oidc', oidcClientId: 'bureau-spa' };
const view = (module: string): Privilege => ({ module, view: true, create: false, update: false, delete: false });

const renderApp = (path: string, roleList: UserInfo['roleList'] = [{ name: 'ADMIN', privilegeList: [] }]) => {
  const userManager = {
    signinRedirect: vi.fn(async () => undefined),
    signinRedirectCallback: vi.fn(),
    signoutRedirect: vi.fn(async () => undefined),
    getUser: vi.fn(async () => ({ id_token: 'id', expires_in: 300 }) as unknown as User),
    removeUser: vi.fn(async () => undefined),
    signinSilent: vi.fn(),
  };
  const authProvider = createAuthProvider({
    userManager: userManager as unknown as OidcClient,
    schemas,
    fetchUserInfo: async () => ({
      username: 'ada',
      employeeId: 1,
      employeeOfficeId: 1,
      employeeName: 'Ada Lovelace',
      roleList,
      positionList: [],
    }),
  });
  const dataProvider = fakeRestProvider(Object.fromEntries(schemas.map((s) => [s.route, []])));
  render(
    <MemoryRouter initialEntries={[path]}>
      <App config={config} authProvider={authProvider} dataProvider={dataProvider} />
    </MemoryRouter>,
  );
  return { userManager };
};

describe('the app shell', { timeout: 40_000 }, () => {
  beforeEach(() => {
    localStorage.clear();
    sessionStorage.clear();
    localStorage.setItem('token', 'access');
    vi.stubGlobal('matchMedia', matchMedia);
  });
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });

  it('NAV-02 an unknown path redirects to /404, the not-found page with a link home', async () => {
    renderApp('/no/such/page');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Page not found' }, { timeout: 20_000 }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the start page' })).toHaveAttribute('href', '/');
  });

  it('PERM-10 NAV-52 a member opening base types lands on /404', async () => {
    renderApp('/base-types', [{ name: 'MEMBER', privilegeList: [view('team')] }]);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Page not found' }, { timeout: 20_000 }),
    ).toBeInTheDocument();
  });

  it('SHELL-03 the side menu is grouped by area and shows only permitted pages', async () => {
    renderApp('/404', [{ name: 'MEMBER', privilegeList: [view('team'), view('department')] }]);
    await screen.findByRole('heading', { level: 1, name: 'Page not found' }, { timeout: 20_000 });
    await vi.waitFor(() => expect(document.querySelector('.RaMenu-open, .RaMenu-closed')).not.toBeNull(), {
      timeout: 10_000,
    });
    const menu = document.querySelector<HTMLElement>('.RaMenu-open, .RaMenu-closed')!;
    expect(await within(menu).findByText('Organisation')).toBeInTheDocument();
    expect(within(menu).getByRole('menuitem', { name: /Team/ })).toBeInTheDocument();
    expect(within(menu).queryByText('Clients')).not.toBeInTheDocument();
    expect(within(menu).queryByText('Base types')).not.toBeInTheDocument();
  });

  it('NARROW-03 a page opened on a phone starts with the menu drawer closed, whatever a wider window left open', async () => {
    // react-admin's store as a 1,280 px window leaves it: the sidebar expanded
    localStorage.setItem('RaStore.sidebar.open', 'true');
    vi.stubGlobal('matchMedia', matchMediaAt(375));
    renderApp('/404');
    await screen.findByRole('heading', { level: 1, name: 'Page not found' }, { timeout: 20_000 });
    await vi.waitFor(() => expect(localStorage.getItem('RaStore.sidebar.open')).toBe('false'));
    expect(screen.queryByLabelText('Main menu')).not.toBeInTheDocument();
    // the burger still opens it
    fireEvent.click(screen.getByRole('button', { name: 'Open menu' }));
    expect(await screen.findByLabelText('Main menu')).toBeVisible();
  });

  it('NARROW-02 at 768 px the side menu opens collapsed to its icons, so tables keep their width; at 1,280 px it stays as left', async () => {
    localStorage.setItem('RaStore.sidebar.open', 'true');
    vi.stubGlobal('matchMedia', matchMediaAt(768));
    renderApp('/404');
    await screen.findByRole('heading', { level: 1, name: 'Page not found' }, { timeout: 20_000 });
    await vi.waitFor(() => expect(localStorage.getItem('RaStore.sidebar.open')).toBe('false'));
    cleanup();
    localStorage.setItem('RaStore.sidebar.open', 'true');
    vi.stubGlobal('matchMedia', matchMediaAt(1280));
    renderApp('/404');
    await screen.findByRole('heading', { level: 1, name: 'Page not found' }, { timeout: 20_000 });
    expect(localStorage.getItem('RaStore.sidebar.open')).toBe('true');
  });

  it('AUTH-28 the user menu shows the employee name and a sign-out entry', async () => {
    renderApp('/404');
    fireEvent.click(await screen.findByText('Ada Lovelace', {}, { timeout: 20_000 }));
    expect(await screen.findByRole('menuitem', { name: 'Sign out' })).toBeInTheDocument();
  });

  it('PERM-11 NAV-01 without a token a protected page goes to sign-in, which starts the redirect by itself', async () => {
    localStorage.clear();
    const { userManager } = renderApp('/clients');
    expect(await screen.findByRole('button', { name: /Sign in|Redirecting/ }, { timeout: 20_000 })).toBeInTheDocument();
    await vi.waitFor(
      () => expect(userManager.signinRedirect).toHaveBeenCalledWith({ state: { returnTo: '/clients' } }),
      { timeout: 10_000 },
    );
  });

  it('NAV-09 /authorization shows the sign-in page without starting the redirect', async () => {
    localStorage.clear();
    const { userManager } = renderApp('/authorization');
    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeInTheDocument();
    expect(userManager.signinRedirect).not.toHaveBeenCalled();
  });

  it('NAV-01 the forgot-password page is public and links to the provider', async () => {
    localStorage.clear();
    renderApp('/authorization/forgot-password');
    expect(await screen.findByRole('link', { name: 'Continue' })).toHaveAttribute(
      'href',
      'http://localhost/oidc/forgot-password',
    );
  });

  it('PERM-13 SHELL-10 the 403 toast shows top-right with the exact text', async () => {
    renderApp('/404');
    await screen.findByRole('heading', { level: 1, name: 'Page not found' }, { timeout: 20_000 });
    act(() => handleForbidden());
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Forbidden');
    expect(alert.textContent).toContain('You don`t  have permission access');
    expect(alert.closest('.MuiSnackbar-anchorOriginTopRight')).not.toBeNull();
  });
});
