import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
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

  it('a row opens with Enter; ArrowDown moves the focus to the next row', async () => {
    const admin = renderAdmin('/clients', [clients], { ...refs, clients: [client(8), client(7)] });
    const first = (await screen.findByText('Client 8')).closest('tr')!;
    const second = screen.getByText('Client 7').closest('tr')!;
    expect(first).toHaveAttribute('tabindex', '0');
    first.focus();
    fireEvent.keyDown(first, { key: 'ArrowDown' });
    expect(document.activeElement).toBe(second);
    // a key pressed inside a cell's own control is the control's, not the row's
    const checkbox = within(second).getByRole('checkbox');
    fireEvent.keyDown(checkbox, { key: 'Enter' });
    expect(admin.location()).not.toMatch(/^\/clients\/7/);
    fireEvent.keyDown(second, { key: 'Enter' });
    await waitFor(() => expect(admin.location()).toBe('/clients/7'));
  });

  it('the column chooser hides a column, and shows it again', async () => {
    renderAdmin('/clients', [clients], { ...refs, clients: [client(1)] });
    await screen.findByText('Client 1');
    expect(screen.getByText('Kazakhstan')).toBeInTheDocument();
    fireEvent.click(await screen.findByRole('button', { name: 'Columns' }));
    await waitFor(() => expect(document.getElementById('clients.list.columns-columnsSelector')).not.toBeNull());
    const chooser = () => within(document.getElementById('clients.list.columns-columnsSelector')!);
    fireEvent.click(await chooser().findByLabelText('Country'));
    await waitFor(() => expect(screen.queryByText('Kazakhstan')).not.toBeInTheDocument());
    fireEvent.click(chooser().getByLabelText('Country'));
    expect(await screen.findByText('Kazakhstan')).toBeInTheDocument();
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

  it('shows a boolean column as a check or a cross named Yes / No', async () => {
    renderAdmin('/clients', [clients], { ...refs, clients: [{ ...client(1), underSanctions: true }, client(2)] });
    await screen.findByText('Client 1');
    expect(screen.getByTitle('Yes')).toBeInTheDocument();
    expect(screen.getByTitle('No')).toBeInTheDocument();
  });
});
