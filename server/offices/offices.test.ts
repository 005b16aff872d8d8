import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '../test/harness';

/** Offices over HTTP (OFF-01..06): every field of the spec, the full projection, the list and writes. */
let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => h?.close());

type Office = Record<string, unknown> & { id: number; version: number };
type Page = { _embedded: { offices: Office[] } };

/** Every field of OFF-01 with a value, references written `{ id }`. */
const everyField = (): Record<string, unknown> => ({
  status: { id: h.fx.dict('OFFICE_STATUS', 1) },
  type: { id: h.fx.dict('OFFICE_TYPE', 2) },
  gfirmName: 'Bureau Astana',
  lfirmName: 'Бюро Астана',
  siteUrl: 'https://astana.bureau.example',
  firstEmail: 'astana@bureau.example',
  firstPhoneNumber: '+77172000000',
  representative: 'Dana Seitova',
  signDate: '2026-01-15',
  clientTrialDateLte: '2026-12-31',
  royaltyTrialLte: '2027-06-30',
  shippingAddress: 'Mangilik El 1',
  zip: '010000',
  gbillFirmName: 'Bureau Astana LLP',
  lbillFirmName: 'ТОО Бюро Астана',
  gbillAddress: 'Mangilik El 1, Astana',
  lbillAddress: 'Мангилик Ел 1, Астана',
  bin: '123456789012',
  nationalBankType: { id: h.fx.dict('NATIONAL_BANK_TYPE', 1) },
  currency: { id: h.fx.currencies.kzt },
  transferCurrency: { id: h.fx.currencies.usd },
  billingCity: 'Astana',
  billingCountry: { id: h.fx.dict('COUNTRY', 398) },
  physicalCity: 'Astana',
  physicalCountry: { id: h.fx.dict('COUNTRY', 398) },
  timeDurationRange: 14,
});

describe('offices', () => {
  it('OFF-01 OFF-03 OFF-04 an office keeps every field of the spec: created with POST, read with projection full', async () => {
    const created = await h.json<Office>('admin', 'POST', '/core/api/offices', everyField());
    expect(created.status).toBe(201);
    const read = await h.json<Office>('admin', 'GET', `/core/api/offices/${created.body.id}?projection=full`);
    expect(read.status).toBe(200);
    const { status, type, nationalBankType, currency, transferCurrency, billingCountry, physicalCountry, ...plain } =
      everyField();
    expect(read.body).toMatchObject(plain);
    expect(read.body).toMatchObject({
      status: { code: 1 },
      type: { code: 2 },
      nationalBankType: { code: 1, gname: expect.any(String) },
      currency: { id: (currency as { id: number }).id, code: 'KZT' },
      transferCurrency: { id: (transferCurrency as { id: number }).id, code: 'USD' },
      billingCountry: { id: (billingCountry as { id: number }).id, gname: expect.any(String) },
      physicalCountry: { id: (physicalCountry as { id: number }).id },
    });
    expect([status, type, nationalBankType].every(Boolean)).toBe(true);
  });

  it('OFF-01 timeDurationRange is a whole number of days, not negative', async () => {
    const res = await h.json<{ errors: { property: string }[] }>('admin', 'POST', '/core/api/offices', {
      ...everyField(),
      timeDurationRange: -1,
    });
    expect(res.status).toBe(400);
    expect(res.body.errors.map((e) => e.property)).toEqual(['timeDurationRange']);
  });

  it('OFF-02 offices are listed with GET /offices', async () => {
    const res = await h.json<Page>('member', 'GET', '/core/api/offices?sort=gfirmName,asc');
    expect(res.status).toBe(200);
    const names = res.body._embedded.offices.map((o) => o.gfirmName);
    expect(names).toEqual(expect.arrayContaining(['Bureau Almaty', 'Bureau London']));
  });

  it('OFF-05 an office is updated with PUT and keeps the cashbox-info fields', async () => {
    const created = await h.json<Office>('admin', 'POST', '/core/api/offices', everyField());
    const put = await h.json<Office>('admin', 'PUT', `/core/api/offices/${created.body.id}`, {
      ...everyField(),
      royaltyTrialLte: '2027-01-31',
      timeDurationRange: 30,
      version: created.body.version,
    });
    expect(put.status).toBe(200);
    expect(put.body).toMatchObject({
      royaltyTrialLte: '2027-01-31',
      timeDurationRange: 30,
      clientTrialDateLte: '2026-12-31',
    });
    expect((await h.request('member', 'PUT', `/core/api/offices/${created.body.id}`, everyField())).statusCode).toBe(
      403,
    );
  });

  it('OFF-06 the office type is base dictionary type 26, read with GET /baseDictionaries', async () => {
    const res = await h.json<{ _embedded: { baseDictionaries: { code: number; type: { id: number } }[] } }>(
      'member',
      'GET',
      '/core/api/baseDictionaries?type.code=26&size=50',
    );
    expect(res.status).toBe(200);
    const rows = res.body._embedded.baseDictionaries;
    expect(rows.map((r) => r.code).sort()).toEqual([1, 2, 3]);
    expect(new Set(rows.map((r) => r.type.id))).toEqual(new Set([h.fx.dictType('OFFICE_TYPE')]));
  });
});
