import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defineEntity, f, rule } from '../../schemas/define';
import { registerSchema } from '../../schemas/index';
import { registerServer } from '../areas';
import { createTestUser } from '../auth/testing';
import { defineServer } from '../define';
import { generateMigrationFiles } from '../db/generate';
import { MIGRATIONS_DIR } from '../db/migrate';
import { multipartBody } from '../files/testing';
import { createHarness, type Harness } from '../test/harness';
import { buildDocx, DOCX, docxText } from './docx';

/**
 * The `documents` option on an entity that declares nothing else of billing (registered like any
 * entity): the route is generated from the declaration, the key is a DOCUMENT_TYPE code or
 * charCode, the office and the data come from the functions of its server room, the record's access
 * rule decides who renders and who downloads.
 */
const memos = defineEntity({
  name: 'documentMemos',
  entityName: 'DocumentMemo',
  label: 'Memos',
  area: 'crm',
  icon: 'Description',
  module: 'client',
  fields: {
    title: f.text({ required: true }),
    office: f.ref('offices'),
    secret: f.boolean({ default: false }),
  },
  // a secret memo is for admins only
  accessRule: (user) => (user.roles.includes('ADMIN') ? null : rule.ne('secret', true)),
  documents: {
    path: 'print',
    keyParam: 'kind',
    documentTypes: [4],
  },
  recordRepresentation: 'title',
});

/** The document bodies of the entity above, in its server room. */
const memosServer = defineServer(memos, {
  documents: {
    office: async ({ record }) => (record.office as { id: number } | null)?.id ?? null,
    data: async ({ record, user }) => ({ title: record.title, by: user.username, lines: [{ n: '1' }, { n: '2' }] }),
    fileName: ({ record }) => `Memo ${String(record.title)}`,
  },
});

let h: Harness;
let dir: string;

async function memo(title: string, secret = false, office: number | null = null): Promise<number> {
  const r = await h.json<{ id: number }>('admin', 'POST', '/core/api/documentMemos', {
    title,
    secret,
    office: office === null ? null : { id: office },
  });
  expect(r.status).toBe(201);
  return r.body.id;
}

let removeServer: (() => void) | undefined;
beforeAll(async () => {
  registerSchema(memos);
  removeServer = registerServer(memosServer);
  dir = mkdtempSync(join(tmpdir(), 'bureau-documents-'));
  cpSync(MIGRATIONS_DIR, dir, { recursive: true });
  await generateMigrationFiles(dir, 'document_memos');
  h = await createHarness({}, { migrationsDir: dir });
  await createTestUser(h.db, {
    username: 'memo-reader',
    roles: [{ name: 'MEMO_READER', privileges: [{ module: 'client', view: true }] }],
  });
  // Contract (4) answers to the key "contract" too
  await h.db.query("UPDATE base_dictionaries SET char_code = 'contract' WHERE type_id = $1 AND code = 4", [
    h.fx.types.DOCUMENT_TYPE,
  ]);
  const body = multipartBody([
    {
      filename: 'memo.docx',
      type: DOCX,
      data: buildDocx(['Memo {title} by {by}', '{#lines}line {n}; {/lines}', 'unknown: [{nothing}]']),
    },
  ]);
  const up = await h.app.inject({
    method: 'POST',
    url: '/core/api/storedFiles',
    headers: { authorization: `Bearer ${await h.token('admin')}`, 'content-type': body.contentType },
    payload: body.payload,
  });
  expect(up.statusCode, up.body).toBe(201);
  const t = await h.json('admin', 'POST', '/core/api/officeTemplates', {
    office: { id: h.fx.offices.almaty },
    documentType: { id: h.fx.dict('DOCUMENT_TYPE', 4) },
    document: { id: (JSON.parse(up.body) as { id: number }).id },
  });
  expect(t.status).toBe(201);
}, 120_000);
afterAll(async () => {
  removeServer?.();
  await h?.close();
  rmSync(dir, { recursive: true, force: true });
});

type Doc = { document: { documentId: number; documentName: string } };

describe('the documents option', () => {
  it('INV-28 documents option: GET <collection>/<path>/{id}/{key} by code or charCode renders the data of the declaration', async () => {
    const id = await memo('Plan {x}', false, h.fx.offices.almaty);
    for (const key of ['4', 'contract', 'CONTRACT']) {
      const res = await h.json<Doc>('memo-reader', 'GET', `/core/api/documentMemos/print/${id}/${key}`);
      expect(res.status, key).toBe(200);
      expect(res.body.document.documentName).toBe('Memo Plan {x}.docx');
      const file = await h.request(
        'memo-reader',
        'GET',
        `/core/api/storedFiles/${res.body.document.documentId}/content`,
      );
      expect(file.statusCode).toBe(200);
      // the value {x} is text; a tag without a value prints nothing
      expect(docxText(file.rawPayload)).toBe('Memo Plan {x} by memo-reader\nline 1; line 2; \nunknown: []\n');
    }
    const row = await h.db.query<{ collection: string; owner_id: string }>(
      'SELECT collection, owner_id FROM generated_documents ORDER BY id DESC LIMIT 1',
    );
    expect(row[0]).toEqual({ collection: 'documentMemos', owner_id: expect.anything() });
    expect(Number(row[0]!.owner_id)).toBe(id);
  });

  it('INV-28 documents option: a record the access rule hides is 404 to render, and its document 404 to download', async () => {
    const id = await memo('Secret', true, h.fx.offices.almaty);
    expect((await h.request('memo-reader', 'GET', `/core/api/documentMemos/print/${id}/4`)).statusCode).toBe(404);
    const admin = await h.json<Doc>('admin', 'GET', `/core/api/documentMemos/print/${id}/4`);
    expect(admin.status).toBe(200);
    const url = `/core/api/storedFiles/${admin.body.document.documentId}/content`;
    expect((await h.request('memo-reader', 'GET', url)).statusCode).toBe(404);
    // once it is no longer secret, its readers read its documents
    await h.db.query('UPDATE document_memos SET secret = false WHERE id = $1', [id]);
    expect((await h.request('memo-reader', 'GET', url)).statusCode).toBe(200);
  });

  it('INV-28 documents option: no office, a type outside documentTypes, an office without the template: 404', async () => {
    const none = await memo('Nowhere');
    const r = await h.json<{ message: string }>('admin', 'GET', `/core/api/documentMemos/print/${none}/4`);
    expect(r.status).toBe(404);
    const london = await memo('London', false, h.fx.offices.london);
    expect((await h.request('admin', 'GET', `/core/api/documentMemos/print/${london}/4`)).statusCode).toBe(404);
    const almaty = await memo('Almaty', false, h.fx.offices.almaty);
    expect((await h.request('admin', 'GET', `/core/api/documentMemos/print/${almaty}/1`)).statusCode).toBe(404);
  });

  it('INV-28 documents option: a declaration with an unusable path or no document types is refused when declared', () => {
    const base = { name: 'x', entityName: 'X', label: 'X', area: 'crm', fields: { t: f.text() } };
    expect(() => defineEntity({ ...base, documents: { documentTypes: [] } })).toThrow(/documentTypes/);
    expect(() => defineEntity({ ...base, documents: { documentTypes: [1], path: 'a/b' } })).toThrow(
      /usable path segment/,
    );
  });
});
