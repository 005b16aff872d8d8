import { contentPublicationForms, contentTags } from '../../../schemas/index';
import type { Reference } from './reference';
import { REFERENCE_DATE } from './random';
import { insertJoin, insertRows, syncIdSequence, type Tx } from './sql';

const audit = {
  createdBy: 'seed',
  lastModifiedBy: 'seed',
  createdDate: REFERENCE_DATE.toISOString(),
  lastModifiedDate: REFERENCE_DATE.toISOString(),
};

/**
 * The demo content: which content type (PUBLISH_LEVEL code, name), its form, its status code and
 * its Russian title (the English title is the form; the publication has no Russian one yet, so a
 * Russian reader sees the English).
 */
const FORMS: ReadonlyArray<{ code: number; name: string; form: string; status: number; ru?: string }> = [
  { code: 1, name: 'country', form: 'Country page', status: 2, ru: 'Страница страны' },
  { code: 2, name: 'office', form: 'Office page', status: 2, ru: 'Страница офиса' },
  { code: 5, name: 'news', form: 'Energy market outlook', status: 2, ru: 'Обзор энергетического рынка' },
  { code: 5, name: 'news', form: 'New partners join the firm', status: 1, ru: 'Новые партнёры фирмы' },
  { code: 8, name: 'publication', form: 'Tax guide', status: 2 },
  { code: 9, name: 'events', form: 'Banking forum', status: 3, ru: 'Банковский форум' },
];

/**
 * Demo website content: six content forms of the first offices (a country page, an office page,
 * two news items - one a draft -, a publication and a deleted event), each tagged with its
 * office's country and two or three active sectors, the first also with a second country; so
 * `GET /contentPublicationForms/country/departments` answers something for the `publisher` demo
 * account. Ids follow the tables' current maximum. @returns row counts by table
 */
export async function seedWebsite(tx: Tx, ref: Reference): Promise<Record<string, number>> {
  const offices = await tx.query<{ id: number; country: number | null; city: string | null }>(
    'SELECT id, physical_country_id AS country, physical_city AS city FROM offices ORDER BY id LIMIT 3',
  );
  const sectors = await tx.query<{ id: number }>(
    `SELECT d.id FROM departments d
       JOIN base_dictionaries t ON t.id = d.type_id
       JOIN base_dictionaries s ON s.id = d.status_id
      WHERE t.code = 7 AND s.code = 1 AND d.parent_id IN (SELECT id FROM departments WHERE parent_id IS NULL)
      ORDER BY d.id LIMIT 6`,
  );
  const countries = offices.map((o) => o.country).filter((c): c is number => c !== null);
  if (offices.length === 0 || countries.length === 0 || sectors.length < 3) return {};
  const next = async (table: string) =>
    Number((await tx.query<{ n: number }>(`SELECT COALESCE(max(id), 0)::int AS n FROM ${table}`))[0]?.n ?? 0) + 1;
  let formId = await next('content_publication_forms');
  let tagId = await next('content_tags');
  const formRows: Array<Record<string, unknown>> = [];
  const tagRows: Array<Record<string, unknown>> = [];
  const tagged: Array<readonly [number, number]> = [];
  FORMS.forEach((f, i) => {
    const office = offices[i % offices.length]!;
    const id = formId++;
    formRows.push({
      id,
      ...audit,
      sourceType: ref.dict('PUBLISH_LEVEL', f.code),
      sourceTypeName: f.name,
      contentForm: f.form,
      title: f.ru ? { en: f.form, ru: f.ru } : { en: f.form },
      status: ref.dict('CONTENT_STATUS', f.status),
      creationDate: new Date(REFERENCE_DATE.getTime() - (i * 9 + 2) * 86_400_000).toISOString(),
      country: office.country,
      office: office.id,
      city: office.city,
      imageHide: 100,
      focus: i === 2,
    });
    const tagsOf = i === 0 ? [office.country, countries[(i + 1) % countries.length]] : [office.country];
    for (const [k, country] of [...new Set(tagsOf)].entries()) {
      if (country === null || country === undefined) continue;
      const tag = tagId++;
      tagRows.push({ id: tag, ...audit, contentPublicationForm: id, country });
      const count = k === 0 ? 2 + (i % 2) : 1;
      for (let s = 0; s < count; s++) tagged.push([tag, sectors[(i + s + k) % sectors.length]!.id]);
    }
  });
  await insertRows(tx, contentPublicationForms, formRows);
  await insertRows(tx, contentTags, tagRows);
  await insertJoin(tx, contentTags, 'departments', tagged);
  await syncIdSequence(tx, contentPublicationForms);
  await syncIdSequence(tx, contentTags);
  return { contentPublicationForms: formRows.length, contentTags: tagRows.length };
}
