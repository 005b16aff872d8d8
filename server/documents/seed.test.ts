import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/database';
import { migrate } from '../db/migrate';
import { seed, type SeedResult } from '../db/seed/index';
import { LocalStorage } from '../files/localStorage';
import { openTestDatabase } from '../test/database';
import { docxText } from './docx';
import { renderDocx } from './render';

/** The demo's office templates (server/db/seed/documentTemplates.ts): real DOCX files in the storage. */
let db: Database;
let dir: string;
let storage: LocalStorage;
let result: SeedResult;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'documents-seed-'));
  storage = new LocalStorage(dir);
  db = await openTestDatabase();
  await migrate(db);
  result = await seed(db, { scale: 20, times: 3000, files: storage });
}, 300_000);
afterAll(async () => {
  await db?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('demo office templates', () => {
  it('INV-28 PRE-15 every demo office has an Invoice and a Pre-invoice template whose stored DOCX renders', async () => {
    const rows = await db.query<{ office_id: string; code: string; storage_key: string; content_type: string }>(
      `SELECT ot.office_id, d.code, sf.storage_key, sf.content_type FROM office_templates ot
         JOIN base_dictionaries d ON d.id = ot.document_type_id JOIN stored_files sf ON sf.id = ot.document_id
        ORDER BY ot.office_id, d.code`,
    );
    const [offices] = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM offices');
    expect(offices!.n).toBeGreaterThan(0);
    expect(rows).toHaveLength(offices!.n * 2);
    expect(result.counts.officeTemplates).toBe(rows.length);
    expect(new Set(rows.map((r) => `${r.office_id}:${r.code}`)).size).toBe(rows.length);
    expect(new Set(rows.map((r) => Number(r.code)))).toEqual(new Set([1, 2]));
    for (const row of rows.slice(0, 2)) {
      expect(row.content_type).toBe('application/vnd.openxmlformats-officedocument.wordprocessingml.document');
      const chunks: Buffer[] = [];
      for await (const c of await storage.get(row.storage_key)) chunks.push(c as Buffer);
      const out = docxText(renderDocx(Buffer.concat(chunks), { number: 'N-1', amount: '5.00', currency: 'USD' }));
      expect(out).toContain(Number(row.code) === 1 ? 'Invoice N-1 of' : 'Pre-invoice N-1 of');
      expect(out).not.toMatch(/\{[#/^]?[a-zA-Z]+\}/);
    }
  });
});
