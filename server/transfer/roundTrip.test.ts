import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '../test/harness';
import type { ImportResult } from './import';

/**
 * What the export writes, the import reads back (docs/architecture.md "Import and export"): the
 * clients' CSV holds the country by its name and the VAT as shown (`12%`); imported again, both
 * land as the API takes them (a dictionary entry, a fraction). Texts that name no entry or
 * several, and percents that could be read two ways, are refused per row with a message saying
 * what to write, before anything is created.
 */
let h: Harness;
const BOUNDARY = 'round-trip-boundary';

beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => h?.close());

type Client = { id: number; gname: string; vatPercent: number; country: { id: number } | null };

async function upload(step: 'dryRun' | 'commit', file: Buffer) {
  const payload = Buffer.concat([
    Buffer.from(
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="clients.csv"\r\nContent-Type: text/csv\r\n\r\n`,
    ),
    file,
    Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
  ]);
  const res = await h.app.inject({
    method: 'POST',
    url: `/core/api/clients/import/${step}`,
    headers: {
      authorization: `Bearer ${await h.token('billing')}`,
      'content-type': `multipart/form-data; boundary=${BOUNDARY}`,
    },
    payload,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<ImportResult>();
}

const exported = async (search: string) =>
  (await h.request('billing', 'GET', `/core/api/clients/export?format=csv&search=${encodeURIComponent(search)}`))
    .rawPayload;

/** The export's text with its byte order mark, as lines of cells (no quoted commas in these rows). */
const linesOf = (file: Buffer) =>
  file
    .toString('utf8')
    .replace(/^\ufeff/, '')
    .split('\r\n')
    .filter(Boolean);
const csv = (lines: string[]) => Buffer.from(`\ufeff${lines.join('\r\n')}\r\n`, 'utf8');

async function newClient(gname: string): Promise<Client> {
  const res = await h.json<Client>('billing', 'POST', '/core/api/clients', {
    gname,
    sector: { id: h.fx.departments.sector },
    country: { id: h.fx.dict('COUNTRY', 398) },
    vatEnabled: true,
    vatPercent: 0.12,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
}

describe('import reads back what the export writes', () => {
  it('TRANSFER a clients CSV export imports back: the country by its name, the VAT as shown (12%)', async () => {
    const alpha = await newClient('Roundtrip Alpha');
    const file = await exported('Roundtrip Alpha');
    const [header, row] = linesOf(file);
    expect(header).toContain('VAT,VAT %');
    expect(row).toContain('Kazakhstan');
    expect(row).toContain('true,12%');
    // the file as it is: the client is there already, which the dry run says without refusing
    const again = await upload('dryRun', file);
    expect(again).toMatchObject({ created: 1, rejected: [] });
    expect(again.duplicates).toEqual([{ row: 2, property: 'gname', value: 'Roundtrip Alpha', existing: alpha.id }]);
    // the same file, the client renamed (a copy of the row, as a user would add one)
    const renamed = csv([header!, row!.replace('Roundtrip Alpha', 'Roundtrip Beta')]);
    const dry = await upload('dryRun', renamed);
    expect(dry).toMatchObject({ total: 1, created: 1, rejected: [], duplicates: [], committed: false });
    const commit = await upload('commit', renamed);
    expect(commit).toMatchObject({ created: 1, committed: true });
    const found = await h.json<{ _embedded: { clients: Client[] } }>(
      'billing',
      'GET',
      '/core/api/clients?search=Roundtrip%20Beta&projection=full',
    );
    const beta = found.body._embedded.clients[0]!;
    expect(beta.country?.id).toBe(h.fx.dict('COUNTRY', 398));
    expect(Number(beta.vatPercent)).toBe(0.12);
  });

  it('TRANSFER a percent is read as shown; one that could be read two ways, and a country that names none or several, are refused per row with what to write', async () => {
    await newClient('Roundtrip Gamma');
    const [header, row] = linesOf(await exported('Roundtrip Gamma'));
    // a second "Kazakhstan" in the dictionary makes the name ambiguous for the last row
    const rows = [
      row!.replace('Roundtrip Gamma', 'Roundtrip Points').replace('12%', '12'),
      row!.replace('Roundtrip Gamma', 'Roundtrip Fraction').replace('12%', '0.12'),
      row!.replace('Roundtrip Gamma', 'Roundtrip Nowhere').replace('Kazakhstan', 'Atlantis'),
      row!.replace('Roundtrip Gamma', 'Roundtrip Local').replace('Kazakhstan', 'kz'),
    ];
    const dry = await upload('dryRun', csv([header!, ...rows]));
    expect(dry.total).toBe(4);
    expect(dry.rejected.map((r) => r.row)).toEqual([3, 4]);
    expect(dry.rejected[0]!.errors).toEqual([
      expect.objectContaining({
        property: 'vatPercent',
        message: '"0.12" could be 0.12% or 12%: write it with its sign, as "12%" or "0.12%"',
      }),
    ]);
    expect(dry.rejected[1]!.errors).toEqual([
      expect.objectContaining({ property: 'country', message: 'Country: nothing is named "Atlantis"' }),
    ]);
    // the bare 12 and the char code were read as shown: committed without the two refused rows
    const kept = await upload('commit', csv([header!, rows[0]!, rows[3]!]));
    expect(kept).toMatchObject({ created: 2, committed: true });
    const points = await h.json<{ _embedded: { clients: Client[] } }>(
      'billing',
      'GET',
      '/core/api/clients?search=Roundtrip%20Points&projection=full',
    );
    expect(Number(points.body._embedded.clients[0]!.vatPercent)).toBe(0.12);

    // a name twice in one file is flagged on its second row
    const twice = await upload(
      'dryRun',
      csv([header!, rows[0]!, rows[0]!.replace('Roundtrip Points', 'roundtrip points')]),
    );
    expect(twice.duplicates).toEqual([
      expect.objectContaining({ row: 2, existing: expect.any(Number) }),
      expect.objectContaining({ row: 3, value: 'roundtrip points', sameAsRow: 2 }),
    ]);
    // VAT off with a VAT % given: the create would store 0, so the row is refused rather than losing 12%
    const off = await upload(
      'dryRun',
      csv([header!, row!.replace('Roundtrip Gamma', 'Roundtrip Off').replace('true,12%', 'false,12%')]),
    );
    expect(off.rejected[0]!.errors).toEqual([
      expect.objectContaining({
        property: 'vatPercent',
        message: "VAT % would be stored as 0: the row's other columns say it does not apply (add or correct them)",
      }),
    ]);

    const twin = await h.json('admin', 'POST', '/core/api/baseDictionaries', {
      type: { id: (await dictionaryType('COUNTRY'))! },
      gname: 'Kazakhstan',
      charCode: 'KZ2',
    });
    expect(twin.status, JSON.stringify(twin.body)).toBe(201);
    const ambiguous = await upload('dryRun', csv([header!, row!.replace('Roundtrip Gamma', 'Roundtrip Twice')]));
    expect(ambiguous.rejected[0]!.errors).toEqual([
      expect.objectContaining({
        property: 'country',
        message: `Country: "Kazakhstan" names 2 records; give the one meant by its id, as "#${h.fx.dict('COUNTRY', 398)}"`,
      }),
    ]);
  });
});

async function dictionaryType(name: string): Promise<number | undefined> {
  const [row] = await h.db.query<{ type_id: string }>('SELECT type_id FROM base_dictionaries WHERE id = $1', [
    h.fx.dict(name, 398),
  ]);
  return row ? Number(row.type_id) : undefined;
}
