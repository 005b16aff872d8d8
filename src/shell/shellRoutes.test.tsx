import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import fakeRestProvider from 'ra-data-fakerest';
import { AdminContext, useNotify } from 'react-admin';
import type { User } from 'oidc-client-ts';
import { schemas } from '../../schemas/index';
import { createAuthProvider, type OidcClient } from '../auth/authProvider';
import { App, TopRightNotification } from '../app/App';
import { i18nProvider } from '../i18n';
import { DYNAMIC_IMPORT_ERROR, lazyReported, resolveLayoutName } from './lazyImport';
import { ToastBridge } from './ToastBridge';
import { showToast, TOAST_LIFE_MS } from './toasts';
import { Suspense, type ComponentType } from 'react';
import { matchMediaAt } from '../test/matchMedia';

const renderApp = (path: string) => {
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
      roleList: [{ name: 'ADMIN', privilegeList: [] }],
      positionList: [],
    }),
  });
  const dataProvider = fakeRestProvider(Object.fromEntries(schemas.map((s) => [s.route, []])), false);
  render(
    <MemoryRouter initialEntries={[path]}>
      <App
        config={{ oidcIssuer: 'http://localhost/oidc', oidcClientId: 'bureau-spa' }}
        authProvider={authProvider}
        dataProvider={dataProvider}
      />
    </MemoryRouter>,
  );
  return { userManager };
};

/** Which of the three layouts is on screen (SHELL-06). */
const layoutShown = (): 'default' | 'auth' | 'plain' | 'none' => {
  if (document.querySelector('[class*="RaLayout-root"]')) return 'default';
  if (document.querySelector('.MuiCard-root h1')?.textContent === 'Bureau') return 'auth';
  if (screen.queryByRole('searchbox')) return 'plain';
  return 'none';
};

describe('shell routes and layouts', { timeout: 40_000 }, () => {
  beforeEach(() => {
    localStorage.clear();
    sessionStorage.clear();
    localStorage.setItem('token', 'access');
    vi.stubGlobal('matchMedia', matchMediaAt(1280));
  });
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });

  it('SHELL-06 NAV-05 application routes use the default (main) layout', async () => {
    renderApp('/clients');
    await vi.waitFor(() => expect(layoutShown()).toBe('default'), { timeout: 20_000 });
    // the sidebar comes in a second, deferred pass (layouts.tsx)
    await vi.waitFor(() => expect(document.querySelector('[class*="RaSidebar-root"]')).not.toBeNull(), {
      timeout: 20_000,
    });
  });

  it('SHELL-06 NAV-10 the authorization routes use the auth layout', async () => {
    localStorage.clear();
    renderApp('/authorization/login');
    expect(await screen.findByRole('button', { name: 'Sign in' }, { timeout: 20_000 })).toBeInTheDocument();
    expect(layoutShown()).toBe('auth');
  });

  it('SHELL-06 NAV-13 /mobile-app is the mobile entry page, in the plain layout', async () => {
    vi.stubGlobal('matchMedia', matchMediaAt(375));
    renderApp('/mobile-app');
    expect(await screen.findByRole('searchbox', {}, { timeout: 20_000 })).toBeInTheDocument();
    expect(layoutShown()).toBe('plain');
    // the cards show once their schemas are loaded and the user's access is known
    expect(await screen.findByRole('region', { name: 'Recent clients' }, { timeout: 20_000 })).toBeInTheDocument();
  });

  it('NAV-11 the forgot-password route exists in the authorization area (auth layout)', async () => {
    localStorage.clear();
    renderApp('/authorization/forgot-password');
    expect(await screen.findByRole('link', { name: 'Continue' }, { timeout: 20_000 })).toHaveAttribute(
      'href',
      'http://localhost/oidc/forgot-password',
    );
    expect(layoutShown()).toBe('auth');
  });

  it('NAV-12 the reset-password route exists in the authorization area (auth layout)', async () => {
    localStorage.clear();
    renderApp('/authorization/reset-password');
    expect(await screen.findByRole('link', { name: 'Continue' }, { timeout: 20_000 })).toHaveAttribute(
      'href',
      expect.stringContaining('/oidc/'),
    );
    expect(layoutShown()).toBe('auth');
    expect(screen.queryByText('Page not found')).not.toBeInTheDocument();
  });

  it('NAV-01 the mobile entry page requires a signed-in user too', async () => {
    localStorage.clear();
    const { userManager } = renderApp('/mobile-app');
    expect(await screen.findByRole('button', { name: /Sign in|Redirecting/ }, { timeout: 20_000 })).toBeInTheDocument();
    expect(screen.queryByRole('searchbox')).not.toBeInTheDocument();
    await vi.waitFor(
      () => expect(userManager.signinRedirect).toHaveBeenCalledWith({ state: { returnTo: '/mobile-app' } }),
      { timeout: 10_000 },
    );
  });
});

describe('toasts and lazy imports', () => {
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  const Notifier = () => {
    const notify = useNotify();
    return <button onClick={() => notify('Saved')}>notify</button>;
  };

  it('SHELL-04 SHELL-10 SHELL-11 a toast shows top-right and hides after 5000 ms by default', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    render(
      <AdminContext i18nProvider={i18nProvider}>
        <Notifier />
        <TopRightNotification />
      </AdminContext>,
    );
    fireEvent.click(screen.getByText('notify'));
    const toast = await screen.findByText('Saved');
    expect(toast.closest('.MuiSnackbar-anchorOriginTopRight')).not.toBeNull();
    await act(async () => vi.advanceTimersByTime(4800));
    expect(screen.queryByText('Saved')).toBeInTheDocument();
    await act(async () => vi.advanceTimersByTime(1500));
    await vi.waitFor(() => expect(screen.queryByText('Saved')).not.toBeInTheDocument(), { timeout: 10_000 });
  });

  it('SHELL-04 non-React code posts toasts to the global toast area', async () => {
    render(
      <AdminContext i18nProvider={i18nProvider}>
        <ToastBridge />
        <TopRightNotification />
      </AdminContext>,
    );
    act(() => showToast({ severity: 'info', summary: 'Copied', detail: 'to the clipboard', life: TOAST_LIFE_MS }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Copiedto the clipboard');
  });

  it('SHELL-12 a failed layout or page import reports "Unknown variable dynamic import"', async () => {
    const log = vi.fn();
    const Broken = lazyReported(
      'layouts/fancy',
      (): Promise<{ default: ComponentType<object> }> =>
        Promise.reject(new TypeError('Failed to fetch dynamically imported module')),
      log,
    );
    render(
      <Suspense fallback={null}>
        <Broken />
      </Suspense>,
    );
    expect(await screen.findByRole('alert')).toHaveTextContent('This page could not be loaded.');
    expect(log).toHaveBeenCalledWith(`${DYNAMIC_IMPORT_ERROR}: layouts/fancy`, expect.any(TypeError));
    await expect(resolveLayoutName('fancy')).rejects.toThrow('Unknown variable dynamic import: ./layouts/fancy');
    await expect(resolveLayoutName('auth')).resolves.toBe('auth');
  });
});
