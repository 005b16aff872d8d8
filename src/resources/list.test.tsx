import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { DataProvider } from 'react-admin';
import { clients } from '../../schemas/index';
import { renderAdmin } from './testUtils';

afterEach(cleanup);

const refs = { 'base-subtypes': [], departments: [] };

const client = (id: number) => ({
  id,
  gname: `Client ${id}`,
  country: { id: 4, gname: 'Kazakhstan', charCode: 'KZ' },
  vatPercent: 0.12,
  underSanctions: false,
  lastModifiedDate: '2026-11-05T10:00:00Z',
});

describe('generated list', { timeout: 20_000 }, () => {
  it('CONST-01/02 offers 20, 50 and 100 rows per page, 20 by default', async () => {
    renderAdmin('/clients', [clients], { ...refs, clients: Array.from({ length: 25 }, (_, i) => client(i + 1)) });
    await screen.findByText('Client 1');
    expect(screen.getAllByText(/^Client \d+$/)).toHaveLength(20);
    const perPage = screen.getByRole('combobox', { name: /rows per page/i });
    expect(perPage).toHaveTextContent('20');
    fireEvent.mouseDown(perPage);
    const options = within(await screen.findByRole('listbox')).getAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(['20', '50', '100']);
  });

  it('renders embedded references, percent x100 and dates in the columns', async () => {
    renderAdmin('/clients', [clients], { ...refs, clients: [client(1)] });
    await screen.findByText('Client 1');
    expect(screen.getByText('Kazakhstan')).toBeInTheDocument();
    expect(screen.getByText('12%')).toBeInTheDocument();
    expect(screen.getByText(/^5 Nov '26/)).toBeInTheDocument();
  });

  it('goes to the card /clients/:id on row click', async () => {
    const admin = renderAdmin('/clients', [clients], { ...refs, clients: [client(7)] });
    fireEvent.click(await screen.findByText('Client 7'));
    await waitFor(() => expect(admin.location()).toBe('/clients/7'));
  });

  it('shows a friendly empty state with a Create link when allowed', async () => {
    renderAdmin('/clients', [clients], { ...refs, clients: [] });
    expect(await screen.findByText('No clients yet.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Create' })).toHaveAttribute('href', '/clients/create');
  });

  it('hides Create when creating is not allowed', async () => {
    renderAdmin('/clients', [clients], { ...refs, clients: [] }, (action) => action !== 'create');
    expect(await screen.findByText('No clients yet.')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Create' })).not.toBeInTheDocument();
  });

  it('NAV-03 sends a non-digit id to /404', async () => {
    const admin = renderAdmin('/clients/abc', [clients], { ...refs, clients: [] });
    await waitFor(() => expect(admin.location()).toBe('/404'));
  });

  it('fetches the largest page size when the rows-per-page menu opens and derives the others, so 100 rows show without a wait', async () => {
    const calls: Array<{ resource: string; perPage?: number }> = [];
    const record = (dp: DataProvider): DataProvider => ({
      ...dp,
      getList: (resource, params) => (
        calls.push({ resource, perPage: params.pagination?.perPage }),
        dp.getList(resource, params)
      ),
    });
    renderAdmin(
      '/clients',
      [clients],
      { ...refs, clients: Array.from({ length: 120 }, (_, i) => client(i + 1)) },
      () => true,
      record,
    );
    await screen.findByText('Client 1');
    expect(calls.filter((c) => c.resource === 'clients').map((c) => c.perPage)).toEqual([20]);
    fireEvent.mouseDown(screen.getByRole('combobox', { name: /rows per page/i }));
    await waitFor(() => expect(calls.filter((c) => c.resource === 'clients').map((c) => c.perPage)).toEqual([20, 100]));
    fireEvent.click(within(await screen.findByRole('listbox')).getByRole('option', { name: '50' }));
    // the 50 rows are the prefetched page's first 50: on screen before any request for them
    await waitFor(() => expect(screen.getAllByText(/^Client \d+$/)).toHaveLength(50));
    expect(
      calls
        .filter((c) => c.resource === 'clients')
        .map((c) => c.perPage)
        .slice(0, 2),
    ).toEqual([20, 100]);
  });

  it('keeps page and page size out of the address (react-admin store instead)', async () => {
    const admin = renderAdmin('/clients', [clients], {
      ...refs,
      clients: Array.from({ length: 25 }, (_, i) => client(i + 1)),
    });
    await screen.findByText('Client 1');
    fireEvent.click(screen.getByRole('button', { name: /go to next page|next page/i }));
    await screen.findByText('Client 21');
    expect(admin.location()).toBe('/clients');
  });

  it('shows a boolean column as a check or a cross named Yes / No', async () => {
    renderAdmin('/clients', [clients], { ...refs, clients: [{ ...client(1), underSanctions: true }, client(2)] });
    await screen.findByText('Client 1');
    expect(screen.getByTitle('Yes')).toBeInTheDocument();
    expect(screen.getByTitle('No')).toBeInTheDocument();
  });
});
