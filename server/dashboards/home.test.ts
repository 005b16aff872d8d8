import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestUser, insertRow } from '../auth/testing';
import { createHarness, type Harness } from '../test/harness';
import { ANALYTICS_JOB_KIND } from './routes';

/**
 * The home page's queries (docs/areas/dashboards.md, "Home page") through `app.inject`: who may
 * run each (the card rules of `schemas/homeCards.ts`, refused with 403 and no job otherwise) and
 * whose rows each returns. Data added to the fixture: an Approved USD invoice paid into Almaty
 * (300.00, 77.77 paid) and one into London (500.00, unpaid), both dated 40 days ago; anna (a
 * Partner of Almaty) and carl (London, no partner) log time this week; a pending approval chain
 * of the London invoice waits for boris. Users: `partner` (anna), `lawyer2` (carl, a fee earner),
 * `biller` (boris, BILL with invoice privileges), `reader` (carl, reads invoices, payments and time; no partner: own scope).
 */
let h: Harness;
const A = '/analytics/api';
type Answer = {
  job?: { id: number; status: number; error: string };
  query_result?: { data: { rows: Array<Record<string, unknown>> } };
  message?: string;
};
let almatyInvoice = 0;
let londonInvoice = 0;
const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10);
/** Monday of this ISO week, 10:00 UTC, plus `hours` hours. */
const thisWeek = (hours: number) => {
  const now = new Date();
  const monday = new Date(
    Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() - ((now.getUTCDay() + 6) % 7), 10),
  );
  return new Date(monday.getTime() + hours * 3_600_000).toISOString();
};
const view = { view: true, create: false, update: false, delete: false };
const grant = (modules: string[], flags = view) => modules.map((module) => ({ module, ...flags }));

beforeAll(async () => {
  h = await createHarness();
  const { fx, db } = h;
  const account = await insertRow(db, 'officeAccounts', { office: fx.offices.london, active: true });
  const londonTransit = await insertRow(db, 'officeTransitAccounts', {
    officeAccount: account,
    currency: fx.currencies.usd,
  });
  const [almatyTransit] = await db.query<{ id: number }>(
    `SELECT t.id FROM office_transit_accounts t JOIN office_accounts a ON a.id = t.office_account_id WHERE a.office_id = $1 LIMIT 1`,
    [fx.offices.almaty],
  );
  const invoice = (number: string, transit: number, total: string) =>
    insertRow(db, 'invoices', {
      number,
      date: daysAgo(40),
      billType: fx.dict('BILL_TYPE', 1),
      project: fx.projects.acmeProject,
      payerClient: fx.clients.acme,
      previewType: 'Project',
      currency: fx.currencies.usd,
      totalAmount: total,
      totalAmountUsd: total,
      status: fx.dict('INVOICE_STATUS', 4),
      officeTransitAccount: transit,
    });
  almatyInvoice = await invoice('INV-2026-91001', Number(almatyTransit!.id), '300.00');
  londonInvoice = await invoice('INV-2026-91002', londonTransit, '500.00');
  await insertRow(db, 'paymentHistories', { paymentDate: daysAgo(35), amount: '77.77', invoice: almatyInvoice });
  await db.query(`UPDATE positions SET level_id = $1 WHERE id = $2`, [
    fx.dict('POSITION_LEVEL', 5),
    fx.positions.annaSector,
  ]);
  const time = (employee: number, position: number, dateTime: string, ms: number, billable: boolean) =>
    insertRow(db, 'times', {
      dateTime,
      workType: fx.dict('WORK_TYPE', 1),
      executorPosition: position,
      employee,
      duration: ms,
      billable,
      client: fx.clients.acme,
      project: fx.projects.acmeProject,
      matter: fx.matters.acmeMatter,
    });
  await time(fx.employees.anna, fx.positions.annaSector, thisWeek(0), 5_400_000, true); // 1.5 h
  await time(fx.employees.anna, fx.positions.annaSector, thisWeek(1), 1_800_000, false); // 0.5 h
  await time(fx.employees.carl, fx.positions.carlFirm, thisWeek(2), 7_200_000, true); // 2 h, London
  // planned for next week: not this week's
  await time(fx.employees.carl, fx.positions.carlFirm, thisWeek(7 * 24 + 1), 3_600_000, true);
  const chain = await insertRow(db, 'verificationChains', {
    ownerType: 'INVOICE',
    ownerId: londonInvoice,
    description: 'London invoice',
    decision: fx.dict('VERIFICATION_DECISION', 1),
  });
  await insertRow(db, 'verificationApprovers', {
    verificationChain: chain,
    orderliness: 1,
    employee: fx.employees.boris,
    decision: fx.dict('VERIFICATION_DECISION', 1),
  });
  const reader = grant(['invoice', 'PAYMENT_HISTORY', 'pre_invoice', 'time', 'matter', 'project', 'client']);
  await createTestUser(db, {
    username: 'partner',
    employeeId: fx.employees.anna,
    roles: [{ name: 'HOME_READER', privileges: reader }],
  });
  await createTestUser(db, {
    username: 'reader',
    employeeId: fx.employees.carl,
    roles: [{ name: 'HOME_READER', privileges: reader }],
  });
  await createTestUser(db, {
    username: 'lawyer2',
    employeeId: fx.employees.carl,
    roles: [
      {
        name: 'HOME_LAWYER',
        privileges: grant(['time', 'matter', 'project'], { ...view, create: true, update: true }),
      },
    ],
  });
  await createTestUser(db, {
    username: 'biller',
    employeeId: fx.employees.boris,
    roles: [{ name: 'BILL' }, { name: 'HOME_READER', privileges: reader }],
  });
});
afterAll(async () => h?.close());

const post = (user: string, query: string, parameters: Record<string, unknown>) =>
  h.json<Answer>(user, 'POST', `${A}/queries/${query}/results`, { parameters, max_age: 0 });

/** Runs a query to its rows: POST, poll the job to 3, POST again for the stored result. */
async function rows(user: string, query: string, parameters: Record<string, unknown> = {}) {
  const first = await post(user, query, parameters);
  expect(first.status, JSON.stringify(first.body)).toBe(200);
  const id = first.body.job!.id;
  for (let i = 0; i < 200; i++) {
    const res = await h.json<Answer>(user, 'GET', `${A}/jobs/${id}`);
    if (res.body.job!.status >= 3) {
      expect(res.body.job).toMatchObject({ status: 3, error: '' });
      break;
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  const again = await h.json<Answer>(user, 'POST', `${A}/queries/${query}/results`, { parameters, max_age: -1 });
  return again.body.query_result!.data.rows;
}

const jobCount = async () =>
  Number(
    (await h.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM jobs WHERE kind = $1`, [ANALYTICS_JOB_KIND]))[0]!
      .n,
  );

describe('the home page queries: who may run them', () => {
  it('DASH-13 a card the role does not see is refused by the server with 403 and no job: a lawyer asks for the office month and the billing lists', async () => {
    const before = await jobCount();
    for (const query of ['office_hours', 'open_invoices', 'my_waiting_documents']) {
      const res = await post('lawyer2', query, {});
      expect(res.status, query).toBe(403);
      expect(res.body.message).toMatch(/home page of another role/);
    }
    // a partner does not see the billing manager's list of documents waiting
    expect((await post('partner', 'my_waiting_documents', {})).status).toBe(403);
    // a reader of invoices without the partner or top scope is refused the office month
    expect((await post('reader', 'office_hours', {})).status).toBe(403);
    expect(await jobCount()).toBe(before);
  });
});

describe('the home page queries: whose rows', () => {
  it("DASH-13 office_hours: a partner receives their office's hours only (anna's 2 h in Almaty, not carl's London 2 h)", async () => {
    const [partner] = await rows('partner', 'office_hours', { date_gte: daysAgo(8), date_lte: daysAgo(-8) });
    expect(partner).toEqual({ hours: '2.00', billable_hours: '1.50' });
    // another office's filter gives nothing
    const [london] = await rows('partner', 'office_hours', { office_id: h.fx.offices.london });
    expect(london).toEqual({ hours: '0.00', billable_hours: '0.00' });
    // the firm: the admin's figure for London holds carl's entry
    const [firmLondon] = await rows('admin', 'office_hours', { office_id: h.fx.offices.london, date_gte: daysAgo(8) });
    expect(Number(firmLondon!.hours)).toBeGreaterThanOrEqual(2);
  });

  it("DASH-13 open_invoices: per currency, exact; a partner's are their office's (222.23 USD open in Almaty), the firm's hold London's 500.00 too", async () => {
    const partner = await rows('partner', 'open_invoices', {});
    expect(partner).toEqual([{ currency: 'USD', invoices: 1, open_balance: '222.23' }]);
    const biller = await rows('biller', 'open_invoices', { days: 30 });
    const usd = biller.find((r) => r.currency === 'USD')!;
    expect(Number(usd.invoices)).toBeGreaterThanOrEqual(2);
    // the 30-day cut: none of the two is younger than 41 days... and none is left at 60
    const none = await rows('biller', 'open_invoices', { days: 60, office_id: h.fx.offices.london });
    expect(none).toEqual([]);
    const london = await rows('biller', 'open_invoices', { days: 30, office_id: h.fx.offices.london });
    expect(london).toEqual([{ currency: 'USD', invoices: 1, open_balance: '500.00' }]);
  });

  it('my_waiting_documents lists each document waiting for the billing manager, with its number; an administrator without an employee is refused', async () => {
    const waiting = await rows('biller', 'my_waiting_documents');
    // the fixture's matter chain waits for boris too
    expect(waiting.map((r) => r.owner_type).sort()).toEqual(['INVOICE', 'MATTER']);
    expect(waiting.find((r) => r.owner_type === 'INVOICE')).toMatchObject({
      owner_type: 'INVOICE',
      owner_id: londonInvoice,
      number: 'INV-2026-91002',
    });
    // an administrator without an employee approves nothing: the card is not theirs
    expect((await post('admin', 'my_waiting_documents', {})).status).toBe(403);
  });

  it("DASH-13 my_hours: a lawyer receives only their own hours this week (carl's 2 h: not anna's, not next week's)", async () => {
    const hours = await rows('lawyer2', 'my_hours');
    const week = hours.find((r) => r.period === 'week')!;
    expect(week).toMatchObject({ hours: '2.00', billable_hours: '2.00' });
  });
});
