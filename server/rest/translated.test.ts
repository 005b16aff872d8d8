import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '../test/harness';

/**
 * Translated fields through the API (docs/api.md "Languages"), on the website content's `title`
 * (`f.translated`): written and read per language, filtered and sorted in the reader's language
 * (the `language` parameter, else `Accept-Language`) with the English fallback, sorted by that
 * language's collation; a bad shape is a 400 naming the language.
 */
let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => h?.close());

type Rec = Record<string, unknown>;
type Page = { _embedded: { contentPublicationForms: Rec[] } };
interface Refusal {
  message: string;
  errors?: Array<{ property: string; invalidValue: unknown; message: string }>;
}
const URL = '/core/api/contentPublicationForms';
/** Every form of this test, and only those: they share a city. */
const CITY = 'Translated-Test-City';

const create = async (title: unknown): Promise<Rec> => {
  const r = await h.json<Rec>('admin', 'POST', URL, {
    sourceType: { id: h.fx.dict('PUBLISH_LEVEL', 5) },
    contentForm: 'news',
    city: CITY,
    title,
  });
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  return r.body;
};
/** The titles in the language asked, as the list answers them, for `query` over this test's forms. */
const titles = async (query: string, headers?: Record<string, string>): Promise<Rec[]> => {
  const r = await h.json<Page>('admin', 'GET', `${URL}?city=${CITY}&${query}`, undefined, headers);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body._embedded.contentPublicationForms.map((f) => f.title as Rec);
};
const en = (rows: Rec[]) => rows.map((t) => t.en);

let cherry: Rec;
let zebra: Rec;
let mango: Rec;
let apple: Rec;
let banana: Rec;
beforeAll(async () => {
  // created first: sorted by its empty Russian title it would come before the apples (by id)
  cherry = await create({ en: 'Cherry' });
  zebra = await create({ en: 'Zebra crossing', ru: 'Ёлка' });
  mango = await create({ en: 'mango season', ru: 'Жара' });
  // no Russian title (a blank one is no title): a Russian reader gets the English
  apple = await create({ en: 'Apple harvest', ru: '  ' });
  banana = await create({ en: 'Banana', ru: 'Арбуз' });
});

describe('a translated field', () => {
  it('is answered per language as written, a blank language left out', async () => {
    expect(zebra.title).toEqual({ en: 'Zebra crossing', ru: 'Ёлка' });
    expect(apple.title).toEqual({ en: 'Apple harvest' });
    const read = await h.json<Rec>('admin', 'GET', `${URL}/${String(banana.id)}`);
    expect(read.body.title).toEqual({ en: 'Banana', ru: 'Арбуз' });
  });

  it('keeps the other language when an update sends one text changed', async () => {
    const r = await h.json<Rec>('admin', 'PATCH', `${URL}/${String(mango.id)}`, {
      title: { en: 'mango season', ru: 'Жара летом' },
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.title).toEqual({ en: 'mango season', ru: 'Жара летом' });
    await h.json('admin', 'PATCH', `${URL}/${String(mango.id)}`, { title: { en: 'mango season', ru: 'Жара' } });
  });

  it('sorts in English by English collation (case does not split the alphabet)', async () => {
    const order = ['Apple harvest', 'Banana', 'Cherry', 'mango season', 'Zebra crossing'];
    expect(en(await titles('sort=title,asc&language=en'))).toEqual(order);
    expect(en(await titles('sort=title,desc'))).toEqual([...order].reverse());
  });

  it('sorts in Russian by Russian collation (ё after е, Cyrillic first), falling back to English', async () => {
    // Арбуз, Ёлка, Жара (byte order puts Ё after Ж); whether Latin comes before or after Cyrillic
    // differs between ICU versions, so the English fallbacks are asserted as a block of their own
    const cyrillic = new Set([banana.title, zebra.title, mango.title].map((t) => (t as Rec).en));
    for (const got of [
      en(await titles('sort=title,asc&language=ru')),
      en(await titles('sort=title,asc', { 'accept-language': 'ru-RU,ru;q=0.9,en;q=0.8' })),
    ]) {
      expect(got.filter((t) => cyrillic.has(t))).toEqual(['Banana', 'Zebra crossing', 'mango season']);
      expect([got.slice(0, 2), got.slice(3)]).toContainEqual([apple.title, cherry.title].map((t) => (t as Rec).en));
    }
  });

  it('filters on the text in the reader language, else the fallback', async () => {
    expect(en(await titles('title=Жара&language=ru'))).toEqual(['mango season']);
    expect(en(await titles('title=Жара&language=en'))).toEqual([]);
    expect(en(await titles('title=Apple harvest&language=ru'))).toEqual(['Apple harvest']);
    expect(en(await titles('title.like=арб', { 'accept-language': 'ru' }))).toEqual(['Banana']);
    expect(en(await titles('title.like=arv&language=ru'))).toEqual(['Apple harvest']);
    expect(en(await titles('title.in=Ёлка,Banana&language=ru&sort=title,asc'))).toEqual(['Zebra crossing']);
    expect(en(await titles('search=ёлка&language=ru'))).toEqual(['Zebra crossing']);
  });

  it('refuses a language the server does not know as a parameter (400); an unknown header falls back', async () => {
    const r = await h.json<Refusal>('admin', 'GET', `${URL}?language=de`);
    expect(r.status).toBe(400);
    expect(r.body.message).toContain('language');
    expect(en(await titles('sort=title,asc', { 'accept-language': 'de-DE' }))).toEqual([
      'Apple harvest',
      'Banana',
      'Cherry',
      'mango season',
      'Zebra crossing',
    ]);
  });

  it.each([
    ['a plain string', 'News', [['title', 'must be an object of texts by language (en, ru)']]],
    ['an unknown language', { en: 'News', de: 'Nachrichten' }, [['title.de', 'unknown language (known: en, ru)']]],
    ['a number as a text', { en: 42 }, [['title.en', 'must be a string']]],
    ['a text too long', { ru: 'я'.repeat(301) }, [['title.ru', 'size must be between 0 and 300']]],
  ])('refuses %s with 400 at the language', async (_name, title, expected) => {
    const r = await h.json<Refusal>('admin', 'POST', URL, {
      sourceType: { id: h.fx.dict('PUBLISH_LEVEL', 5) },
      city: CITY,
      title,
    });
    expect(r.status).toBe(400);
    expect(r.body.errors?.map((e) => [e.property, e.message])).toEqual(expected);
  });
});

describe("a dictionary's names", () => {
  type Entry = { id: number; gname: string; lname: string | null };
  const DICT = '/core/api/baseDictionaries';
  let ids: Set<number>;
  beforeAll(async () => {
    const type = { id: h.fx.dictType('GENDER') };
    ids = new Set();
    for (const [gname, lname] of [
      ['Apple', 'Яблоко'],
      ['Zebra', 'Зебра'],
      ['Mango', null],
      ['Cherry', 'Вишня'],
    ] as const) {
      const r = await h.json<Entry>('admin', 'POST', DICT, { type, gname, lname });
      expect(r.status, JSON.stringify(r.body)).toBe(201);
      ids.add(r.body.id);
    }
  });
  /** The global names of this test's entries in the order the list answers them. */
  const sorted = async (query: string, headers?: Record<string, string>): Promise<string[]> => {
    const r = await h.json<{ _embedded: { baseDictionaries: Entry[] } }>(
      'admin',
      'GET',
      `${DICT}?type.id=${h.fx.dictType('GENDER')}&size=1000&${query}`,
      undefined,
      headers,
    );
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    return r.body._embedded.baseDictionaries.filter((e) => ids.has(e.id)).map((e) => e.gname);
  };

  it('sort by the global name in English', async () => {
    expect(await sorted('sort=gname,asc&language=en')).toEqual(['Apple', 'Cherry', 'Mango', 'Zebra']);
  });

  it('sort by the local name in Russian, the global one where there is none', async () => {
    for (const got of [
      await sorted('sort=gname,asc&language=ru'),
      await sorted('sort=gname,asc', { 'accept-language': 'ru' }),
    ]) {
      // Вишня, Зебра, Яблоко; Mango (no local name) sorts by its global name among them
      expect(got.filter((g) => g !== 'Mango')).toEqual(['Cherry', 'Zebra', 'Apple']);
      expect(got).toContain('Mango');
    }
  });
});
