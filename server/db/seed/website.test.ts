import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../database';
import { migrate } from '../migrate';
import { openTestDatabase } from '../../test/database';
import { seed, type SeedResult } from './index';

/** The demo website content (`website.ts`) as the API would accept and show it. */
describe('demo website content', () => {
  let db: Database;
  let result: SeedResult;
  beforeAll(async () => {
    db = await openTestDatabase();
    await migrate(db);
    result = await seed(db, { times: 200 });
  });
  afterAll(() => db?.close());

  it('DICT-24 the demo content forms carry tags with a country and active departments', async () => {
    expect(result.counts.contentPublicationForms).toBe(6);
    const tags = await db.query<{ country: string; departments: number; inactive: number }>(
      `SELECT c.gname AS country, count(d.id)::int AS departments,
              count(*) FILTER (WHERE s.code <> 1)::int AS inactive
         FROM content_tags t JOIN base_dictionaries c ON c.id = t.country_id
         JOIN content_tags_departments l ON l.owner_id = t.id
         JOIN departments d ON d.id = l.target_id JOIN base_dictionaries s ON s.id = d.status_id
        GROUP BY t.id, c.gname`,
    );
    expect(tags.length).toBe(result.counts.contentTags);
    expect(tags.every((t) => t.departments >= 1 && t.inactive === 0)).toBe(true);
  });

  it('the demo content type names follow their source types, so each row has its PUBLISHER module', async () => {
    const wrong = await db.query(
      `SELECT f.id FROM content_publication_forms f JOIN base_dictionaries d ON d.id = f.source_type_id
        WHERE f.source_type_name IS DISTINCT FROM d.char_code`,
    );
    expect(wrong).toEqual([]);
    const [next] = await db.query<{ id: number }>(
      "SELECT nextval(pg_get_serial_sequence('content_publication_forms', 'id'))::int AS id",
    );
    const [max] = await db.query<{ id: number }>('SELECT max(id)::int AS id FROM content_publication_forms');
    expect(next!.id).toBeGreaterThan(max!.id);
  });
});
