import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { DataProvider } from 'react-admin';
import type { EntitySchema } from '../../../schemas/define';
import { paymentHistories } from '../../../schemas/billing/paymentHistories';
import { preInvoices } from '../../../schemas/billing/preInvoices';
import { partsSet } from '../../resources/parts';
import { renderAdmin } from '../../resources/testUtils';
import { preInvoiceParts } from './parts';
import type { ActionParams } from '../../../dataProvider/index';

const WAIT = { timeout: 10_000 };
afterEach(cleanup);

const preInvoice = {
  id: 1,
  version: 0,
  number: 'PI-2026-0001',
  date: '2026-10-25',
  project: { id: 3, number: 'P-0001', description: 'Acme restructuring' },
  matter: null,
  payerClient: { id: 5, gname: 'Acme' },
  officeTransitAccount: null,
  contract: 'C-7',
  hoursAmount: 10,
  currency: { id: 1, code: 'USD', gname: 'Dollar' },
  amount: 1000,
  vatPercent: 0,
  vatAmount: 0,
  manualClosedAmount: 0,
  balance: 750,
  status: { id: 61, code: 1, gname: 'Draft' },
  signed: false,
  invoice: null,
  verificationChain: null,
};
const payment = {
  id: 9,
  version: 0,
  paymentDate: '2026-11-01',
  amount: 250,
  notes: 'First instalment',
  preInvoice: { id: 1, number: 'PI-2026-0001' },
  invoice: null,
};

/** A data-provider `action` call the screen made (how it becomes an address: dataProvider/actions.test.ts). */
type Call = { resource: string } & ActionParams;
function render(path: string, canAccess: (action: string, resource: string) => boolean = () => true) {
  const calls: Call[] = [];
  const created: Array<{ resource: string; data: Record<string, unknown> }> = [];
  const action = vi.fn(async (resource: string, params: ActionParams) => {
    calls.push({ resource, ...params });
    return {
      data:
        params.name === 'totalAmount'
          ? {
              totalAmount: 1234.5,
              balance: 234.5,
              byCurrency: [{ currency: 'USD', currencyId: 1, totalAmount: 1234.5, balance: 234.5 }],
            }
          : {},
    };
  });
  const wrap = (dp: DataProvider): DataProvider =>
    ({
      ...dp,
      create: (resource, params) => {
        created.push({ resource, data: params.data as Record<string, unknown> });
        return dp.create(resource, params);
      },
      action,
    }) as DataProvider;
  renderAdmin(
    path,
    [preInvoices, paymentHistories] as EntitySchema[],
    { 'pre-invoices': [preInvoice], paymentHistories: [payment], 'base-subtypes': [] },
    canAccess,
    wrap,
    partsSet(preInvoiceParts),
  );
  return { calls, created };
}

describe('pre-invoices in the SPA', { timeout: 60_000 }, () => {
  it('MC-4 NAV-85 pre-invoices is the pre-invoice list, with the per-currency total of GET /preInvoices/totalAmount (PRE-07)', async () => {
    const { calls } = render('/pre-invoices');
    expect(await screen.findByText('PI-2026-0001', {}, WAIT)).toBeTruthy();
    expect(await screen.findByText('Total $1,234.50 · Balance $234.50', {}, WAIT)).toBeTruthy();
    expect(calls).toContainEqual(expect.objectContaining({ resource: 'preInvoices', name: 'totalAmount' }));
  });

  it('NAV-86 pre-invoices/create, pre-invoices/{id}/edit and pre-invoices/{id}/clone are the pre-invoice form', async () => {
    for (const path of ['/pre-invoices/create', '/pre-invoices/1/edit', '/pre-invoices/1/clone']) {
      render(path);
      expect(await screen.findByRole('textbox', { name: /Contract/ }, WAIT)).toBeTruthy();
      // the amounts the server computes are not inputs
      expect(screen.queryByRole('textbox', { name: /^Balance/ })).toBeNull();
      cleanup();
    }
  });

  it('NAV-87 the pre-invoice card has tabs main and payments; the payments tab lists its payments', async () => {
    render('/pre-invoices/1');
    await screen.findByRole('tab', { name: 'Payments' }, WAIT);
    const tabs = screen.getAllByRole('tab').map((t) => t.textContent);
    expect(tabs.slice(0, 2)).toEqual(['Main', 'Payments']);
    fireEvent.click(screen.getByRole('tab', { name: 'Payments' }));
    expect(await screen.findByText('First instalment', {}, WAIT)).toBeTruthy();
    expect(screen.getByText('Balance 750.00 USD')).toBeTruthy();
  });

  it('MC-5 PAY-07 the payments tab offers Reverse with a required comment and shows a reversed payment as reversed', async () => {
    const reversed = {
      ...payment,
      id: 10,
      notes: 'Duplicate wire',
      reversedAt: '2026-11-20T10:00:00Z',
      reversedBy: 'paybill',
      reversalComment: 'Entered twice',
    };
    const calls: Call[] = [];
    const action = vi.fn(async (resource: string, params: ActionParams) => {
      calls.push({ resource, ...params });
      return { data: {} };
    });
    renderAdmin(
      '/pre-invoices/1',
      [preInvoices, paymentHistories] as EntitySchema[],
      { 'pre-invoices': [preInvoice], paymentHistories: [payment, reversed], 'base-subtypes': [] },
      () => true,
      (dp) => ({ ...dp, action }) as DataProvider,
      partsSet(preInvoiceParts),
    );
    fireEvent.click(await screen.findByRole('tab', { name: 'Payments' }, WAIT));
    expect(await screen.findByText('Reversed by paybill: Entered twice', {}, WAIT)).toBeTruthy();
    // one Reverse: the reversed payment offers none
    const reverse = await screen.findAllByRole('button', { name: 'Reverse' }, WAIT);
    expect(reverse).toHaveLength(1);
    fireEvent.click(reverse[0]!);
    const dialog = await screen.findByRole('dialog', {}, WAIT);
    const confirm = within(dialog).getByRole('button', { name: 'Reverse' }) as HTMLButtonElement;
    expect(confirm.disabled).toBe(true);
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Why is it reversed/ }), 'Wrong invoice');
    fireEvent.click(confirm);
    await waitFor(() => expect(calls.some((c) => c.name === 'reverse')).toBe(true), WAIT);
    expect(calls.filter((c) => c.name === 'reverse')).toEqual([
      { resource: 'paymentHistories', name: 'reverse', id: 9, data: { comment: 'Wrong invoice' } },
    ]);
  });

  it('NAV-88 the payments tab needs view PAYMENT_HISTORY', async () => {
    render('/pre-invoices/1', (_action, resource) => resource !== 'PAYMENT_HISTORY' && resource !== 'paymentHistories');
    await screen.findByRole('tab', { name: 'Main' }, WAIT);
    expect(screen.queryByRole('tab', { name: 'Payments' })).toBeNull();
  });

  it('PRE-11 the card sends a draft to verification with its verify action (POST /preInvoices/verify/{id})', async () => {
    const { calls } = render('/pre-invoices/1');
    fireEvent.click(await screen.findByRole('button', { name: 'Send to verification' }, WAIT));
    await waitFor(() => expect(calls.some((c) => c.name === 'verify')).toBe(true), WAIT);
    expect(calls.filter((c) => c.name === 'verify')).toEqual([
      { resource: 'pre-invoices', name: 'verify', data: { preInvoiceId: 1 } },
    ]);
    // a draft is not acted
    expect(screen.queryByRole('button', { name: 'Act' })).toBeNull();
  });

  it('PAY-02 the payment form parses the typed amount to its exact decimal value before sending, not the grouped text', async () => {
    const { created } = render('/pre-invoices/1/payments/create');
    const amount = await screen.findByRole('textbox', { name: /Amount/ }, WAIT);
    await userEvent.type(amount, '1234.5');
    expect(amount).toHaveValue('1,234.5');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(created.length).toBe(1), WAIT);
    expect(created[0]!.resource).toBe('paymentHistories');
    // the value, not the text shown: exact decimals, which the server reads as it reads a number
    expect(created[0]!.data.amount).toBe('1234.50');
    expect(created[0]!.data.preInvoice).toMatchObject({ id: 1 });
  });
});
