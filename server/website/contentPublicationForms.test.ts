import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PUBLISHER_MODULES } from '../../schemas/modules';
import { createTestUser } from '../auth/testing';
import { createHarness, type Harness } from '../test/harness';

/**
 * Website content forms through the API: the first fields, the row's `PUBLISHER_*` module, the
 * tags written nested in the form, and the countries with their departments
 * (`GET /contentPublicationForms/country/departments`, DICT-24/34).
 */
let h: Harness;
const full = { view: true, create: true, update: true, delete: true };
beforeAll(async () => {
  h = await createHarness();
  await createTestUser(h.db, {
    username: 'publisher',
    password: 'publisher',
    roles: [{ name: 'PUBLISHER', privileges: PUBLISHER_MODULES.map((module) => ({ module, ...full })) }],
  });
  await createTestUser(h.db, {
    username: 'newsEditor',
    password: 'newsEditor',
    roles: [{ name: 'NEWS_EDITOR', privileges: [{ module: 'PUBLISHER_NEWS', ...full }] }],
  });
});
afterAll(async () => h?.close());

type Rec = Record<string, unknown>;
interface Country {
  id: number;
  countryName: string;
  departments: Array<{ id: number; name: string }>;
}
const URL = '/core/api/contentPublicationForms';

const ref = (id: number) => ({ id });
const form = (sourceCode: number, tags: Array<{ country: number; departments: number[] }>, extra: Rec = {}): Rec => ({
  sourceType: ref(h.fx.dict('PUBLISH_LEVEL', sourceCode)),
  contentForm: `form ${sourceCode}`,
  tags: tags.map((t) => ({ country: ref(t.country), departments: t.departments.map(ref) })),
  ...extra,
});
const create = async (user: string, body: Rec): Promise<Rec> => {
  const r = await h.json<Rec>(user, 'POST', URL, body);
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  return r.body;
};
const countries = (user: string | null, query = '') =>
  h.json<Country[]>(user, 'GET', `${URL}/country/departments${query}`);

let kz: number;
let gb: number;
let countryForm: Rec;
let newsForm: Rec;
let deletedNews: Rec;
beforeAll(async () => {
  kz = h.fx.dict('COUNTRY', 398);
  gb = h.fx.dict('COUNTRY', 826);
  const { firm, sector, sector2 } = h.fx.departments;
  // a country page tagged with Kazakhstan (Energy, Bureau) and the United Kingdom (Banking)
  countryForm = await create(
    'publisher',
    form(1, [
      { country: kz, departments: [sector, firm] },
      { country: gb, departments: [sector2] },
    ]),
  );
  // a news item tagged with Kazakhstan (Energy again) - and a deleted one tagged with the UK (Bureau)
  newsForm = await create('newsEditor', form(5, [{ country: kz, departments: [sector] }]));
  deletedNews = await create(
    'newsEditor',
    form(5, [{ country: gb, departments: [firm] }], { status: ref(h.fx.dict('CONTENT_STATUS', 3)) }),
  );
});

describe('content publication forms', () => {
  it('DICT-24 a country with departments has id, countryName and departments (id, name)', async () => {
    const { firm, sector, sector2 } = h.fx.departments;
    const r = await countries('publisher');
    expect(r.status).toBe(200);
    expect(r.body).toEqual([
      {
        id: kz,
        countryName: 'Kazakhstan',
        // Energy tagged on two forms comes once; sorted by name
        departments: [
          { id: firm, name: 'Bureau' },
          { id: sector, name: 'Energy' },
        ],
      },
      // the deleted news item's Bureau tag is left out
      { id: gb, countryName: 'United Kingdom', departments: [{ id: sector2, name: 'Banking' }] },
    ]);
  });

  it('DICT-34 countries with their departments are loaded with GET /contentPublicationForms/country/departments with filter params', async () => {
    const { firm, sector } = h.fx.departments;
    const news = await countries('publisher', '?sourceType.code=5');
    expect(news.status).toBe(200);
    expect(news.body).toEqual([{ id: kz, countryName: 'Kazakhstan', departments: [{ id: sector, name: 'Energy' }] }]);
    const deleted = await countries('publisher', '?sourceType.code=5&status.code=3');
    expect(deleted.body).toEqual([
      { id: gb, countryName: 'United Kingdom', departments: [{ id: firm, name: 'Bureau' }] },
    ]);
    const byName = await countries('publisher', '?sourceTypeName=country&status.code=1');
    expect(byName.body.map((c) => c.countryName)).toEqual(['Kazakhstan', 'United Kingdom']);
    const none = await countries('publisher', '?sourceType.code=9');
    expect(none).toMatchObject({ status: 200, body: [] });
    const bad = await h.json<Rec>('publisher', 'GET', `${URL}/country/departments?nope.code=1`);
    expect(bad.status).toBe(400);
    expect(bad.body).toHaveProperty('message');
  });

  it('DICT-34 the countries come only from the forms whose PUBLISHER module the user holds', async () => {
    const { sector } = h.fx.departments;
    const r = await countries('newsEditor');
    expect(r.status).toBe(200);
    expect(r.body).toEqual([{ id: kz, countryName: 'Kazakhstan', departments: [{ id: sector, name: 'Energy' }] }]);
    expect((await countries('member')).status).toBe(403);
    expect((await countries(null)).status).toBe(401);
  });

  it('a user without the row PUBLISHER module cannot read or write the form', async () => {
    // member holds no publisher module: the collection is closed to them
    expect((await h.json('member', 'GET', `${URL}/${newsForm.id}`)).status).toBe(403);
    expect((await h.json('member', 'GET', URL)).status).toBe(403);
    // PUBLISHER_NEWS alone opens news items, not a country page
    expect((await h.json('newsEditor', 'GET', `${URL}/${newsForm.id}`)).status).toBe(200);
    expect((await h.json('newsEditor', 'GET', `${URL}/${countryForm.id}`)).status).toBe(404);
    const list = await h.json<{ _embedded: { contentPublicationForms: Rec[] } }>(
      'newsEditor',
      'GET',
      `${URL}?size=100`,
    );
    expect(list.body._embedded.contentPublicationForms.map((f) => f.sourceTypeName)).toEqual(['news', 'news']);
    const before = await h.db.query<{ n: number }>('SELECT count(*)::int AS n FROM content_publication_forms');
    const refused = await h.json<Rec>('newsEditor', 'POST', URL, form(1, []));
    expect(refused.status).toBe(403);
    expect(refused.body).toHaveProperty('message');
    const moved = await h.json<Rec>('newsEditor', 'PATCH', `${URL}/${newsForm.id}`, {
      sourceType: ref(h.fx.dict('PUBLISH_LEVEL', 1)),
    });
    expect(moved.status).toBe(403);
    const after = await h.db.query<{ n: number }>('SELECT count(*)::int AS n FROM content_publication_forms');
    expect(after[0]!.n).toBe(before[0]!.n);
    // the tags are read with their form's module
    const tags = await h.json<{ _embedded: { contentTags: Array<{ contentPublicationForm: { id: number } }> } }>(
      'newsEditor',
      'GET',
      '/core/api/contentTags?size=100',
    );
    expect(tags.status).toBe(200);
    expect(new Set(tags.body._embedded.contentTags.map((t) => t.contentPublicationForm.id))).toEqual(
      new Set([newsForm.id, deletedNews.id]),
    );
    expect((await h.json('member', 'GET', '/core/api/contentTags')).status).toBe(403);
    const still = await h.json<Rec>('publisher', 'GET', `${URL}/${newsForm.id}`);
    expect(still.body).toMatchObject({ sourceTypeName: 'news', sourceType: { code: 5 } });
  });

  it('a new form is a draft with image hide 100, its creation date and the source type name of its source type', async () => {
    const started = Date.now();
    const r = await create('publisher', form(8, []));
    expect(r).toMatchObject({ sourceTypeName: 'publication', status: { code: 1 }, imageHide: 100, focus: false });
    expect(Date.parse(String(r.creationDate))).toBeGreaterThanOrEqual(started - 1000);
    // the name is read-only: it follows the source type, whatever the body says
    const named = await create('publisher', form(8, [], { sourceTypeName: 'news' }));
    expect(named.sourceTypeName).toBe('publication');
    const moved = await h.json<Rec>('publisher', 'PATCH', `${URL}/${named.id}`, {
      sourceType: ref(h.fx.dict('PUBLISH_LEVEL', 16)),
    });
    expect(moved.body).toMatchObject({ sourceTypeName: 'podcast', sourceType: { code: 16 } });
  });

  it('the tags are written nested in the form and read with it; the list is newest first without deleted forms by default', async () => {
    const { sector2 } = h.fx.departments;
    const read = await h.json<Rec>('publisher', 'GET', `${URL}/${countryForm.id}`);
    const tags = read.body.tags as Array<{ id: number }>;
    expect(tags).toHaveLength(2);
    const put = await h.json<Rec>('publisher', 'PATCH', `${URL}/${countryForm.id}`, {
      tags: [{ country: ref(gb), departments: [ref(sector2)] }],
    });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    const tagRows = await h.json<{ _embedded: { contentTags: Rec[] } }>(
      'publisher',
      'GET',
      `/core/api/contentTags?contentPublicationForm.id=${countryForm.id}`,
    );
    expect(tagRows.body._embedded.contentTags).toHaveLength(1);
    expect(
      (await h.json('publisher', 'POST', '/core/api/contentTags', { country: ref(kz) })).status,
    ).toBeGreaterThanOrEqual(400);
    const { contentPublicationForms } = await import('../../schemas/index');
    expect(contentPublicationForms.defaultSort).toEqual([['creationDate', 'desc']]);
    expect(contentPublicationForms.list?.defaultFilter).toEqual({ 'status.code.ne': 3 });
    const listed = await h.json<{ _embedded: { contentPublicationForms: Rec[] } }>(
      'publisher',
      'GET',
      `${URL}?status.code.ne=3&size=100`,
    );
    const ids = listed.body._embedded.contentPublicationForms.map((f) => f.id);
    expect(ids).not.toContain(deletedNews.id);
    const dates = listed.body._embedded.contentPublicationForms.map((f) => String(f.creationDate));
    expect(dates).toEqual([...dates].sort().reverse());
  });
});
