import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '../test/harness';

/** Currencies and their dated rates to USD: the admins' reference data (NAV-101). */
let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => h?.close());

type Page<K extends string, T> = { _embedded: Record<K, T[]>; page: { totalElements: number } };

describe('currencies', () => {
  it('USR-15 a currency has fields gname, lname and code', async () => {
    const r = await h.json<Record<string, unknown>>('admin', 'GET', `/core/api/currencies/${h.fx.currencies.kzt}`);
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ code: 'KZT', gname: 'Tenge' });
    expect(Object.keys(r.body)).toEqual(expect.arrayContaining(['code', 'gname', 'lname']));
  });

  it('USR-16 currencies are listed with GET on /currencies', async () => {
    const r = await h.json<Page<'currencies', { code: string }>>('admin', 'GET', '/core/api/currencies?sort=code,asc');
    expect(r.status).toBe(200);
    expect(r.body._embedded.currencies.map((c) => c.code)).toEqual(expect.arrayContaining(['KZT', 'USD']));
  });

  it('USR-17 USR-18 USR-19 a currency is created with POST, updated with PUT and deleted with DELETE', async () => {
    const created = await h.json<{ id: number }>('admin', 'POST', '/core/api/currencies', {
      code: 'CHF',
      gname: 'Swiss franc',
      lname: 'Franken',
    });
    expect(created.status).toBe(201);
    const put = await h.json<Record<string, unknown>>('admin', 'PUT', `/core/api/currencies/${created.body.id}`, {
      code: 'CHF',
      gname: 'Swiss franc (CHF)',
    });
    expect(put.status).toBe(200);
    expect(put.body).toMatchObject({ gname: 'Swiss franc (CHF)', lname: null });
    expect((await h.request('admin', 'DELETE', `/core/api/currencies/${created.body.id}`)).statusCode).toBe(204);
    expect((await h.request('admin', 'GET', `/core/api/currencies/${created.body.id}`)).statusCode).toBe(404);
  });

  it('NAV-101 only administrators write currencies; every signed-in user reads them for dropdowns', async () => {
    expect((await h.request('member', 'GET', '/core/api/currencies')).statusCode).toBe(200);
    const r = await h.json('member', 'POST', '/core/api/currencies', { code: 'SEK', gname: 'Krona' });
    expect(r.status).toBe(403);
    expect(r.body).toHaveProperty('message');
  });
});

describe('currency rates', () => {
  it('NAV-101 currency rates are for administrators only: read and write', async () => {
    for (const user of ['member', 'billing', 'lawyer']) {
      expect((await h.request(user, 'GET', '/core/api/currencyRates')).statusCode, user).toBe(403);
      const w = await h.request(user, 'POST', '/core/api/currencyRates', {
        currency: { id: h.fx.currencies.usd },
        date: '2026-10-01',
        rateToUsd: 1,
      });
      expect(w.statusCode, user).toBe(403);
    }
    expect((await h.request(null, 'GET', '/core/api/currencyRates')).statusCode).toBe(401);
  });

  it('a rate to USD is stored and answered as an exact 8-place decimal', async () => {
    const created = await h.json<{ id: number; rateToUsd: number }>('admin', 'POST', '/core/api/currencyRates', {
      currency: { id: h.fx.currencies.kzt },
      date: '2026-11-01',
      rateToUsd: '1234567890.123456789',
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const raw = await h.request('admin', 'GET', `/core/api/currencyRates/${created.body.id}`);
    // rounded half-up to 8 places, every digit in the JSON (a double would print 1234567890.1234568)
    expect(raw.body).toContain('"rateToUsd":1234567890.12345679');
  });

  it('a rate above numeric(19,8) or a negative rate is a 400 naming rateToUsd, never a 500', async () => {
    for (const rateToUsd of ['123456789012.5', -1, 'abc']) {
      const r = await h.json<{ message: string; errors: Array<{ property: string }> }>(
        'admin',
        'POST',
        '/core/api/currencyRates',
        { currency: { id: h.fx.currencies.kzt }, date: '2026-09-01', rateToUsd },
      );
      expect(r.status, String(rateToUsd)).toBe(400);
      expect(r.body.errors.map((e) => e.property)).toContain('rateToUsd');
    }
  });

  it('one rate per currency and date', async () => {
    const body = { currency: { id: h.fx.currencies.usd }, date: '2026-08-01', rateToUsd: 1 };
    expect((await h.request('admin', 'POST', '/core/api/currencyRates', body)).statusCode).toBe(201);
    const again = await h.json<{ message: string }>('admin', 'POST', '/core/api/currencyRates', body);
    expect(again.status).toBe(409);
    expect(again.body.message).toBeTruthy();
  });

  it('the list is filtered by currency and sorted newest first', async () => {
    const r = await h.json<Page<'currencyRates', { date: string; currency: { id: number } }>>(
      'admin',
      'GET',
      `/core/api/currencyRates?currency.id=${h.fx.currencies.kzt}&projection=full`,
    );
    expect(r.status).toBe(200);
    const dates = r.body._embedded.currencyRates.map((x) => x.date);
    expect(dates.length).toBeGreaterThan(0);
    expect([...dates].sort().reverse()).toEqual(dates);
    expect(r.body._embedded.currencyRates.every((x) => x.currency.id === h.fx.currencies.kzt)).toBe(true);
  });
});
