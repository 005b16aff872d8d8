import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipartBody, samples } from '../files/testing';
import { createHarness, type Harness } from '../test/harness';
import { docxSample as docx } from './testing';
import { DOCX_CONTENT_TYPE as DOCX } from '../../schemas/offices/officeTemplates';

/** Office templates (OFF-37..42): a DOCX uploaded to the drive, per document type and office. */
let h: Harness;
let dir: string;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'bureau-templates-'));
  h = await createHarness({ files: { storage: 'local', dir, maxBytes: 1024 * 1024, maxCount: 3 } });
});
afterAll(async () => {
  await h?.close();
  rmSync(dir, { recursive: true, force: true });
});

type Row = Record<string, unknown> & { id: number; version: number };
type Page = { _embedded: { officeTemplates: Row[] } };

/** Uploads one file as admin; the stored file's id. */
async function upload(filename: string, data: Buffer, type = DOCX): Promise<number> {
  const { payload, contentType } = multipartBody([{ filename, data, type }]);
  const res = await h.app.inject({
    method: 'POST',
    url: '/core/api/storedFiles',
    payload,
    headers: { 'content-type': contentType, authorization: `Bearer ${await h.token('admin')}` },
  });
  expect(res.statusCode, res.body).toBe(201);
  return (res.json() as { id: number }).id;
}

const newTemplate = async (office: number, documentTypeCode: number, file?: number) =>
  h.json<Row & { errors?: { property: string }[] }>('admin', 'POST', '/core/api/officeTemplates', {
    office: { id: office },
    documentType: { id: h.fx.dict('DOCUMENT_TYPE', documentTypeCode) },
    locationType: { id: h.fx.dict('TEMPLATE_LOCATION_TYPE', 1) },
    document: { id: file ?? (await upload('invoice.docx', docx())) },
  });

describe('office templates', () => {
  it('OFF-37 OFF-40 a template has locationType, documentType, documentId and documentName, created with POST', async () => {
    const file = await upload('invoice.docx', docx());
    const res = await newTemplate(h.fx.offices.almaty, 1, file);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      office: { id: h.fx.offices.almaty },
      documentType: { code: 1 },
      locationType: { code: 1 },
      documentId: file,
      documentName: 'invoice.docx',
      document: { id: file, name: 'invoice.docx' },
    });
  });

  it('OFF-37 the document must be a DOCX: a PDF is refused at the field', async () => {
    const pdf = await upload('letter.pdf', samples.pdf(), 'application/pdf');
    const res = await newTemplate(h.fx.offices.almaty, 1, pdf);
    expect(res.status).toBe(400);
    expect(res.body.errors?.map((e) => e.property)).toEqual(['document']);
  });

  it('OFF-38 templates are listed by office id, optionally by documentType code', async () => {
    const invoice = await newTemplate(h.fx.offices.london, 1);
    const act = await newTemplate(h.fx.offices.london, 3);
    const all = await h.json<Page>(
      'admin',
      'GET',
      `/core/api/officeTemplates?officeId=${h.fx.offices.london}&sort=id,asc`,
    );
    expect(all.body._embedded.officeTemplates.map((t) => t.id)).toEqual([invoice.body.id, act.body.id]);
    const acts = await h.json<Page>(
      'admin',
      'GET',
      `/core/api/officeTemplates?officeId=${h.fx.offices.london}&documentType.code=3`,
    );
    expect(acts.body._embedded.officeTemplates.map((t) => t.id)).toEqual([act.body.id]);
  });

  it('OFF-39 OFF-41 OFF-42 a template is loaded by id, updated with PUT and deleted with DELETE', async () => {
    const created = await newTemplate(h.fx.offices.almaty, 2);
    const one = await h.json<Row>('admin', 'GET', `/core/api/officeTemplates/${created.body.id}`);
    expect(one.body).toMatchObject({ id: created.body.id, documentType: { code: 2 } });
    const other = await upload('pre-invoice v2.docx', docx());
    const put = await h.json<Row>('admin', 'PUT', `/core/api/officeTemplates/${created.body.id}`, {
      office: { id: h.fx.offices.almaty },
      documentType: { id: h.fx.dict('DOCUMENT_TYPE', 2) },
      locationType: { id: h.fx.dict('TEMPLATE_LOCATION_TYPE', 2) },
      document: { id: other },
      version: created.body.version,
    });
    expect(put.status).toBe(200);
    expect(put.body).toMatchObject({
      documentId: other,
      documentName: 'pre-invoice v2.docx',
      locationType: { code: 2 },
    });
    expect((await h.request('admin', 'DELETE', `/core/api/officeTemplates/${created.body.id}`)).statusCode).toBe(204);
    expect((await h.request('admin', 'GET', `/core/api/officeTemplates/${created.body.id}`)).statusCode).toBe(404);
  });

  it('NAV-97 templates need view PAYMENT_OFFICE', async () => {
    expect((await h.request('member', 'GET', '/core/api/officeTemplates')).statusCode).toBe(403);
  });
});
