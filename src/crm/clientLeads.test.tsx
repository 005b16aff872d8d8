import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { clients, contacts, leads, matters, projects, times } from '../../schemas/index';
import { renderAdmin } from '../resources/testUtils';
import { testProvider } from '../times/testProvider';

afterEach(cleanup);
const WAIT = { timeout: 10_000 };
const all = [clients, contacts, leads, projects, matters, times];

/** Two clients, a contact of each, a lead on Acme's contact and the deal stages it uses. */
const data = () => ({
  clients: [
    { id: 12, gname: 'Acme LLP' },
    { id: 13, gname: 'Globex' },
  ],
  contacts: [
    { id: 21, gname: 'Ann Acme', client: { id: 12 } },
    { id: 22, gname: 'Gus Globex', client: { id: 13 } },
  ],
  leads: [
    {
      id: 5,
      date: '2026-11-02',
      description: 'Audit of the Acme group',
      dealStage: { id: 61, code: 1, gname: 'Prospecting' },
      contact: { id: 21, gname: 'Ann Acme', client: { id: 12 } },
      notifyTimeInterval: 0,
    },
  ],
  'base-subtypes': [{ id: 61, code: 1, gname: 'Prospecting', type: { id: 20, code: 20 } }],
  times: [],
  projects: [],
  matters: [],
  employees: [],
  positions: [],
});

describe('client-scoped lead routes', { timeout: 40_000 }, () => {
  it('NAV-24 clients/{clientId}/leads/create is the lead form; its contact is picked among the client’s contacts', async () => {
    const { provider, calls } = testProvider(data());
    const { location } = renderAdmin('/clients/12/leads/create', all, {}, undefined, () => provider);
    const contact = await screen.findByRole('combobox', { name: /contact/i }, WAIT);
    fireEvent.mouseDown(contact);
    fireEvent.change(contact, { target: { value: 'A' } });
    // the options are drawn again when the typed text's answer comes: judge the list then shown
    await waitFor(() => expect(screen.getByRole('option', { name: 'Ann Acme' })).toBeInTheDocument(), WAIT);
    expect(screen.queryByRole('option', { name: 'Gus Globex' })).toBeNull();
    expect(
      calls.filter((c) => c.method === 'getList' && c.resource === 'contacts').map((c) => c.params.filter),
    ).toContainEqual(expect.objectContaining({ 'client.id': 12 }));
    fireEvent.click(screen.getByRole('option', { name: 'Ann Acme' }));
    fireEvent.change(screen.getByLabelText(/description/i), { target: { value: 'Tax review' } });
    fireEvent.change(screen.getByLabelText(/^date/i), { target: { value: '2026-11-20' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'create')).toBe(true), WAIT);
    expect(calls.find((c) => c.method === 'create')?.params.data).toMatchObject({
      contact: { id: 21 },
      description: 'Tax review',
      date: '2026-11-20',
    });
    await waitFor(() => expect(location()).toBe('/clients/12/leads'), WAIT);
  });

  it('NAV-24 the lead form is reachable without the client prefix, with every contact to pick', async () => {
    const { provider } = testProvider(data());
    renderAdmin('/leads/create', all, {}, undefined, () => provider);
    const contact = await screen.findByRole('combobox', { name: /contact/i }, WAIT);
    // opening the list shows every contact; typing is not needed (and races the first fetch)
    fireEvent.mouseDown(contact);
    expect(await screen.findByRole('option', { name: 'Gus Globex' }, WAIT)).toBeInTheDocument();
    expect(screen.getByRole('option', { name: 'Ann Acme' })).toBeInTheDocument();
  });

  it('NAV-24 clients/{clientId}/leads/{leadId}/edit edits the lead and goes back to the client’s leads', async () => {
    const { provider, calls } = testProvider(data());
    const { location } = renderAdmin('/clients/12/leads/5/edit', all, {}, undefined, () => provider);
    const description = await screen.findByDisplayValue('Audit of the Acme group', {}, WAIT);
    fireEvent.change(description, { target: { value: 'Audit of the Acme group, 2027' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'update')).toBe(true), WAIT);
    expect(calls.find((c) => c.method === 'update')?.params.data).toMatchObject({
      description: 'Audit of the Acme group, 2027',
      contact: { id: 21 },
    });
    await waitFor(() => expect(location()).toBe('/clients/12/leads'), WAIT);
  });

  it('NAV-108 clients/{clientId}/leads/{leadId} is the lead card with tabs main and tasks', async () => {
    const { provider } = testProvider(data());
    renderAdmin('/clients/12/leads/5', all, {}, undefined, () => provider);
    expect(await screen.findByText('Audit of the Acme group', {}, WAIT)).toBeInTheDocument();
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual(['Main', 'Tasks', 'History']);
    cleanup();
    renderAdmin('/clients/12/leads/5/tasks', all, {}, undefined, () => provider);
    expect(await screen.findByRole('tab', { name: 'Tasks', selected: true }, WAIT)).toBeInTheDocument();
    cleanup();
    const { location } = renderAdmin('/clients/12/leads/5/nonsense', all, {}, undefined, () => provider);
    await waitFor(() => expect(location()).toBe('/404'), WAIT);
  });

  it('NAV-15 the client card’s leads tab opens the client-scoped lead form and cards', async () => {
    const { provider } = testProvider(data());
    const { location } = renderAdmin('/clients/12/leads', all, {}, undefined, () => provider);
    fireEvent.click(await screen.findByText('Audit of the Acme group', {}, WAIT));
    await waitFor(() => expect(location()).toBe('/clients/12/leads/5/view'), WAIT);
    cleanup();
    renderAdmin('/clients/12/leads', all, {}, undefined, () => provider);
    expect(await screen.findByRole('link', { name: /create/i }, WAIT)).toHaveAttribute(
      'href',
      '/clients/12/leads/create',
    );
  });
});
