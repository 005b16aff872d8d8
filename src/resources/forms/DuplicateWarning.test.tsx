import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { DataProvider, GetListParams } from 'react-admin';
import { afterEach, describe, expect, it } from 'vitest';
import { defineEntity, f } from '../../../schemas/define';
import { clients, contacts } from '../../../schemas/index';
import { renderAdmin } from '../testUtils';
import { normaliseName, sameName } from './DuplicateWarning';

afterEach(cleanup);

const WAIT = { timeout: 4000 };

const data = () => ({
  'base-subtypes': [],
  departments: [],
  positions: [],
  contacts: [{ id: 5, gname: 'Ada Byron', client: { id: 1 } }],
  clients: [
    { id: 1, gname: 'Existing', account: { bic: 'KZKOKZKX' } },
    { id: 2, gname: 'Acme LLP' },
  ],
});

/**
 * Records the lookups the form sends and answers the quick search (`search`, a contains match on
 * the search fields) with fakerest's full-text `q`.
 */
const recording =
  (calls: GetListParams[]) =>
  (d: DataProvider): DataProvider => ({
    ...d,
    getList: (resource, params) => {
      const { search, ...filter } = (params.filter ?? {}) as Record<string, unknown>;
      if (search !== undefined) calls.push(params);
      return d.getList(resource, { ...params, filter: search === undefined ? filter : { ...filter, q: search } });
    },
  });

describe('likely duplicates', () => {
  it('compares names case- and space-insensitively', () => {
    expect(normaliseName('  Acme   LLP ')).toBe('acme llp');
    expect(sameName('ACME  llp', 'Acme LLP')).toBe(true);
    expect(sameName('Acme', 'Acme LLP')).toBe(false);
    expect(sameName('', '')).toBe(false);
    expect(sameName(undefined, 'x')).toBe(false);
  });

  it('CLI-01 creating a client under the name of another warns under the name with a link to its card, and still saves', async () => {
    const calls: GetListParams[] = [];
    const admin = renderAdmin('/clients/create', [clients, contacts], data(), undefined, recording(calls));
    fireEvent.change(await screen.findByLabelText('Name *', {}, WAIT), { target: { value: '  acme   llp ' } });
    const warning = await screen.findByRole('status', {}, WAIT);
    expect(warning).toHaveTextContent('A client with this name exists: Acme LLP');
    expect(within(warning).getByRole('link', { name: 'Acme LLP' })).toHaveAttribute('href', '/clients/2');
    // one lookup after the pause, by the list's quick search, at most 5 read
    expect(calls.at(-1)).toMatchObject({ filter: { search: 'acme llp' }, pagination: { page: 1, perPage: 5 } });
    // a warning, not a refusal: the walk goes on
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(admin.location()).toBe('/clients/create?step=contact-info'), WAIT);
  });

  it('CLI-01 a name another client only contains does not warn', async () => {
    const calls: GetListParams[] = [];
    renderAdmin('/clients/create', [clients, contacts], data(), undefined, recording(calls));
    fireEvent.change(await screen.findByLabelText('Name *', {}, WAIT), { target: { value: 'Acme' } });
    await waitFor(() => expect(calls).toHaveLength(1), WAIT);
    await new Promise((r) => setTimeout(r, 100));
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it("CLI-01 NAV-17 an edited client's own name does not warn; another client's does", async () => {
    const calls: GetListParams[] = [];
    renderAdmin('/clients/1/card/edit', [clients, contacts], data(), undefined, recording(calls));
    const name = await screen.findByLabelText('Name *', {}, WAIT);
    await waitFor(() => expect(name).toHaveValue('Existing'), WAIT);
    await waitFor(() => expect(calls.some((c) => c.filter.search === 'existing')).toBe(true), WAIT);
    await new Promise((r) => setTimeout(r, 100));
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    fireEvent.change(name, { target: { value: 'ACME LLP' } });
    const warning = await screen.findByRole('status', {}, WAIT);
    expect(within(warning).getByRole('link', { name: 'Acme LLP' })).toHaveAttribute('href', '/clients/2');
  });

  it("CLI-12 a contact under another contact's full name warns with a link to that contact", async () => {
    const calls: GetListParams[] = [];
    renderAdmin('/contacts/create', [clients, contacts], data(), undefined, recording(calls));
    fireEvent.change(await screen.findByLabelText('Full name *', {}, WAIT), { target: { value: 'ada byron' } });
    const warning = await screen.findByRole('status', {}, WAIT);
    expect(warning).toHaveTextContent('A contact with this name exists: Ada Byron');
    expect(within(warning).getByRole('link', { name: 'Ada Byron' })).toHaveAttribute('href', '/contacts/5');
  });

  it('refuses a duplicate check on a field the quick search does not look into', () => {
    expect(() =>
      defineEntity({
        name: 'dupes',
        entityName: 'Dupe',
        label: 'Dupes',
        area: 'crm',
        fields: { gname: f.text(), code: f.text() },
        search: ['gname'],
        form: { duplicateCheck: ['code'] },
      }),
    ).toThrow('form duplicateCheck field "code" is not a search field');
  });
});
