/**
 * The client- and matter-scoped forms of finance documents (NAV-22, NAV-23, NAV-49): every
 * address renders the form (not the parent's card) with the parent set, and save returns to the
 * parent's tab (or, for a matter's pre-invoice, which has no card tab, to the matter's card).
 */
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { DataProvider } from 'react-admin';
import { clients, expenses, invoices, matters, preInvoices, projects, times } from '../../schemas/index';
import { renderAdmin } from './testUtils';

afterEach(cleanup);
beforeAll(() => {
  // jsdom lays nothing out: a form opened at a group scrolls it into view through this
  Element.prototype.scrollIntoView = vi.fn();
});

const WAIT = { timeout: 6000 };
const usd = { id: 1, code: 'USD', gname: 'US dollar' };
const data = () => ({
  clients: [{ id: 12, gname: 'Acme LLP' }],
  projects: [{ id: 3, number: 'P-3', description: 'Audit', payerClient: { id: 12, gname: 'Acme LLP' } }],
  matters: [{ id: 1, number: 'M-1', description: 'Tax review', project: { id: 3, number: 'P-3' } }],
  invoices: [
    {
      id: 5,
      number: 'INV-5',
      date: '2026-01-10',
      periodGte: '2026-01-01',
      periodLte: '2026-01-31',
      project: { id: 3, number: 'P-3', description: 'Audit' },
      payerClient: { id: 12, gname: 'Acme LLP' },
      currency: usd,
      status: { id: 21, code: 1, gname: 'Draft' },
      matterList: [{ id: 1, number: 'M-1', description: 'Tax review' }],
      timeList: [],
      expenseList: [],
      preInvoiceList: [],
    },
  ],
  'pre-invoices': [
    {
      id: 7,
      number: 'PI-7',
      date: '2026-01-10',
      project: { id: 3, number: 'P-3', description: 'Audit' },
      matter: { id: 1, number: 'M-1', description: 'Tax review' },
      payerClient: { id: 12, gname: 'Acme LLP' },
      currency: usd,
      amount: 100,
      vatPercent: 0,
      status: { id: 11, code: 1, gname: 'Draft' },
    },
  ],
  currencies: [usd],
  officeTransitAccounts: [],
  times: [],
  expenses: [],
  positions: [],
  dictionaries: [],
});
const all = [clients, projects, matters, invoices, preInvoices];

/** The records of `route` the fake provider holds after the test. */
const rows = async (provider: DataProvider, route: string) =>
  (
    await provider.getList(route, {
      pagination: { page: 1, perPage: 100 },
      sort: { field: 'id', order: 'ASC' },
      filter: {},
    })
  ).data;

/** Saves the open form after a change (Save waits for one). */
const changeAndSave = async () => {
  fireEvent.change(await screen.findByLabelText('Contract', {}, WAIT), { target: { value: 'C-1' } });
  fireEvent.click(screen.getByRole('button', { name: 'Save' }));
};

/** The form is up (its Save button), and no card tab list is. */
const expectForm = async () => {
  expect(await screen.findByRole('button', { name: 'Save' }, WAIT)).toBeInTheDocument();
  expect(screen.queryByRole('tab', { name: 'Main' })).not.toBeInTheDocument();
};

describe('client- and matter-scoped finance forms', { timeout: 30_000 }, () => {
  it('NAV-23 /clients/12/invoices/create is the invoice form with the client as payer (hidden)', async () => {
    const admin = renderAdmin('/clients/12/invoices/create', all, data());
    await expectForm();
    expect(screen.queryByLabelText('Payer *')).not.toBeInTheDocument();
    expect(admin.location()).toBe('/clients/12/invoices/create');
  });

  it('NAV-23 /clients/12/invoices/5/clone copies the invoice under the client and save returns to its invoices tab', async () => {
    const admin = renderAdmin('/clients/12/invoices/5/clone', all, data());
    await expectForm();
    await changeAndSave();
    await waitFor(() => expect(admin.location()).toBe('/clients/12/invoices'), WAIT);
    const saved = await rows(admin.dataProvider, 'invoices');
    expect(saved).toHaveLength(2);
    expect(saved[1]).toMatchObject({ payerClient: { id: 12 }, project: { id: 3 } });
    expect(saved[1]!.number).toBeFalsy();
  });

  it("NAV-23 an invoice's card under the client offers Clone under the client", async () => {
    renderAdmin('/clients/12/invoices/5', all, data());
    expect(await screen.findByRole('link', { name: 'Clone' }, WAIT)).toHaveAttribute(
      'href',
      '/clients/12/invoices/5/clone',
    );
    expect(screen.getByRole('link', { name: 'Edit' })).toHaveAttribute('href', '/clients/12/invoices/5/edit');
  });

  it('NAV-22 /clients/12/pre-invoices/7/edit edits the pre-invoice and save returns to the pre-invoices tab', async () => {
    const admin = renderAdmin('/clients/12/pre-invoices/7/edit', all, data());
    await expectForm();
    await changeAndSave();
    await waitFor(() => expect(admin.location()).toBe('/clients/12/pre-invoices'), WAIT);
  });

  it('NAV-22 the optional tab segment opens the pre-invoice form at that group: create, edit and clone', async () => {
    const scroll = vi.mocked(Element.prototype.scrollIntoView);
    for (const path of [
      '/clients/12/pre-invoices/amounts/create',
      '/clients/12/pre-invoices/amounts/7/edit',
      '/clients/12/pre-invoices/amounts/7/clone',
    ]) {
      scroll.mockClear();
      const admin = renderAdmin(path, all, data());
      await expectForm();
      await waitFor(() => expect(scroll).toHaveBeenCalled(), WAIT);
      const section = scroll.mock.contexts[0] as Element;
      expect(section.getAttribute('aria-label')).toBe('Amounts');
      expect(admin.location()).toBe(path);
      cleanup();
    }
    // a segment that names no group of the form is no address
    const admin = renderAdmin('/clients/12/pre-invoices/nowhere/create', all, data());
    await waitFor(() => expect(admin.location()).toBe('/404'), WAIT);
  });

  it('NAV-22 /clients/12/pre-invoices/amounts/7/clone saves a copy under the client and returns to the tab', async () => {
    const admin = renderAdmin('/clients/12/pre-invoices/amounts/7/clone', all, data());
    await expectForm();
    await changeAndSave();
    await waitFor(() => expect(admin.location()).toBe('/clients/12/pre-invoices'), WAIT);
    const saved = await rows(admin.dataProvider, 'pre-invoices');
    expect(saved[1]).toMatchObject({ payerClient: { id: 12 }, amount: 100, contract: 'C-1' });
  });

  it("NAV-49 /matters/1/invoices/create is the invoice form of the matter, its project and the project's payer", async () => {
    const admin = renderAdmin('/matters/1/invoices/create', all, data());
    await expectForm();
    // the matter is preset (and hidden); project and payer come from the matter
    expect(screen.queryByLabelText('Matters')).not.toBeInTheDocument();
    expect(await screen.findByDisplayValue(/P-3/, {}, WAIT)).toBeInTheDocument();
    expect(await screen.findByDisplayValue('Acme LLP', {}, WAIT)).toBeInTheDocument();
    expect(admin.location()).toBe('/matters/1/invoices/create');
  });

  it('NAV-49 /matters/1/invoices/5/clone saves a copy of the matter (its only matter) and returns to the tab', async () => {
    const other = data();
    other.invoices[0]!.matterList = [];
    const admin = renderAdmin('/matters/1/invoices/5/clone', all, other);
    await expectForm();
    await changeAndSave();
    await waitFor(() => expect(admin.location()).toBe('/matters/1/invoices'), WAIT);
    const saved = await rows(admin.dataProvider, 'invoices');
    expect(saved[1]).toMatchObject({ contract: 'C-1', matterList: [1] });
  });

  it('NAV-49 /matters/1/invoices/5/edit saves and returns to the matter invoices tab', async () => {
    const admin = renderAdmin('/matters/1/invoices/5/edit', all, data());
    await expectForm();
    await changeAndSave();
    await waitFor(() => expect(admin.location()).toBe('/matters/1/invoices'), WAIT);
    // the hidden matter list is kept (a PUT replaces every writable field)
    const [saved] = await rows(admin.dataProvider, 'invoices');
    expect(saved).toMatchObject({ contract: 'C-1', matterList: [1] });
  });

  it("NAV-49 /matters/1/pre-invoices/create is the pre-invoice form of the matter and its project's payer; save returns to the card", async () => {
    const admin = renderAdmin('/matters/1/pre-invoices/create', all, data());
    await expectForm();
    expect(screen.queryByLabelText('Matter')).not.toBeInTheDocument();
    expect(await screen.findByDisplayValue(/P-3/, {}, WAIT)).toBeInTheDocument();
    expect(await screen.findByDisplayValue('Acme LLP', {}, WAIT)).toBeInTheDocument();
    expect(admin.location()).toBe('/matters/1/pre-invoices/create');
    cleanup();
    // the matter card has no pre-invoices tab, so a saved pre-invoice returns to the card
    const again = renderAdmin('/matters/1/pre-invoices/7/clone', all, data());
    await expectForm();
    await changeAndSave();
    await waitFor(() => expect(again.location()).toBe('/matters/1'), WAIT);
    const saved = await rows(again.dataProvider, 'pre-invoices');
    expect(saved[1]).toMatchObject({ matter: { id: 1 }, project: { id: 3 }, payerClient: { id: 12 } });
  });

  it('NAV-49 /matters/1/times/create and /matters/1/expenses/create are the time and expense forms of the matter', async () => {
    for (const path of ['/matters/1/times/create', '/matters/1/expenses/create']) {
      const admin = renderAdmin(path, [...all, times, expenses], data());
      await expectForm();
      expect(admin.location()).toBe(path);
      cleanup();
    }
  });

  it('NAV-49 the matter card lists no pre-invoices tab, and /matters/1/pre-invoices is no card tab', async () => {
    renderAdmin('/matters/1', all, data());
    expect(await screen.findByRole('tab', { name: 'Main' }, WAIT)).toBeInTheDocument();
    expect(screen.queryByRole('tab', { name: 'Pre-invoices' })).not.toBeInTheDocument();
    cleanup();
    const admin = renderAdmin('/matters/1/pre-invoices', all, data());
    await waitFor(() => expect(admin.location()).toBe('/404'), WAIT);
  });
});
