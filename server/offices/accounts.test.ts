import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '../test/harness';

/** Office accounts (OFF-07..13) and their transit accounts per currency (OFF-14..18) over HTTP. */
let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => h?.close());

type Row = Record<string, unknown> & { id: number; version: number };
type Page<K extends string> = { _embedded: Record<K, Row[]> };

/** Every member of the bank account value object (OFF-08). */
const bankAccount = () => ({
  gbankName: 'Halyk Bank',
  lbankName: 'Народный банк',
  prefix: 'KZ',
  billingCountry: { id: h.fx.dict('COUNTRY', 398) },
  billingCity: 'Almaty',
  code: '601',
  number: 'KZ86601A871001726091',
  inn: '7707083893',
  bin: '940140000385',
  kpp: '773601001',
  swiftCode: 'HSBKKZKX',
  currentAccount: '40702810938000000001',
  billing: true,
  gbillFirmName: 'Bureau Almaty LLP',
  lbillFirmName: 'ТОО Бюро Алматы',
  gbillAddress: 'Abay 1, Almaty',
  lbillAddress: 'Абая 1, Алматы',
});

const newAccount = (office: number, expenseIncreasePercent = 0.05) =>
  h.json<Row>('admin', 'POST', '/core/api/officeAccounts', {
    office: { id: office },
    expenseIncreasePercent,
    account: bankAccount(),
  });

describe('office accounts', () => {
  it('OFF-07 OFF-08 OFF-11 an office account with every bank field is created with POST', async () => {
    const res = await newAccount(h.fx.offices.almaty, 0.05);
    expect(res.status).toBe(201);
    const { billingCountry, ...plain } = bankAccount();
    expect(res.body).toMatchObject({
      office: { id: h.fx.offices.almaty },
      expenseIncreasePercent: 0.05,
      active: true,
      account: { ...plain, billingCountry: { id: billingCountry.id } },
    });
  });

  it('OFF-07 expenseIncreasePercent is a fraction on the wire: 5 is refused at the field', async () => {
    const res = await h.json<{ errors: { property: string }[] }>('admin', 'POST', '/core/api/officeAccounts', {
      office: { id: h.fx.offices.almaty },
      expenseIncreasePercent: 50,
      account: bankAccount(),
    });
    expect(res.status).toBe(400);
    expect(res.body.errors.map((e) => e.property)).toEqual(['expenseIncreasePercent']);
  });

  it('OFF-08 an unknown member of the bank account is refused at its path', async () => {
    const res = await h.json<{ errors: { property: string }[] }>('admin', 'POST', '/core/api/officeAccounts', {
      office: { id: h.fx.offices.almaty },
      account: { ...bankAccount(), iban: 'X' },
    });
    expect(res.status).toBe(400);
    expect(res.body.errors.map((e) => e.property)).toEqual(['account.iban']);
  });

  it('OFF-09 OFF-10 office accounts are listed by officeId and loaded by id', async () => {
    const london = await newAccount(h.fx.offices.london);
    const list = await h.json<Page<'officeAccounts'>>(
      'admin',
      'GET',
      `/core/api/officeAccounts?officeId=${h.fx.offices.london}`,
    );
    expect(list.status).toBe(200);
    expect(list.body._embedded.officeAccounts.map((a) => a.id)).toEqual([london.body.id]);
    const one = await h.json<Row>('admin', 'GET', `/core/api/officeAccounts/${london.body.id}`);
    expect(one.body).toMatchObject({
      id: london.body.id,
      office: { id: h.fx.offices.london, gfirmName: 'Bureau London' },
    });
  });

  it('OFF-12 OFF-13 an office account is updated with PUT and deleted with DELETE', async () => {
    const created = await newAccount(h.fx.offices.almaty);
    const put = await h.json<Row>('admin', 'PUT', `/core/api/officeAccounts/${created.body.id}`, {
      office: { id: h.fx.offices.almaty },
      expenseIncreasePercent: 0.1,
      active: false,
      account: { ...bankAccount(), number: 'KZ000' },
      version: created.body.version,
    });
    expect(put.status).toBe(200);
    expect(put.body).toMatchObject({ expenseIncreasePercent: 0.1, active: false, account: { number: 'KZ000' } });
    expect((await h.request('admin', 'DELETE', `/core/api/officeAccounts/${created.body.id}`)).statusCode).toBe(204);
    expect((await h.request('admin', 'GET', `/core/api/officeAccounts/${created.body.id}`)).statusCode).toBe(404);
  });

  it('NAV-25 NAV-93 office accounts need view OFFICE_ACCOUNT: a user with office only is refused', async () => {
    expect((await h.request('member', 'GET', '/core/api/officeAccounts')).statusCode).toBe(403);
    expect((await h.request('admin', 'GET', '/core/api/officeAccounts')).statusCode).toBe(200);
  });
});

describe('transit accounts', () => {
  const transit = (officeAccount: number, currency: number, correspondingAccount = '30111840') =>
    h.json<Row & { errors?: unknown; message?: string }>('admin', 'POST', '/core/api/officeTransitAccounts', {
      officeAccount: { id: officeAccount },
      currency: { id: currency },
      correspondingAccount,
      account: { gbankName: 'Citibank', swiftCode: 'CITIUS33', number: '36838271' },
    });

  it('OFF-14 OFF-16 a transit account has currency, officeAccount, correspondingAccount and the account fields', async () => {
    const account = await newAccount(h.fx.offices.almaty);
    const res = await transit(account.body.id, h.fx.currencies.usd);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      officeAccount: { id: account.body.id },
      currency: { id: h.fx.currencies.usd, code: 'USD' },
      correspondingAccount: '30111840',
      account: { gbankName: 'Citibank', swiftCode: 'CITIUS33', number: '36838271' },
    });
  });

  it('OFF-14 one transit account per currency per office account: a repeated currency is a 409 naming it', async () => {
    const account = await newAccount(h.fx.offices.almaty);
    expect((await transit(account.body.id, h.fx.currencies.usd)).status).toBe(201);
    const again = await transit(account.body.id, h.fx.currencies.usd, '999');
    expect(again.status).toBe(409);
    expect(again.body.message).toMatch(/Currency/i);
    const other = await newAccount(h.fx.offices.almaty);
    expect((await transit(other.body.id, h.fx.currencies.usd)).status).toBe(201);
  });

  it('OFF-15 transit accounts are listed by officeAccountId', async () => {
    const account = await newAccount(h.fx.offices.london);
    await transit(account.body.id, h.fx.currencies.usd);
    await transit(account.body.id, h.fx.currencies.kzt);
    const list = await h.json<Page<'officeTransitAccounts'>>(
      'admin',
      'GET',
      `/core/api/officeTransitAccounts?officeAccountId=${account.body.id}&sort=id,asc`,
    );
    expect(list.status).toBe(200);
    expect(list.body._embedded.officeTransitAccounts.map((t) => (t.currency as { code: string }).code)).toEqual([
      'USD',
      'KZT',
    ]);
  });

  it('OFF-17 OFF-18 a transit account is updated with PUT and deleted with DELETE', async () => {
    const account = await newAccount(h.fx.offices.almaty);
    const created = await transit(account.body.id, h.fx.currencies.kzt);
    const put = await h.json<Row>('admin', 'PUT', `/core/api/officeTransitAccounts/${created.body.id}`, {
      officeAccount: { id: account.body.id },
      currency: { id: h.fx.currencies.kzt },
      correspondingAccount: '30111398',
      account: { gbankName: 'Kaspi' },
      version: created.body.version,
    });
    expect(put.status).toBe(200);
    expect(put.body).toMatchObject({ correspondingAccount: '30111398', account: { gbankName: 'Kaspi' } });
    expect((await h.request('admin', 'DELETE', `/core/api/officeTransitAccounts/${created.body.id}`)).statusCode).toBe(
      204,
    );
  });

  it('NAV-27 transit accounts need view OFFICE_ACCOUNT_TRANSIT_CURRENCY', async () => {
    expect((await h.request('member', 'GET', '/core/api/officeTransitAccounts')).statusCode).toBe(403);
  });

  it('deleting an office account deletes its transit accounts', async () => {
    const account = await newAccount(h.fx.offices.almaty);
    const t = await transit(account.body.id, h.fx.currencies.usd);
    expect((await h.request('admin', 'DELETE', `/core/api/officeAccounts/${account.body.id}`)).statusCode).toBe(204);
    expect((await h.request('admin', 'GET', `/core/api/officeTransitAccounts/${t.body.id}`)).statusCode).toBe(404);
  });
});
