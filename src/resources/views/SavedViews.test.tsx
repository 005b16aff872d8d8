import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import fakeRestProvider from 'ra-data-fakerest';
import { useEffect } from 'react';
import {
  AdminContext,
  HttpError,
  ListBase,
  TestMemoryRouter,
  useListContext,
  useStore,
  type DataProvider,
} from 'react-admin';
import { Route, Routes } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { clients } from '../../../schemas/index';
import { i18nProvider } from '../../i18n';
import { SavedViewsButton, hiddenColumnList, viewSearch, type SavedView } from './SavedViews';
import { listColumnsStoreKey } from '../listQuery';

afterEach(() => {
  cleanup();
  localStorage.clear();
});

const roles = [
  { id: 1, name: 'ADMIN' },
  { id: 2, name: 'BILL' },
  { id: 3, name: 'MEMBER' },
];

const view = (
  id: number,
  name: string,
  mine: boolean,
  params: SavedView['params'],
  resource = 'clients',
): SavedView => ({
  id,
  name,
  resource,
  params,
  owner: mine ? 'billing' : 'admin',
  sharedRoles: mine ? [] : [{ id: 2 }],
  mine,
  version: 0,
});

/** The list's filter and sort as the list context holds them, to see what the address gave it. */
const Probe = () => {
  const { filterValues, sort, perPage } = useListContext();
  const [hidden] = useStore<string[]>(listColumnsStoreKey('clients'), []);
  return (
    <>
      <output aria-label="list state">{JSON.stringify({ filterValues, sort, perPage })}</output>
      <output aria-label="hidden columns">{JSON.stringify(hidden)}</output>
    </>
  );
};

/** Hides `columns` in the clients list, as the column chooser does. */
const HideColumns = ({ columns }: { columns: string[] }) => {
  const [, setHidden] = useStore<string[]>(listColumnsStoreKey('clients'), []);
  useEffect(() => setHidden(columns), []); // eslint-disable-line react-hooks/exhaustive-deps
  return null;
};

/** The Views control in a clients list at `path`, over fake views; records creates and updates. */
function renderControl(path: string, views: SavedView[], refuse?: HttpError, hidden: string[] = []) {
  let location = '';
  const faked = fakeRestProvider({ clients: [{ id: 1, gname: 'Aral Trading' }], savedViews: views }, false);
  const created: unknown[] = [];
  const updated: unknown[] = [];
  const dataProvider = {
    ...faked,
    create: (resource, params) => {
      created.push({ resource, data: params.data });
      return refuse ? Promise.reject(refuse) : faked.create(resource, params);
    },
    update: (resource, params) => {
      updated.push({ resource, id: params.id, data: params.data });
      return faked.update(resource, params);
    },
    // the roles action of saved views (its request is proven in dataProvider/actions.test.ts)
    action: async (resource: string, params: { name: string }) => {
      expect([resource, params.name]).toEqual(['savedViews', 'roles']);
      return { data: roles };
    },
  } as DataProvider;
  render(
    <TestMemoryRouter initialEntries={[path]} locationCallback={(l) => (location = l.search)}>
      <AdminContext dataProvider={dataProvider} i18nProvider={i18nProvider}>
        <Routes>
          <Route
            path="/clients"
            element={
              <ListBase resource="clients" disableAuthentication perPage={20}>
                <SavedViewsButton schema={clients} />
                <HideColumns columns={hidden} />
                <Probe />
              </ListBase>
            }
          />
        </Routes>
      </AdminContext>
    </TestMemoryRouter>,
  );
  return { location: () => new URLSearchParams(location), created, updated };
}

const openPanel = async () => {
  fireEvent.click(await screen.findByRole('button', { name: 'Views' }));
  return screen.findByRole('list', { name: 'Saved views' });
};

describe('the Views control', () => {
  it('VIEWS-10 lists my views first, then those shared with me marked with their owner; other lists views are not shown', async () => {
    renderControl('/clients', [
      view(1, 'Zeta mine', true, null),
      view(2, 'Alpha shared', false, null),
      view(3, 'Beta mine', true, null),
      view(4, 'Leads view', true, null, 'leads'),
    ]);
    const panel = await openPanel();
    await within(panel).findByText('Beta mine');
    const texts = within(panel)
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    expect(texts.slice(0, 6)).toEqual([
      'My views',
      'Beta mine',
      'Zeta mine',
      'Shared with me',
      'Alpha sharedShared by admin',
      expect.stringContaining('Save current view'),
    ]);
    expect(within(panel).queryByText('Leads view')).toBeNull();
    // only my own views can be renamed and deleted
    expect(within(panel).getByRole('button', { name: 'Delete Zeta mine' })).toBeTruthy();
    expect(within(panel).queryByRole('button', { name: 'Delete Alpha shared' })).toBeNull();
    // the first view has the focus, for the keyboard
    expect(document.activeElement?.textContent).toBe('Beta mine');
  });

  it('VIEWS-11 a list without views says so and offers to save the current one', async () => {
    renderControl('/clients', []);
    const panel = await openPanel();
    expect(await within(panel).findByText('No saved views for this list yet.')).toBeTruthy();
    expect(document.activeElement?.textContent).toBe('Save current view');
  });

  it('VIEWS-12 applying a view puts its filter, sort, order and rows per page in the address, on page 1', async () => {
    const admin = renderControl('/clients?filter={}&page=3&perPage=20&sort=id&order=DESC', [
      view(2, 'Aral by name', false, { filter: '{"search":"Aral"}', sort: 'gname', order: 'ASC', perPage: 50 }),
    ]);
    const panel = await openPanel();
    fireEvent.click(await within(panel).findByText('Aral by name'));
    await waitFor(() => expect(admin.location().get('filter')).toBe('{"search":"Aral"}'));
    expect(Object.fromEntries(admin.location())).toMatchObject({
      displayedFilters: '{"search":true}',
      page: '1',
      sort: 'gname',
      order: 'ASC',
      perPage: '50',
    });
    // the list reads its state from the address
    await waitFor(() =>
      expect(JSON.parse(screen.getByRole('status', { name: 'list state' }).textContent!)).toEqual({
        filterValues: { search: 'Aral' },
        sort: { field: 'gname', order: 'ASC' },
        perPage: 50,
      }),
    );
  });

  it('VIEWS-13 "Save current view" sends the list state with the name and the roles chosen', async () => {
    const admin = renderControl(
      '/clients?filter={"search":"Aral","country":{"id":5}}&page=2&perPage=50&sort=gname&order=ASC',
      [],
    );
    const panel = await openPanel();
    fireEvent.click(within(panel).getByText('Save current view'));
    const dialog = await screen.findByRole('dialog', { name: 'Save the current view' });
    // a name is required
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Required')).toBeTruthy();
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Name' }), { target: { value: ' Aral clients ' } });
    const roles = within(dialog).getByRole('combobox', { name: 'Share with roles' });
    fireEvent.mouseDown(roles);
    fireEvent.click(await screen.findByRole('option', { name: 'BILL' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(admin.created).toHaveLength(1));
    expect(admin.created[0]).toEqual({
      resource: 'savedViews',
      data: {
        name: 'Aral clients',
        resource: 'clients',
        params: {
          filter: '{"search":"Aral","country":{"id":5}}',
          sort: 'gname',
          order: 'ASC',
          perPage: 50,
          hiddenColumns: null,
        },
        sharedRoles: [{ id: 2 }],
      },
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('VIEWS-13 saving a view keeps the columns hidden with the column chooser', async () => {
    const admin = renderControl('/clients?filter={}&page=1&perPage=20&sort=gname&order=ASC', [], undefined, [
      'vatPercent',
      'country',
    ]);
    const panel = await openPanel();
    fireEvent.click(within(panel).getByText('Save current view'));
    const dialog = await screen.findByRole('dialog', { name: 'Save the current view' });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Name' }), { target: { value: 'Narrow' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(admin.created).toHaveLength(1));
    expect(admin.created[0]).toMatchObject({ data: { params: { hiddenColumns: 'vatPercent,country' } } });
  });

  it('VIEWS-12 applying a view writes its hidden columns to the column chooser; a view hiding none shows all', async () => {
    renderControl(
      '/clients',
      [view(1, 'Narrow', true, { hiddenColumns: 'phone,email' }), view(2, 'Everything', true, { perPage: 20 })],
      undefined,
      ['country'],
    );
    const hidden = () => JSON.parse(screen.getByRole('status', { name: 'hidden columns' }).textContent!);
    await waitFor(() => expect(hidden()).toEqual(['country']));
    fireEvent.click(await within(await openPanel()).findByText('Narrow'));
    await waitFor(() => expect(hidden()).toEqual(['phone', 'email']));
    fireEvent.click(await within(await openPanel()).findByText('Everything'));
    await waitFor(() => expect(hidden()).toEqual([]));
  });

  it('VIEWS-13 a name refused by the server (400 on name, 409 for the same name twice) is shown on the name', async () => {
    for (const [refusal, text] of [
      [new HttpError('Validation failed', 400, { errors: { name: 'must not be blank' } }), 'must not be blank'],
      [
        new HttpError('A saved view with this name already exists', 409, {}),
        'A saved view with this name already exists',
      ],
    ] as const) {
      renderControl('/clients', [], refusal);
      fireEvent.click(within(await openPanel()).getByText('Save current view'));
      const dialog = await screen.findByRole('dialog', { name: 'Save the current view' });
      fireEvent.change(within(dialog).getByRole('textbox', { name: 'Name' }), { target: { value: 'Twice' } });
      fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
      expect(await within(dialog).findByText(text)).toBeTruthy();
      cleanup();
    }
  });

  it('H2-06 the dialog offers only the roles the roles action answers and shows a refusal of the roles on them', async () => {
    const refusal = new HttpError('Validation failed', 400, {
      errors: { sharedRoles: 'may only name roles you hold (not ADMIN)' },
    });
    const control = renderControl('/clients', [], refusal);
    fireEvent.click(within(await openPanel()).getByText('Save current view'));
    const dialog = await screen.findByRole('dialog', { name: 'Save the current view' });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Name' }), { target: { value: 'Pushed' } });
    fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: 'Share with roles' }));
    // the options are the action's answer (the server answers the roles the user holds), no other
    const offered = (await screen.findAllByRole('option')).map((o) => o.textContent);
    expect(offered).toEqual(roles.map((r) => r.name));
    fireEvent.click(screen.getByRole('option', { name: roles[0]!.name }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(control.created).toHaveLength(1));
    expect(await within(dialog).findByText('may only name roles you hold (not ADMIN)')).toBeTruthy();
    // the dialog stays open, the name untouched
    expect(within(dialog).getByRole('textbox', { name: 'Name' })).toHaveProperty('value', 'Pushed');
  });

  it('VIEWS-14 the owner renames and re-shares a view: the whole view is sent with the new name and roles', async () => {
    const mine = view(3, 'Mine', true, { filter: '{}', sort: 'gname', order: 'ASC', perPage: 20 });
    const admin = renderControl('/clients', [{ ...mine, sharedRoles: [{ id: 3 }] }]);
    const panel = await openPanel();
    fireEvent.click(await within(panel).findByRole('button', { name: 'Rename or share Mine' }));
    const dialog = await screen.findByRole('dialog', { name: 'Rename or share the view' });
    // the roles it is shared with are shown by name
    expect(await within(dialog).findByText('MEMBER')).toBeTruthy();
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Name' }), { target: { value: 'Renamed' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(admin.updated).toHaveLength(1));
    expect(admin.updated[0]).toMatchObject({
      resource: 'savedViews',
      id: 3,
      data: { name: 'Renamed', resource: 'clients', params: mine.params, sharedRoles: [{ id: 3 }] },
    });
  });
});

describe('hiddenColumnList', () => {
  it('reads the comma-separated sources a view keeps; none for an empty or missing value', () => {
    expect(hiddenColumnList('phone, email')).toEqual(['phone', 'email']);
    expect(hiddenColumnList('')).toEqual([]);
    expect(hiddenColumnList(null)).toEqual([]);
  });
});

describe('viewSearch', () => {
  it('VIEWS-12 shows the filter inputs of nested filters and leaves out what the view lacks', () => {
    const q = new URLSearchParams(viewSearch({ filter: '{"client":{"id":7}}' }));
    expect(Object.fromEntries(q)).toEqual({
      filter: '{"client":{"id":7}}',
      displayedFilters: '{"client":true,"client.id":true}',
      page: '1',
    });
    expect(Object.fromEntries(new URLSearchParams(viewSearch(null)))).toEqual({
      filter: '{}',
      displayedFilters: '{}',
      page: '1',
    });
  });
});
