import { lazy, Suspense, type ComponentProps, type ComponentType, type ReactNode } from 'react';
import { CssBaseline } from '@mui/material';
import { RefetchOnLocaleChange } from '../i18n/RefetchOnLocaleChange';
import type { QueryClient } from '@tanstack/react-query';
import {
  AdminContext,
  AuthCallback,
  CoreAdminUI,
  LoadingPage,
  localStorageStore,
  type Store,
  type AdminChildren,
  type AuthProvider,
  type CoreAdminUIProps,
  type DataProvider,
  type I18nProvider,
  type RaThemeOptions,
} from 'react-admin';

const pages = () => import('./adminPages');
const LazyError = lazy(() => pages().then((m) => ({ default: m.Error })));
const LazyAuthenticationError = lazy(() => pages().then((m) => ({ default: m.AuthenticationError })));

/** The render-error page, loaded when a render fails. */
const ErrorPage = (props: ComponentProps<typeof LazyError>) => (
  <Suspense fallback={null}>
    <LazyError {...props} />
  </Suspense>
);

/** The failed-authentication-check page, loaded when a check fails. */
const AuthenticationErrorPage = () => (
  <Suspense fallback={null}>
    <LazyAuthenticationError />
  </Suspense>
);

/**
 * A store whose `reset()` (react-admin calls it on sign-out) keeps the values of `keys`: the
 * user's preferences outlive the session, the list states and the rest do not.
 *
 * @example
 * const store = keepOnReset(localStorageStore(), ['locale']);
 * store.setItem('locale', 'ru');
 * store.reset();
 * store.getItem('locale'); // 'ru'
 */
export const keepOnReset = (store: Store, keys: readonly string[]): Store => ({
  ...store,
  reset: () => {
    const kept = keys.map((key) => [key, store.getItem(key)] as const);
    store.reset();
    for (const [key, value] of kept) if (value !== undefined) store.setItem(key, value);
  },
});

/**
 * react-admin's default store (list parameters, sidebar state, preferences in localStorage); the
 * language and the theme the user picked survive sign-out.
 */
const store = keepOnReset(localStorageStore(), ['locale', 'theme']);

export interface BureauAdminProps {
  authProvider: AuthProvider;
  dataProvider: DataProvider;
  i18nProvider: I18nProvider;
  /** The light theme. */
  theme: RaThemeOptions;
  /**
   * The dark theme. With it, the first visit follows the system's `prefers-color-scheme`, the app
   * bar shows react-admin's `ToggleThemeButton`, and a choice made there is kept in the store
   * (`RaStore.theme` in localStorage) across reloads.
   */
  darkTheme?: RaThemeOptions;
  layout: ComponentType<{ children: ReactNode }>;
  dashboard: CoreAdminUIProps['dashboard'];
  notification: ComponentType;
  catchAll: ComponentType;
  accessDenied: ComponentType;
  loading?: ComponentType;
  /** react-admin's query cache; a new one when absent (as `<Admin>`). */
  queryClient?: QueryClient;
  title: string;
  children: AdminChildren;
}

/**
 * react-admin's `<Admin>` as the two halves it is made of, `AdminContext` (providers, theme, store)
 * and `CoreAdminUI` (routes), with sign-in always required (NAV-01), telemetry off, no built-in
 * login page (the OpenID provider's is used, AUTH-11) and the error pages loaded on demand.
 *
 * `<Admin>`'s UI half (`AdminUI`) names react-admin's login form, not-found and access-denied pages
 * as defaults, which put the login form and its form library in every first load even when Bureau
 * replaces them; composing the halves here keeps them out. Behaviour is
 * otherwise `<Admin>`'s, including the CSS baseline with the colour scheme.
 */
export const BureauAdmin = ({
  authProvider,
  dataProvider,
  i18nProvider,
  theme,
  darkTheme,
  queryClient,
  notification: Notification,
  loading = LoadingPage,
  children,
  ...ui
}: BureauAdminProps) => (
  <AdminContext
    authProvider={authProvider}
    dataProvider={dataProvider}
    i18nProvider={i18nProvider}
    theme={theme}
    darkTheme={darkTheme}
    store={store}
    queryClient={queryClient}
  >
    <CssBaseline enableColorScheme>
      <CoreAdminUI
        {...ui}
        loading={loading}
        requireAuth
        disableTelemetry
        loginPage={false}
        authCallbackPage={AuthCallback}
        authenticationError={AuthenticationErrorPage}
        error={ErrorPage}
      >
        {children}
      </CoreAdminUI>
      <Notification />
      <RefetchOnLocaleChange />
    </CssBaseline>
  </AdminContext>
);
