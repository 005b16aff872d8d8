import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { clients, contacts, contactComments, invoices } from '../../schemas/index';
import { recordMatches } from '../../schemas/define';
import { HttpError, type DataProvider } from 'react-admin';
import { renderAdmin } from './testUtils';

afterEach(cleanup);

const WAIT = { timeout: 4000 };
const data = () => ({
  'base-subtypes': [{ id: 4, gname: 'Kazakhstan', type: { id: 4, code: 4 } }],
  departments: [],
  positions: [],
  contactComments: [],
  clients: [
    {
      id: 12,
      gname: 'Acme LLP',
      vatPercent: 0.12,
      account: { bic: 'KZKOKZKX' },
      country: { id: 4, gname: 'Kazakhstan' },
    },
  ],
  contacts: [{ id: 5, gname: 'Ada Byron', client: { id: 12, gname: 'Acme LLP' } }],
});
const all = [clients, contacts, contactComments];

describe('generated card', { timeout: 20_000 }, () => {
  it('NAV-15 shows the card with its tabs, the title and the embedded values', async () => {
    renderAdmin('/clients/12', all, data());
    expect(await screen.findByText('Kazakhstan')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Main' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Contacts' })).toBeInTheDocument();
    expect(screen.getByText('12%')).toBeInTheDocument();
    expect(screen.getByText('KZKOKZKX')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Edit' })).toHaveAttribute('href', '/clients/12/edit');
  });

  it("MC-1 the card offers Edit and Delete only for a record meeting the schema's editWhen (a locked invoice offers neither)", async () => {
    const locked = { ...clients, editWhen: { field: 'gname', in: ['Other LLP'] } };
    renderAdmin('/clients/12', [locked, contacts, contactComments], data());
    expect(await screen.findByText('Kazakhstan')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Edit' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
    // invoices: a draft (or one saved before statuses) is edited; a sent, approved, paid or cancelled one is not
    for (const code of [null, 1]) expect(recordMatches(invoices.editWhen, { status: code && { code } })).toBe(true);
    for (const code of [2, 3, 4, 5, 6]) expect(recordMatches(invoices.editWhen, { status: { code } })).toBe(false);
  });

  it('NAV-15 the card keeps its toolbar place while the record loads, so the card does not move down', async () => {
    let release = () => {};
    const loaded = new Promise<void>((resolve) => (release = resolve));
    renderAdmin('/clients/12', all, data(), undefined, (provider) => ({
      ...provider,
      getOne: (resource, params) => loaded.then(() => provider.getOne(resource, params)),
    }));
    const main = await waitFor(() => {
      const found = document.querySelector('.RaShow-main');
      expect(found).not.toBeNull();
      return found!;
    });
    const toolbar = document.querySelector('.show-page > .MuiToolbar-root');
    // the toolbar is there, empty, above the card before the record comes
    expect(toolbar).not.toBeNull();
    expect(toolbar!.compareDocumentPosition(main) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Edit' })).not.toBeInTheDocument();
    release();
    expect(await screen.findByRole('link', { name: 'Edit' })).toBeInTheDocument();
    expect(document.querySelectorAll('.show-page > .MuiToolbar-root')).toHaveLength(1);
  });

  it('NAV-18 lists contacts on the contacts tab with a create link under the client', async () => {
    const admin = renderAdmin('/clients/12/contacts', all, data());
    expect(await screen.findByText('Ada Byron')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Create' })).toHaveAttribute('href', '/clients/12/contacts/create');
    fireEvent.click(screen.getByText('Ada Byron'));
    await waitFor(() => expect(admin.location()).toBe('/clients/12/contacts/5/view'), WAIT);
  });

  it('NAV-18 creates a contact for the client and comes back to the contacts tab', async () => {
    const admin = renderAdmin('/clients/12/contacts/create', all, data());
    expect(screen.queryByLabelText('Client *')).not.toBeInTheDocument();
    fireEvent.change(await screen.findByLabelText('Full name *'), { target: { value: 'Grace Hopper' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(admin.location()).toBe('/clients/12/contacts'), WAIT);
    const { data: rows } = await admin.dataProvider.getList('contacts', {
      pagination: { page: 1, perPage: 10 },
      sort: { field: 'id', order: 'ASC' },
      filter: {},
    });
    expect(rows.find((r) => r.gname === 'Grace Hopper')).toMatchObject({ client: { id: 12 } });
  });

  it('NAV-16 opens the edit form at /clients/:id/edit and rejects a bad origin', async () => {
    renderAdmin('/clients/12/edit', all, data());
    expect(await screen.findByDisplayValue('Acme LLP')).toBeInTheDocument();
    cleanup();
    const admin = renderAdmin('/clients/12/somewhere/edit', all, data());
    await waitFor(() => expect(admin.location()).toBe('/404'), WAIT);
  });

  it('a missing record is said at its own address, with links to the list and the trash; no redirect', async () => {
    /** The data provider whose read of one record is refused with `status`. */
    const refusing =
      (status: number) =>
      (d: DataProvider): DataProvider => ({ ...d, getOne: () => Promise.reject(new HttpError('refused', status)) });
    const admin = renderAdmin('/clients/99', all, data(), () => true, refusing(404));
    expect(await screen.findByRole('heading', { name: 'Record not found' }, WAIT)).toBeInTheDocument();
    expect(admin.location()).toBe('/clients/99');
    expect(screen.getByRole('link', { name: 'Back to the list' })).toHaveAttribute('href', '/clients');
    expect(screen.getByRole('link', { name: 'Open the trash' })).toHaveAttribute('href', '/clients/trash');
    cleanup();
    // the edit form's address too; a refusal (403) is no access, anything else can be retried
    const again = renderAdmin('/clients/12/edit', all, data(), () => true, refusing(403));
    expect(await screen.findByRole('heading', { name: 'No access' }, WAIT)).toBeInTheDocument();
    expect(again.location()).toBe('/clients/12/edit');
    cleanup();
    let calls = 0;
    const flaky = (d: DataProvider): DataProvider => ({
      ...d,
      getOne: (resource, params) =>
        ++calls === 1 ? Promise.reject(new HttpError('Server error', 500)) : d.getOne(resource, params),
    });
    renderAdmin('/clients/12', all, data(), () => true, flaky);
    fireEvent.click(await screen.findByRole('button', { name: 'Retry' }, WAIT));
    expect(await screen.findByText('Kazakhstan', {}, WAIT)).toBeInTheDocument();
  });

  it('NAV-37 hides a related tab and Edit/Delete the user may not use', async () => {
    renderAdmin(
      '/clients/12',
      all,
      data(),
      (action, resource) => action === 'show' || (action === 'list' && resource !== 'contacts'),
    );
    expect(await screen.findByRole('tab', { name: 'Main' })).toBeInTheDocument();
    expect(screen.queryByRole('tab', { name: 'Contacts' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Edit' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
  });
});
