import { render } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { AdminContext, type AuthProvider, type DataProvider } from 'react-admin';
import type { Privilege } from '../../schemas/access';
import type { Permissions } from '../access/canAccess';
import { BESPOKE_PAGES, bespokePath } from './bespokePages';
import { BespokeRoute } from './BespokeRoute';
import { i18nProvider } from '../i18n';

/** View-only permissions on `modules` for a user holding `roles` (tests of guarded pages). */
export const viewPermissions = (roles: string[], modules: string[]): Permissions => ({
  roles,
  privileges: new Map(
    modules.map((module): [string, Privilege] => [
      module,
      { module, view: true, create: false, update: false, delete: false },
    ]),
  ),
});

/**
 * Renders the bespoke page of `route` (its `BESPOKE_PAGES` entry, behind its guard) at `path`,
 * signed in with `permissions`, beside a `/404` page whose heading is "Page not found".
 *
 * @example
 * renderBespokePage('structure', '/structure?officeId=1', dataProvider, viewPermissions([], ['structure']));
 */
export function renderBespokePage(
  route: string,
  path: string,
  dataProvider: DataProvider,
  permissions: Permissions,
  identity: { id: string; fullName?: string; employeeId?: number | null; topManager?: boolean } = { id: 'tester' },
): void {
  const authProvider: AuthProvider = {
    login: async () => undefined,
    logout: async () => undefined,
    checkAuth: async () => undefined,
    checkError: async () => undefined,
    getPermissions: async () => permissions,
    getIdentity: async () => identity,
  };
  const page = BESPOKE_PAGES.find((p) => p.route === route);
  if (!page) throw new Error(`no bespoke page ${route}`);
  render(
    <MemoryRouter initialEntries={[path]}>
      <AdminContext dataProvider={dataProvider} authProvider={authProvider} i18nProvider={i18nProvider}>
        <Routes>
          <Route path={bespokePath(page)} element={<BespokeRoute page={page} />} />
          <Route path="/404" element={<h1>Page not found</h1>} />
        </Routes>
      </AdminContext>
    </MemoryRouter>,
  );
}
