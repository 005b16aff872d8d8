import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { dictionaryCode } from '../../../schemas/dictionaries';
import type { ServerConfig } from '../../config';
import { freshPostgres } from '../../test/database';
import { startDatabase } from '../start';
import { applyReferenceData, declaredReference } from './apply';

const cleanups: Array<() => Promise<void> | void> = [];
afterAll(async () => {
  for (const c of cleanups) await c();
});

/** A new empty database of the leg's engine: a fresh PostgreSQL database, or a new PGlite directory. */
async function emptyTarget(): Promise<Pick<ServerConfig, 'databaseUrl' | 'dataDir'>> {
  if (process.env.DATABASE_URL) {
    const fresh = await freshPostgres(process.env.DATABASE_URL);
    cleanups.push(fresh.drop);
    return { databaseUrl: fresh.url, dataDir: '' };
  }
  const dir = mkdtempSync(join(tmpdir(), 'bureau-reference-'));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  return { dataDir: dir };
}

type Started = Awaited<ReturnType<typeof startDatabase>>;
const entry = async (s: Started, type: string, code: number) =>
  (
    await s.db.query<{ gname: string }>(
      `SELECT d.gname FROM base_dictionaries d JOIN base_dictionary_types t ON t.id = d.type_id
        WHERE t.code = $1 AND d.code = $2`,
      [dictionaryCode(type), code],
    )
  ).map((r) => r.gname);
const grant = async (s: Started, role: string, module: string) =>
  s.db.query<{ view: boolean; create: boolean; update: boolean; delete: boolean }>(
    `SELECT p.view, p."create", p.update, p.delete FROM privileges p JOIN roles r ON r.id = p.role_id
      WHERE r.name = $1 AND p.module = $2`,
    [role, module],
  );

describe('reference data on every start', () => {
  it('a database seeded with an older reference set gains the new entry and grant at the next start; user edits stay', async () => {
    const target = await emptyTarget();
    const config = { ...target, seed: 'none' as const, admin: undefined };

    const first = await startDatabase(config);
    try {
      expect(first.report.seeded).toBe('reference');
      expect(first.report.referenceAdded).toEqual({}); // the seed already holds the whole set
      // make it the database of an older version: it lacks a deal stage and a grant ...
      await first.db.query(
        `DELETE FROM base_dictionaries WHERE code = 10 AND type_id = (SELECT id FROM base_dictionary_types WHERE code = $1)`,
        [dictionaryCode('DEAL_STAGE')],
      );
      await first.db.query(
        `DELETE FROM privileges WHERE module = 'client' AND role_id = (SELECT id FROM roles WHERE name = 'BILL')`,
      );
      // ... and its users renamed an entry and narrowed a grant
      await first.db.query(
        `UPDATE base_dictionaries SET gname = 'Fresh lead' WHERE code = 1 AND type_id = (SELECT id FROM base_dictionary_types WHERE code = $1)`,
        [dictionaryCode('CONTACT_STAGE')],
      );
      await first.db.query(
        `UPDATE privileges SET "create" = false, update = false WHERE module = 'matter' AND role_id = (SELECT id FROM roles WHERE name = 'BILL')`,
      );
    } finally {
      await first.close();
    }

    const second = await startDatabase(config);
    try {
      expect(second.report.seeded).toBeUndefined();
      expect(second.report.referenceAdded).toEqual({ dictionaries: 1, privileges: 1 });
      expect(await entry(second, 'DEAL_STAGE', 10)).toEqual(['Closed lost']);
      expect(await grant(second, 'BILL', 'client')).toEqual([{ view: true, create: true, update: true, delete: true }]);
      expect(await entry(second, 'CONTACT_STAGE', 1)).toEqual(['Fresh lead']);
      expect(await grant(second, 'BILL', 'matter')).toEqual([
        { view: true, create: false, update: false, delete: false },
      ]);

      // a version that declares a new dictionary type, entry, role and grant adds exactly those, once
      const declared = declaredReference();
      const newer = {
        ...declared,
        dictionaries: [
          ...declared.dictionaries,
          { code: 99, name: 'IDEA_STATUS', gname: 'Idea status', entries: [{ code: 1, gname: 'Proposed' }] },
        ],
        roles: [
          ...declared.roles,
          {
            name: 'IDEAS',
            grants: [{ module: 'client' as const, view: true, create: false, update: false, delete: false }],
          },
        ],
      };
      expect(await applyReferenceData(second.db, newer)).toEqual({
        dictionaryTypes: 1,
        dictionaries: 1,
        currencies: 0,
        roles: 1,
        privileges: 1,
      });
      expect(await applyReferenceData(second.db, newer)).toEqual({
        dictionaryTypes: 0,
        dictionaries: 0,
        currencies: 0,
        roles: 0,
        privileges: 0,
      });
      const [type] = await second.db.query<{ id: number }>('SELECT id FROM base_dictionary_types WHERE code = 99');
      expect(type?.id).toBe(99); // a type's id is its code, as the presets assume
    } finally {
      await second.close();
    }
  });
});
