import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storedFiles } from '../../schemas/index';
import { createHarness, type Harness } from '../test/harness';
import { purgeExpired } from '../trash/service';
import { DEFAULT_FILE_MAX_BYTES, DEFAULT_FILE_MAX_COUNT } from './config';
import { LocalStorage } from './localStorage';
import { purgedBytesRemover } from './routes';
import { multipartBody, samples } from './testing';

/**
 * Stored files and the trash (server/files/routes.ts): the uploader (or an administrator)
 * deletes a file into the trash, where every read leaves it out and only they see it; a restore
 * brings it back byte-identical; a purge, by a user or by the retention, removes the stored
 * bytes too; a file a record references is neither deleted nor purged.
 */
let h: Harness;
let dir: string;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'bureau-files-trash-'));
  h = await createHarness({
    files: { storage: 'local', dir, maxBytes: DEFAULT_FILE_MAX_BYTES, maxCount: DEFAULT_FILE_MAX_COUNT },
  });
});
afterAll(async () => {
  await h?.close();
  rmSync(dir, { recursive: true, force: true });
});

/** Every object under the storage directory. */
const storedObjects = (root = dir): string[] =>
  readdirSync(root).flatMap((f) => (statSync(join(root, f)).isDirectory() ? storedObjects(join(root, f)) : [f]));

/** Uploads a small PNG as `username`; returns its id and its bytes. */
async function upload(username: string, name: string): Promise<{ id: number; bytes: Buffer }> {
  const bytes = samples.png();
  const { payload, contentType } = multipartBody([{ filename: name, type: 'image/png', data: bytes }]);
  const res = await h.app.inject({
    method: 'POST',
    url: '/core/api/storedFiles',
    payload,
    headers: { 'content-type': contentType, authorization: `Bearer ${await h.token(username)}` },
  });
  expect(res.statusCode, res.body).toBe(201);
  return { id: res.json<{ id: number }>().id, bytes };
}

type Page = { _embedded: { storedFiles: Array<{ id: number; deletedBy?: string }> } };
const trashIds = async (user: string) =>
  (await h.json<Page>(user, 'GET', '/core/api/storedFiles/trash?size=500')).body._embedded.storedFiles.map((f) => f.id);
const exists = async (id: number) => (await h.db.query('SELECT id FROM stored_files WHERE id = $1', [id])).length > 0;
/** Makes the fixture's idea reference file `id` (null: none). */
const ideaFile = (id: number | null) =>
  h.db.query(`UPDATE ideas SET file_id = $1 WHERE idea = 'Paperless onboarding'`, [id]);

/** Puts file `id` among the documents of the fixture's Acme matter, or takes it out. */
const matterDocument = (id: number, listed: boolean) =>
  listed
    ? h.db.query('INSERT INTO matters_documents (owner_id, target_id) VALUES ($1, $2)', [h.fx.matters.acmeMatter, id])
    : h.db.query('DELETE FROM matters_documents WHERE target_id = $1', [id]);

describe('files: the trash', () => {
  it('files trash: the uploader deletes a file into the trash; reads are 404, only they see it there, a restore brings it back byte-identical', async () => {
    const { id, bytes } = await upload('billing', 'scan.png');
    // someone who may not read it gets 404, as for a file that does not exist
    expect((await h.request('member', 'DELETE', `/core/api/storedFiles/${id}`)).statusCode).toBe(404);
    expect((await h.request('billing', 'DELETE', `/core/api/storedFiles/${id}`)).statusCode).toBe(204);

    for (const user of ['billing', 'admin']) {
      expect((await h.request(user, 'GET', `/core/api/storedFiles/${id}`)).statusCode).toBe(404);
      expect((await h.request(user, 'GET', `/core/api/storedFiles/${id}/content`)).statusCode).toBe(404);
      expect((await h.request(user, 'GET', `/core/api/storedFiles/${id}/history`)).statusCode).toBe(404);
    }
    const list = await h.json<Page>('billing', 'GET', '/core/api/storedFiles?size=500');
    expect(list.body._embedded.storedFiles.map((f) => f.id)).not.toContain(id);
    const trash = await h.json<Page>('billing', 'GET', '/core/api/storedFiles/trash?size=500');
    expect(trash.body._embedded.storedFiles.find((f) => f.id === id)).toMatchObject({ deletedBy: 'billing' });
    expect(await trashIds('admin')).toContain(id);
    expect(await trashIds('member')).not.toContain(id);
    expect((await h.request('member', 'POST', `/core/api/storedFiles/${id}/restore`)).statusCode).toBe(404);
    expect((await h.request('member', 'DELETE', `/core/api/storedFiles/${id}/purge`)).statusCode).toBe(404);

    expect((await h.request('billing', 'POST', `/core/api/storedFiles/${id}/restore`)).statusCode).toBe(204);
    const down = await h.request('billing', 'GET', `/core/api/storedFiles/${id}/content`);
    expect(down.statusCode).toBe(200);
    expect(Buffer.compare(down.rawPayload, bytes)).toBe(0);
    expect(await trashIds('billing')).not.toContain(id);
    const history = await h.json<{ _embedded: { history: Array<{ action: string }> } }>(
      'billing',
      'GET',
      `/core/api/storedFiles/${id}/history`,
    );
    expect(history.body._embedded.history.map((e) => e.action)).toEqual(['restore', 'delete', 'create']);
  });

  it("files trash: a file among a matter's documents is not deleted (409)", async () => {
    const { id } = await upload('admin', 'evidence.png');
    await matterDocument(id, true);
    const refused = await h.json<{ message: string }>('admin', 'DELETE', `/core/api/storedFiles/${id}`);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toMatch(/listed by other records \(Matter Documents\): it cannot be deleted/);
    expect((await h.request('admin', 'GET', `/core/api/storedFiles/${id}`)).statusCode).toBe(200);
    await matterDocument(id, false);
  });

  it('files trash: a reader who is not the uploader cannot delete the file (403)', async () => {
    const { id } = await upload('member', 'notes.png');
    await ideaFile(id);
    try {
      // the billing user reads it through the idea, but did not upload it
      expect((await h.request('billing', 'GET', `/core/api/storedFiles/${id}`)).statusCode).toBe(200);
      expect((await h.request('billing', 'DELETE', `/core/api/storedFiles/${id}`)).statusCode).toBe(403);
    } finally {
      await ideaFile(null);
    }
  });

  it('files trash: a referenced file is neither deleted nor purged (409); a purge removes the row and the stored bytes', async () => {
    const { id } = await upload('admin', 'contract.png');
    const before = storedObjects();
    await ideaFile(id);
    const refused = await h.json<{ message: string }>('admin', 'DELETE', `/core/api/storedFiles/${id}`);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toMatch(/referenced/);
    await ideaFile(null);
    expect((await h.request('admin', 'DELETE', `/core/api/storedFiles/${id}`)).statusCode).toBe(204);
    // a record that came to reference it since keeps it
    await ideaFile(id);
    expect((await h.request('admin', 'DELETE', `/core/api/storedFiles/${id}/purge`)).statusCode).toBe(409);
    expect(await exists(id)).toBe(true);
    expect(storedObjects()).toEqual(before);
    await ideaFile(null);
    // so does a matter that lists it among its documents (a join table would drop the entry)
    await matterDocument(id, true);
    const listed = await h.json<{ message: string }>('admin', 'DELETE', `/core/api/storedFiles/${id}/purge`);
    expect(listed.status).toBe(409);
    expect(listed.body.message).toMatch(/listed by other records \(Matter Documents\)/);
    await matterDocument(id, false);

    expect((await h.request('admin', 'DELETE', `/core/api/storedFiles/${id}/purge`)).statusCode).toBe(204);
    expect(await exists(id)).toBe(false);
    expect(storedObjects()).toHaveLength(before.length - 1);
  });

  it('files trash: the retention purge removes the stored bytes of the files it purges', async () => {
    const { id } = await upload('admin', 'old.png');
    expect((await h.request('admin', 'DELETE', `/core/api/storedFiles/${id}`)).statusCode).toBe(204);
    const before = storedObjects();
    const storage = new LocalStorage(dir);
    const later = new Date(Date.now() + 31 * 24 * 3600 * 1000);
    const report = await purgeExpired(h.db, later, [storedFiles], purgedBytesRemover(storage));
    expect(report.purged).toContain(`storedFiles/${id}`);
    expect(await exists(id)).toBe(false);
    expect(storedObjects()).toHaveLength(before.length - 1);
  });
});
