import { Suspense, type ComponentType, type ReactNode } from 'react';
import { Navigate, Route } from 'react-router-dom';
import { Authenticated, CustomRoutes, Notification, type DataProvider } from 'react-admin';
import type { Permissions } from '../access/canAccess';
import type { AppConfig } from '../auth/appConfig';
import type { BureauAuthProvider } from '../auth/authProvider';
import { i18nProvider } from '../i18n';
import { lazyReported } from '../shell/lazyImport';
import HomeRedirect from '../pages/HomeRedirect';
import { AppConfigContext } from './AppConfigContext';
import { BureauAdmin } from './BureauAdmin';
import { BESPOKE_PAGES, bespokePath } from './bespokePages';
import { BespokeRoute } from './BespokeRoute';
import { DefaultLayout, PlainLayout } from './layouts';
import { entries, mountResources } from './resources';
import { aliasRoutes } from './routeAliases';
import { RouteWatcher } from './routeLoading';
import { darkTheme, theme } from './theme';

// SHELL-12: a failed import is reported ("Unknown variable dynamic import"), not thrown.
const LoginPage = lazyReported('pages/LoginPage', () => import('../pages/LoginPage'));
const PasswordHelpPage = lazyReported('pages/PasswordHelpPage', () => import('../pages/PasswordHelpPage'));
const NotFoundPage = lazyReported('pages/NotFoundPage', () => import('../pages/NotFoundPage'));
const MobileAppPage = lazyReported('pages/MobileAppPage', () => import('../pages/MobileAppPage'));

const Lazy = ({ children }: { children: ReactNode }) => <Suspense fallback={null}>{children}</Suspense>;

/** Unknown paths (NAV-02) and denied resources (PERM-10) end on `/404`. */
const ToNotFound = () => <Navigate to="/404" replace />;

/** Toasts top-right (SHELL-10) for 5000 ms (SHELL-11). */
export const TopRightNotification = () => (
  <Notification anchorOrigin={{ vertical: 'top', horizontal: 'right' }} autoHideDuration={5000} />
);

export interface AppProps {
  config: AppConfig;
  authProvider: BureauAuthProvider;
  dataProvider: DataProvider;
  /** A custom empty-state / loading component for tests. */
  loading?: ComponentType;
}

/**
 * The whole SPA inside the caller's router (a `BrowserRouter`, docs/pitfalls.md): react-admin with
 * sign-in required (NAV-01) except `/authorization/*` (docs/decisions.md, NAV-01) and `/auth-callback`,
 * the three layouts (SHELL-06), one Resource per manifest entry (its schema loads with its first
 * route, `src/resources/schemaLoader.ts`) and the spec's shell routes.
 */
export const App = ({ config, authProvider, dataProvider, loading }: AppProps) => (
  <AppConfigContext.Provider value={config}>
    <RouteWatcher />
    <BureauAdmin
      title="Bureau"
      authProvider={authProvider}
      dataProvider={dataProvider}
      i18nProvider={i18nProvider}
      theme={theme}
      darkTheme={darkTheme}
      layout={DefaultLayout}
      dashboard={HomeRedirect}
      notification={TopRightNotification}
      catchAll={ToNotFound}
      accessDenied={ToNotFound}
      {...(loading ? { loading } : {})}
    >
      <CustomRoutes noLayout>
        <Route path="/authorization" element={<Navigate to="/authorization/login" replace />} />
        <Route
          path="/authorization/login"
          element={
            <Lazy>
              <LoginPage />
            </Lazy>
          }
        />
        <Route
          path="/authorization/forgot-password"
          element={
            <Lazy>
              <PasswordHelpPage kind="forgot" />
            </Lazy>
          }
        />
        <Route
          path="/authorization/reset-password"
          element={
            <Lazy>
              <PasswordHelpPage kind="reset" />
            </Lazy>
          }
        />
        <Route
          path="/mobile-app"
          element={
            <Authenticated>
              <PlainLayout>
                <Lazy>
                  <MobileAppPage />
                </Lazy>
              </PlainLayout>
            </Authenticated>
          }
        />
      </CustomRoutes>
      <CustomRoutes>
        {BESPOKE_PAGES.map((p) => (
          <Route key={p.route} path={bespokePath(p)} element={<BespokeRoute page={p} />} />
        ))}
        <Route
          path="/404"
          element={
            <Lazy>
              <NotFoundPage />
            </Lazy>
          }
        />
        {aliasRoutes(entries)}
      </CustomRoutes>
      {(permissions: Permissions) => mountResources(entries, permissions)}
    </BureauAdmin>
  </AppConfigContext.Provider>
);
