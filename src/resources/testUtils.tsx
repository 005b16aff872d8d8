/** Test helpers: generated resources on a memory router over ra-data-fakerest data. */
import { render } from '@testing-library/react';
import fakeRestProvider from 'ra-data-fakerest';
import { AdminContext, TestMemoryRouter, type AuthProvider, type DataProvider } from 'react-admin';
import { Route, Routes } from 'react-router-dom';
import type { EntitySchema } from '../../schemas/define';
import { i18nProvider } from '../i18n';
import type { CanAccess } from './access';
import { NO_PARTS, type PartsSet } from './parts';
import { resourceFor } from './resource';
// The lazy views' modules (lazyViews.tsx), loaded with the test file rather than inside a test's wait.
import './views/SchemaCreateEdit';
import './views/SchemaShow';
import { loadInlineEditor } from './views/InlineEditCell';

// The open inline cell's form (loaded by the cells when they mount), ready before the first render.
await loadInlineEditor();

export interface AdminRender {
  location: () => string;
  dataProvider: DataProvider;
}

/**
 * Renders the resources (without `<Admin>`'s layout, which costs seconds in jsdom) at `path` with the given resources and fake data; `location()` reads the current path. */
export function renderAdmin(
  path: string,
  schemas: EntitySchema[],
  data: Record<string, unknown[]>,
  canAccess: CanAccess = () => true,
  /** Wraps the fake data provider (e.g. to record calls from the first render on). */
  wrap: (dataProvider: DataProvider) => DataProvider = (d) => d,
  /** Bespoke parts passed to every resource. */
  parts: PartsSet = NO_PARTS,
  /** The signed-in user (identity, permissions) where a view reads them; none by default. */
  authProvider?: AuthProvider,
): AdminRender {
  let current = path;
  const faked = fakeRestProvider(data, false);
  // our filter operators in fakerest's spelling: `status.code.ne` -> `status.code_neq`, `date.gte` -> `date_gte`
  const spelling: Record<string, string> = { ne: 'neq', gte: 'gte', lte: 'lte', gt: 'gt', lt: 'lt' };
  const ops = (filter: Record<string, unknown> = {}) =>
    Object.fromEntries(
      Object.entries(filter).map(([k, v]) => {
        const op = k.split('.').pop()!;
        return [spelling[op] && k.includes('.') ? `${k.slice(0, -op.length - 1)}_${spelling[op]}` : k, v];
      }),
    );
  const fake: DataProvider = {
    ...faked,
    getList: (resource, params) => faked.getList(resource, { ...params, filter: ops(params.filter) }),
  };
  // Like our data provider: a reference target `client` filters on `client.id` (nested references).
  const dataProvider: DataProvider = wrap({
    ...fake,
    getManyReference: (resource, { target, id, filter, ...rest }) =>
      fake.getList(resource, { ...rest, filter: { ...filter, [`${target}.id`]: id } }),
  });
  render(
    <TestMemoryRouter initialEntries={[path]} locationCallback={(l) => (current = `${l.pathname}${l.search}`)}>
      <AdminContext dataProvider={dataProvider} i18nProvider={i18nProvider} authProvider={authProvider}>
        <Routes>
          {schemas.map((s) => (
            <Route key={s.route} path={`/${s.route}/*`} element={resourceFor(s, canAccess, parts)} />
          ))}
          <Route path="/404" element={<p>Not found</p>} />
        </Routes>
      </AdminContext>
    </TestMemoryRouter>,
  );
  return { location: () => current, dataProvider };
}
