import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DataProvider } from 'react-admin';
import type { EntitySchema } from '../../../schemas/define';
import { invoices } from '../../../schemas/billing/invoices';
import { verificationApprovers, verificationChains } from '../../../schemas/index';
import { preInvoices } from '../../../schemas/billing/preInvoices';
import { partsSet } from '../../resources/parts';
import { sampleRecord } from '../../resources/sampleRecords';
import { renderAdmin } from '../../resources/testUtils';
import { invoiceParts } from '../invoices/parts';
import { preInvoiceParts } from '../preInvoices/parts';
import { fileContentUrl } from '../../../dataProvider/files';
import type { RouteParams } from '../../../dataProvider/index';

const WAIT = { timeout: 8000 };
afterEach(cleanup);

// the notifications the button raises, as react-admin's notify receives them
const notified = vi.hoisted(() => [] as Array<[string, unknown]>);
vi.mock('react-admin', async (original) => ({
  ...(await original<typeof import('react-admin')>()),
  useNotify: () => (message: string, options?: unknown) => notified.push([message, options]),
}));

let clicked: string[];
beforeEach(() => {
  clicked = [];
  notified.length = 0;
  // the download: an object URL clicked as a link named after the document
  vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:document');
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    clicked.push(this.download);
  });
});

/**
 * Renders `path` with the data provider's `request` answering by `answer(resource, path)` and its
 * HTTP client serving the download. `calls` lists what the screen asked of the data provider:
 * `request <resource> <path>` and `download <url>` (how these become addresses:
 * dataProvider/actions.test.ts and dataProvider/files.test.ts).
 */
function render(path: string, answer: (resource: string, path: string) => { status: number; json?: unknown }) {
  const calls: string[] = [];
  const request = vi.fn(async (resource: string, params: RouteParams) => {
    calls.push(`request ${resource} ${params.path}`);
    const r = answer(resource, params.path ?? '');
    if (r.status !== 200) throw Object.assign(new Error((r.json as { message: string }).message), { status: r.status });
    return { data: r.json };
  });
  const httpClient = vi.fn(async (url: string) => {
    calls.push(`download ${url}`);
    return { status: 200, headers: new Headers(), blob: new Blob(['docx']) };
  });
  const wrap = (dp: DataProvider): DataProvider => ({ ...dp, httpClient, request }) as DataProvider;
  renderAdmin(
    path,
    [invoices, preInvoices, verificationChains, verificationApprovers] as EntitySchema[],
    {
      invoices: [sampleRecord(invoices, 1)],
      'pre-invoices': [sampleRecord(preInvoices, 1)],
      'base-subtypes': [],
      verificationChains: [sampleRecord(verificationChains, 1)],
      verificationApprovers: [],
    },
    () => true,
    wrap,
    partsSet(invoiceParts, preInvoiceParts),
  );
  return calls;
}

const produced = (name: string) => ({ status: 200, json: { document: { id: 3, documentId: 41, documentName: name } } });

describe('the Document button', { timeout: 30_000 }, () => {
  it('INV-28 the invoice card offers Invoice, Act and Contract; a pick renders it and downloads document.documentId', async () => {
    const calls = render('/invoices/1', () => produced('Invoice INV-1.docx'));
    await userEvent.click(await screen.findByRole('button', { name: 'Document' }, WAIT));
    expect(screen.getAllByRole('menuitem').map((m) => m.textContent)).toEqual(['Invoice', 'Act', 'Contract']);
    await userEvent.click(screen.getByRole('menuitem', { name: 'Invoice' }));
    // the card's other requests (its status moves, now that invoices declare them) are not the button's
    const documentCalls = () => calls.filter((call) => call.includes('template') || call.startsWith('download'));
    await waitFor(() =>
      expect(documentCalls()).toEqual(['request invoices template/1/1', `download ${fileContentUrl(41)}`]),
    );
    expect(clicked).toEqual(['Invoice INV-1.docx']);
    await waitFor(() =>
      expect(notified).toEqual([
        ['bureau.documents.ready', { type: 'success', messageArgs: { name: 'Invoice INV-1.docx' } }],
      ]),
    );
    // the button works again once the document is there
    expect(screen.getByRole('button', { name: 'Document' })).toBeEnabled();
  });

  it("PRE-15 the pre-invoice card renders its Pre-invoice; the server's refusal (no template) is shown and nothing downloads", async () => {
    const calls = render('/pre-invoices/1', (_resource, path) =>
      path.endsWith('/2')
        ? { status: 404, json: { message: 'Pre-invoice template of office 3 not found' } }
        : produced('x.docx'),
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Document' }, WAIT));
    expect(screen.getAllByRole('menuitem').map((m) => m.textContent)).toEqual(['Pre-invoice', 'Act', 'Contract']);
    await userEvent.click(screen.getByRole('menuitem', { name: 'Pre-invoice' }));
    await waitFor(() =>
      expect(notified).toContainEqual(['Pre-invoice template of office 3 not found', { type: 'error' }]),
    );
    // the card's own requests aside, the template was asked for and nothing was downloaded
    expect(calls.filter((call) => call.includes('template'))).toEqual(['request pre-invoices template/1/2']);
    expect(calls.filter((call) => call.startsWith('download'))).toEqual([]);
    expect(clicked).toEqual([]);
  });
});
