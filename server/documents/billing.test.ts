import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestUser, insertRow } from '../auth/testing';
import { multipartBody } from '../files/testing';
import { createHarness, type Harness } from '../test/harness';
import { sumExact, toMoney } from '../../schemas/money';
import { DOCX, docxText } from './docx';

/**
 * The documents of invoices and pre-invoices (INV-28, PRE-15): real DOCX templates uploaded to the
 * drive and declared as office templates, rendered through
 * `GET /core/api/invoices/template/{id}/{templateKey}` and `GET /core/api/preInvoices/template/{id}/{key}`,
 * read back (document.xml holds the values, no tag is left) and opened by LibreOffice headless
 * (converted to PDF and to text).
 */
let h: Harness;
let dir: string;
const here = new URL('.', import.meta.url).pathname;
const fixture = (name: string) => readFileSync(join(here, 'fixtures', name));

type Doc = {
  document: {
    id: number;
    documentId: number;
    documentName: string;
    contentType: string;
    size: number;
    documentType: { code: number };
    template: { id: number };
  };
  message?: string;
};

/** Uploads `bytes` as `name` (a real multipart upload, so the type is sniffed) and returns its id. */
async function upload(name: string, bytes: Buffer): Promise<number> {
  const body = multipartBody([{ filename: name, type: DOCX, data: bytes }]);
  const res = await h.app.inject({
    method: 'POST',
    url: '/core/api/storedFiles',
    headers: { authorization: `Bearer ${await h.token('admin')}`, 'content-type': body.contentType },
    payload: body.payload,
  });
  expect(res.statusCode, res.body).toBe(201);
  return (JSON.parse(res.body) as { id: number; contentType: string }).id;
}

/** Declares `bytes` as the office's template of DOCUMENT_TYPE `type` (and location code, if any). */
async function template(office: number, type: number, bytes: Buffer, location?: number): Promise<number> {
  const document = await upload(`template-${office}-${type}-${location ?? 0}.docx`, bytes);
  const res = await h.json<{ id: number }>('admin', 'POST', '/core/api/officeTemplates', {
    office: { id: office },
    documentType: { id: h.fx.dict('DOCUMENT_TYPE', type) },
    ...(location ? { locationType: { id: h.fx.dict('TEMPLATE_LOCATION_TYPE', location) } } : {}),
    document: { id: document },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.id;
}

/** The bytes of a stored file as `user` downloads them (status, body). */
async function download(user: string, id: number) {
  const res = await h.request(user, 'GET', `/core/api/storedFiles/${id}/content`);
  return { status: res.statusCode, bytes: res.rawPayload, type: res.headers['content-type'] };
}

/** LibreOffice headless converts the DOCX to `format` (own profile, so parallel runs do not collide). */
function libreOffice(bytes: Buffer, name: string, format: string, extension: string): Buffer {
  const file = join(dir, `${name}.docx`);
  writeFileSync(file, bytes);
  try {
    execFileSync(
      'soffice',
      [
        `-env:UserInstallation=file://${join(dir, `profile-${name}`)}`,
        '--headless',
        '--convert-to',
        format,
        '--outdir',
        dir,
        file,
      ],
      { stdio: 'pipe', timeout: 120_000 },
    );
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT')
      throw new Error(
        'LibreOffice is required by this test: install it so that `soffice` is on the PATH (Debian: apt-get install libreoffice-writer-nogui)',
      );
    throw e;
  }
  return readFileSync(join(dir, `${name}.${extension}`));
}

let invoiceTemplateLondonIntl: number;

beforeAll(async () => {
  h = await createHarness();
  dir = mkdtempSync(join(tmpdir(), 'documents-test-'));
  const view = { view: true, create: false, update: false, delete: false };
  // a billing manager (reads every invoice and pre-invoice); carl, who reads invoices and is on the
  // Acme matter's team (so on the Acme invoice's access list); a user of clients only
  await createTestUser(h.db, {
    username: 'biller',
    employeeId: h.fx.employees.boris,
    roles: [{ name: 'LOCAL_BILLING', privileges: ['invoice', 'pre_invoice'].map((module) => ({ module, ...view })) }],
  });
  await createTestUser(h.db, {
    username: 'reader',
    employeeId: h.fx.employees.carl,
    roles: [{ name: 'DOC_READER', privileges: [{ module: 'invoice', ...view }] }],
  });
  const { almaty, london } = h.fx.offices;
  // the invoice is paid on a London transit account: London's templates print it
  const account = await insertRow(h.db, 'officeAccounts', { office: london, active: true });
  const transit = await insertRow(h.db, 'officeTransitAccounts', {
    officeAccount: account,
    currency: h.fx.currencies.usd,
  });
  const { acmeInvoice, acmePreInvoice, acmeExpense } = h.fx.billing;
  await h.db.query('UPDATE invoices SET office_transit_account_id = $1, contract = $2 WHERE id = $3', [
    transit,
    'Contract {x} & <b>1</b>',
    acmeInvoice,
  ]);
  await h.db.query('UPDATE times SET invoice_id = $1 WHERE id = $2', [acmeInvoice, h.fx.times.annaTime]);
  await h.db.query('UPDATE expenses SET invoice_id = $1 WHERE id = $2', [acmeInvoice, acmeExpense]);
  await insertRow(h.db, 'paymentHistories', {
    paymentDate: '2026-11-10',
    amount: '400.10',
    notes: 'Wire',
    invoice: acmeInvoice,
  });
  await h.db.query('UPDATE pre_invoices SET contract = $1 WHERE id = $2', [
    '{#payments}{amount}{/payments}',
    acmePreInvoice,
  ]);
  const invoiceTemplate = fixture('invoice-template.docx');
  // Almaty's invoice template is not London's; London has a local and an international one
  await template(almaty, 1, invoiceTemplate);
  await template(london, 1, Buffer.from(invoiceTemplate), 1);
  invoiceTemplateLondonIntl = await template(london, 1, invoiceTemplate, 2);
  // the pre-invoice has no transit account: its matter's responsible position (anna, Almaty) decides
  await template(almaty, 2, fixture('pre-invoice-template.docx'));
  await template(almaty, 3, fixture('broken-template.docx'));
}, 120_000);
afterAll(async () => {
  rmSync(dir, { recursive: true, force: true });
  await h?.close();
});

describe('invoice documents', () => {
  it('INV-28 GET /invoices/template/{id}/{templateKey} renders the office template; document.documentId downloads the DOCX with the values', async () => {
    const { acmeInvoice } = h.fx.billing;
    const res = await h.json<Doc>('biller', 'GET', `/core/api/invoices/template/${acmeInvoice}/1`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const doc = res.body.document;
    expect(doc.documentId).toEqual(expect.any(Number));
    expect(doc.contentType).toBe(DOCX);
    expect(doc.documentType.code).toBe(1);
    // the payer (Kazakhstan) is foreign to London: the international template
    expect(doc.template.id).toBe(invoiceTemplateLondonIntl);
    expect(doc.documentName).toBe('Invoice INV-2026-0001 2026-11-05.docx');
    const file = await download('biller', doc.documentId);
    expect(file.status).toBe(200);
    expect(file.type).toBe(DOCX);
    expect(file.bytes.length).toBe(doc.size);
    const text = docxText(file.bytes);
    expect(text).toContain('Invoice INV-2026-0001 of 2026-11-05');
    expect(text).toContain('To Acme');
    expect(text).toContain('period 2026-10-01 - 2026-10-31');
    expect(text).toContain('Amount due: 1000.00 USD');
    // the loops: anna's hour of drafting, the courier expense, the payment
    expect(text).toContain('2026-11-02\nAnna Abenova\nDrafting\n1.00');
    expect(text).toContain('Total hours: 1.00');
    expect(text).toContain('Courier to the court');
    expect(text).toContain('120.00 USD');
    expect(text).toContain('Expenses: 120.00 USD');
    expect(text).toContain('Paid 400.10 USD on 2026-11-10.');
    // no tag is left
    expect(text.replace('Contract {x}', '')).not.toMatch(/\{[#/^]?[a-zA-Z]+\}/);
  });

  it('INV-28 values are text: a value holding {x}, & and <b> is printed as is, never read as a tag or markup', async () => {
    const res = await h.json<Doc>('biller', 'GET', `/core/api/invoices/template/${h.fx.billing.acmeInvoice}/1`);
    const file = await download('biller', res.body.document.documentId);
    expect(docxText(file.bytes)).toContain('contract Contract {x} & <b>1</b>;');
  });

  it('INV-28 LibreOffice opens the document: converted to PDF (one page at least) and to text with the values', async () => {
    const res = await h.json<Doc>('biller', 'GET', `/core/api/invoices/template/${h.fx.billing.acmeInvoice}/1`);
    const file = await download('biller', res.body.document.documentId);
    const pdf = libreOffice(file.bytes, 'invoice', 'pdf', 'pdf');
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(pdf.toString('latin1')).toMatch(/\/Type\s*\/Page\b/);
    const txt = libreOffice(file.bytes, 'invoice-text', 'txt:Text (encoded):UTF8', 'txt').toString('utf8');
    expect(txt).toContain('Invoice INV-2026-0001 of 2026-11-05');
    expect(txt).toContain('Courier to the court');
    expect(txt).toContain('Amount due: 1000.00 USD');
  }, 240_000);

  it('INV-28 the document reads like its invoice: another reader downloads it; a user who cannot read invoices gets 404', async () => {
    const res = await h.json<Doc>('biller', 'GET', `/core/api/invoices/template/${h.fx.billing.acmeInvoice}/1`);
    const id = res.body.document.documentId;
    expect((await download('reader', id)).status).toBe(200);
    expect((await download('billing', id)).status).toBe(404);
    expect((await download('member', id)).status).toBe(404);
    const meta = await h.json<{ name: string }>('reader', 'GET', `/core/api/storedFiles/${id}`);
    expect(meta.body.name).toBe('Invoice INV-2026-0001 2026-11-05.docx');
  });

  it('INV-28 refusals: 401 anonymous, 403 without the invoice module, 404 for a missing invoice, an unknown key, a type the office has no template of', async () => {
    const { acmeInvoice } = h.fx.billing;
    expect((await h.request(null, 'GET', `/core/api/invoices/template/${acmeInvoice}/1`)).statusCode).toBe(401);
    expect((await h.request('billing', 'GET', `/core/api/invoices/template/${acmeInvoice}/1`)).statusCode).toBe(403);
    expect((await h.request('biller', 'GET', `/core/api/invoices/template/999999/1`)).statusCode).toBe(404);
    expect((await h.request('biller', 'GET', `/core/api/invoices/template/x/1`)).statusCode).toBe(404);
    // 2 is the pre-invoice type, not an invoice's; 9 is no type; London has no Act template
    for (const key of ['2', '9', 'nothing', '3']) {
      const r = await h.json<{ message: string }>('biller', 'GET', `/core/api/invoices/template/${acmeInvoice}/${key}`);
      expect(r.status, key).toBe(404);
      expect(r.body.message).toMatch(/not found/);
    }
    // nothing was stored for the refusals
    const [row] = await h.db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM generated_documents WHERE collection = 'invoices' AND document_type_id <> $1",
      [h.fx.dict('DOCUMENT_TYPE', 1)],
    );
    expect(row!.n).toBe(0);
  });
});

describe('pre-invoice documents', () => {
  it("PRE-15 GET /preInvoices/template/{id}/{key} renders the matter office's Pre-invoice template with the pre-invoice's values", async () => {
    const { acmePreInvoice } = h.fx.billing;
    const res = await h.json<Doc>('biller', 'GET', `/core/api/preInvoices/template/${acmePreInvoice}/2`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.document.documentType.code).toBe(2);
    const file = await download('biller', res.body.document.documentId);
    const text = docxText(file.bytes);
    expect(text).toContain('Pre-invoice PI-2026-0001 of 2026-10-25');
    expect(text).toContain('Hours: 10.00');
    expect(text).toContain('Amount: 1000.00 USD; VAT 0 %: 0.00 USD; balance 0.00 USD');
    expect(text).toContain('Paid 250.00 USD on 2026-11-01.');
    expect(text).toContain('matter ');
    // the contract holds template syntax: printed as is, the loop not run
    expect(text).toContain('contract {#payments}{amount}{/payments}');
    const pdf = libreOffice(file.bytes, 'pre-invoice', 'pdf', 'pdf');
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  }, 240_000);

  it('PRE-15 a template whose tags do not parse is a 422 naming the problem, and stores nothing', async () => {
    const [before] = await h.db.query<{ n: number }>('SELECT count(*)::int AS n FROM stored_files');
    const res = await h.json<{ message: string }>(
      'biller',
      'GET',
      `/core/api/preInvoices/template/${h.fx.billing.acmePreInvoice}/3`,
    );
    expect(res.status).toBe(422);
    expect(res.body.message).toMatch(/^The template cannot be rendered: /);
    const [after] = await h.db.query<{ n: number }>('SELECT count(*)::int AS n FROM stored_files');
    expect(after!.n).toBe(before!.n);
  });

  it('PRE-15 a user without the pre-invoice module gets 403 (reader holds invoices only)', async () => {
    const res = await h.request('reader', 'GET', `/core/api/preInvoices/template/${h.fx.billing.acmePreInvoice}/2`);
    expect(res.statusCode).toBe(403);
  });
});

describe('honest documents (MC-4, MC-5)', () => {
  /** The priced lines of a rendered invoice (the `Charged:` table): each row's six cells. */
  const lineRows = (text: string): string[][] => {
    // one paragraph (a line) per cell, empty cells included; the last split is after the last cell
    const cells = text.split('Charged:\n')[1]!.split('Lines total:')[0]!.split('\n').slice(0, -1);
    const rows: string[][] = [];
    for (let i = 6; i + 6 <= cells.length; i += 6) rows.push(cells.slice(i, i + 6));
    return rows;
  };

  it('MC-4 MC-5 INV-28 the invoice document names the currency of every amount and lists each line with quantity, rate and amount, the pre-invoice it charges included, adding up to the amount due', async () => {
    const { acmeInvoice, acmePreInvoice } = h.fx.billing;
    // test setup: the invoice also charges the Acme pre-invoice, then is recalculated from what it holds
    await h.db.query('UPDATE pre_invoices SET invoice_id = $1 WHERE id = $2', [acmeInvoice, acmePreInvoice]);
    const rec = await h.json<{ totalAmount: string }>(
      'admin',
      'PATCH',
      `/core/api/invoices/recalculate/${acmeInvoice}`,
    );
    expect(rec.status, JSON.stringify(rec.body)).toBe(200);
    const res = await h.json<Doc>('biller', 'GET', `/core/api/invoices/template/${acmeInvoice}/1`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const file = await download('biller', res.body.document.documentId);
    const txt = libreOffice(file.bytes, 'invoice-lines', 'txt:Text (encoded):UTF8', 'txt').toString('utf8');
    const due = /Amount due: (\d+\.\d{2}) USD \(USD equivalent \d+\.\d{2} USD\)/.exec(txt);
    expect(due, txt).not.toBeNull();
    expect(due![1]).toBe(toMoney(rec.body.totalAmount).toFixed(2));
    const rows = lineRows(docxText(file.bytes));
    expect(rows.map((r) => r[0])).toEqual(expect.arrayContaining(['Expense', 'Pre-invoice']));
    for (const r of rows) {
      expect(r[3], r.join(' | ')).toMatch(/^\d+(\.\d+)?$/);
      if (r[4] !== '') expect(r[4], r.join(' | ')).toMatch(/^\d+\.\d{2} [A-Z]{3}$/);
      expect(r[5], r.join(' | ')).toMatch(/^\d+\.\d{2} USD$/);
    }
    // the pre-invoice it charges is on it, by number and amount with its currency
    expect(txt).toMatch(/Pre-invoice PI-2026-0001 of 2026-10-25: 1000\.00 USD, VAT 0\.00 USD\./);
    // the printed lines add up to the printed amount due
    const sum = sumExact(rows.map((r) => r[5]!.split(' ')[0]!));
    expect(sum.toFixed(2)).toBe(due![1]);
    expect(txt).toContain(`Lines total: ${due![1]} USD`);
    // every amount printed names its currency: no bare decimal amount is left in the text
    const bare = txt
      .split(/\n/)
      .filter((l) => !/^(\d+(\.\d+)?|\d{4}-\d{2}-\d{2}.*|Total hours: .*|Project .*)$/.test(l.trim()))
      .flatMap((l) => [...l.matchAll(/\b\d+\.\d{2}\b(?! [A-Z]{3})/g)].map((m) => `${m[0]} in "${l}"`));
    expect(bare).toEqual([]);
  }, 240_000);

  it('MC-5 PRE-15 the pre-invoice document prints the manually closed amount with its currency', async () => {
    const { acmePreInvoice } = h.fx.billing;
    await h.db.query('UPDATE pre_invoices SET manual_closed_amount = $1 WHERE id = $2', ['12.50', acmePreInvoice]);
    const res = await h.json<Doc>('biller', 'GET', `/core/api/preInvoices/template/${acmePreInvoice}/2`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const text = docxText((await download('biller', res.body.document.documentId)).bytes);
    expect(text).toContain('Closed manually: 12.50 USD');
  });
});
