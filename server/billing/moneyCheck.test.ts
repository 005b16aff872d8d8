import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getSchema } from '../../schemas/index';
import { toMoney } from '../../schemas/money';
import { systemWrite } from '../rest/system';
import type { Database } from '../db/database';
import { createHarness, type Harness } from '../test/harness';
import { seededDemoDatabase } from '../test/database';
import { checkMoney, compareTotals, invariants, runMoneyCheck, TOTAL_ENDPOINTS, type MoneyProblem } from './moneyCheck';
import { moveStatus } from '../statuses/service';

/**
 * The money check (MC-8, `server/billing/moneyCheck/`): 0 problems on the demo firm,
 * each kind of break found when a test plants it in the fixture's database (a write around the
 * product: SQL without history), the total endpoints' per-currency comparison and its `byCurrency`
 * extension point, and the admin-only API.
 */
let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => h?.close());

/** The problems invariant `name` finds now. */
async function problemsOf(name: string, db: Pick<Database, 'query'> = h.db): Promise<MoneyProblem[]> {
  const inv = invariants().find((i) => i.name === name);
  if (!inv) throw new Error(`no invariant ${name}`);
  return (await inv.check(db)).problems;
}

/** The problems of `name` about record `collection`/`id`. */
const about = async (name: string, collection: string, id: number) =>
  (await problemsOf(name)).filter((p) => p.collection === collection && p.id === id);

const dict = (type: string, code: number) => h.fx.dict(type, code);

/** A Draft invoice of the Acme project for November 2026, made through the API as admin. */
async function newInvoice(extra: Record<string, unknown> = {}): Promise<number> {
  const r = await h.json<{ id: number }>('admin', 'POST', '/core/api/invoices', {
    date: '2026-11-10',
    periodGte: '2026-11-01',
    periodLte: '2026-11-30',
    billType: { id: dict('BILL_TYPE', 1) },
    project: { id: h.fx.projects.acmeProject },
    payerClient: { id: h.fx.clients.acme },
    previewType: 'Project',
    currency: { id: h.fx.currencies.usd },
    matterList: [{ id: h.fx.matters.acmeMatter }],
    ...extra,
  });
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  return r.body.id;
}

/** A Draft pre-invoice of the Acme project made through the API as admin. */
async function newPreInvoice(amount = '1000.00'): Promise<number> {
  const r = await h.json<{ id: number }>('admin', 'POST', '/core/api/preInvoices', {
    date: '2026-12-01',
    project: { id: h.fx.projects.acmeProject },
    payerClient: { id: h.fx.clients.acme },
    currency: { id: h.fx.currencies.usd },
    amount,
    vatPercent: 0.12,
  });
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  return r.body.id;
}

/** A new Unbilled time entry of `matter` (the fixture's entry's fields otherwise). */
async function newTime(matter: number, project: number, day = '2026-11-05'): Promise<number> {
  const [row] = await h.db.query<{ id: string }>(
    `INSERT INTO times (date_time, work_type_id, executor_position_id, employee_id, duration, billable, billing_status_id, project_id, matter_id)
     SELECT $1::timestamptz, work_type_id, executor_position_id, employee_id, 3600000, true, $2, $3, $4 FROM times WHERE id = $5
     RETURNING id`,
    [`${day}T09:00:00Z`, dict('BILLING_STATUS', 2), project, matter, h.fx.times.annaTime],
  );
  return Number(row!.id);
}

describe('MC-8 the money check finds each kind of break a test plants', () => {
  it("MC-8 document-total: an invoice's total written around recalculate, a pre-invoice's VAT, an expense's payer shares and USD amount", async () => {
    const id = await newInvoice({
      timeList: [{ id: await newTime(h.fx.matters.acmeMatter, h.fx.projects.acmeProject) }],
    });
    expect(await about('document-total', 'invoices', id)).toEqual([]);
    await h.db.query('UPDATE invoices SET total_amount = total_amount + 0.01 WHERE id = $1', [id]);
    const [found] = await about('document-total', 'invoices', id);
    expect(found?.message).toMatch(/lines add up to/);
    const pre = await newPreInvoice('1000.00');
    expect(await about('document-total', 'preInvoices', pre)).toEqual([]);
    await h.db.query("UPDATE pre_invoices SET vat_amount = '119.99' WHERE id = $1", [pre]);
    expect((await about('document-total', 'preInvoices', pre))[0]?.details).toMatchObject({ expected: '120' });
    const expense = h.fx.billing.acmeExpense;
    expect(await about('document-total', 'expenses', expense)).toEqual([]);
    await h.db.query("UPDATE expense_payers SET percentage = '0.5' WHERE expense_id = $1", [expense]);
    await h.db.query("UPDATE expenses SET amount_usd = '120.01' WHERE id = $1", [expense]);
    const messages = (await about('document-total', 'expenses', expense)).map((p) => p.message);
    expect(messages).toEqual([
      expect.stringMatching(/shares add up to 50 %/),
      expect.stringMatching(/amountUsd is 120.01/),
    ]);
    await h.db.query("UPDATE expense_payers SET percentage = '1' WHERE expense_id = $1", [expense]);
    await h.db.query("UPDATE expenses SET amount_usd = '120.00' WHERE id = $1", [expense]);
  });

  it("MC-8 balance: a pre-invoice's balance off its payments, an invoice marked paid without payments", async () => {
    const pre = await newPreInvoice('500.00');
    expect(await about('balance', 'preInvoices', pre)).toEqual([]);
    await h.db.query('UPDATE pre_invoices SET balance = balance - 1 WHERE id = $1', [pre]);
    expect((await about('balance', 'preInvoices', pre))[0]?.details).toMatchObject({
      balance: '559.0000',
      expected: '560',
    });
    const id = await newInvoice();
    expect(await about('balance', 'invoices', id)).toEqual([]);
    await h.db.query('UPDATE invoices SET paid = true, status_id = $2 WHERE id = $1', [id, dict('INVOICE_STATUS', 5)]);
    expect((await about('balance', 'invoices', id))[0]?.message).toMatch(/payments of 0: it should be not paid/);
  });

  it('MC-8 MC-model balance and document-total report nothing the product does right: a VAT rounded to the cent, a reversed payment, an invoiced pre-invoice, payments of a pre-invoice paying its invoice', async () => {
    // found by the model-based test (billingModel.test.ts): each of these was reported as a problem
    const pay = async (doc: Record<string, unknown>, amount: string) => {
      const r = await h.json<{ id: number }>('admin', 'POST', '/core/api/paymentHistories', {
        paymentDate: '2026-12-02',
        amount,
        ...doc,
      });
      expect(r.status, JSON.stringify(r.body)).toBe(201);
      return r.body.id;
    };
    const clean = async (pre: number, inv?: number) => {
      expect(await about('document-total', 'preInvoices', pre)).toEqual([]);
      expect(await about('balance', 'preInvoices', pre)).toEqual([]);
      if (inv !== undefined) expect(await about('balance', 'invoices', inv)).toEqual([]);
    };
    // 100.05 x 12 % = 12.006: VAT 12.01 and balance 112.06 in cents, as the writes store them
    const pre = await newPreInvoice('100.05');
    await clean(pre);
    // a reversed payment counts toward nothing
    const wrong = await pay({ preInvoice: { id: pre } }, '50');
    const reversed = await h.json('admin', 'POST', `/core/api/paymentHistories/${wrong}/reverse`, { comment: 'wrong' });
    expect(reversed.status, JSON.stringify(reversed.body)).toBe(200);
    await clean(pre);
    // invoiced, the pre-invoice owes nothing itself; what it was paid counts toward the Draft invoice
    await pay({ preInvoice: { id: pre } }, '12.06');
    await h.db.query('UPDATE pre_invoices SET status_id = $1 WHERE id = $2', [dict('PRE_INVOICE_STATUS', 4), pre]);
    const inv = await newInvoice({ preInvoiceList: [{ id: pre }] });
    await clean(pre, inv);
    // approved and paid the rest, the invoice is Paid by its payment and the pre-invoice's together
    await h.db.query('UPDATE invoices SET status_id = $1 WHERE id = $2', [dict('INVOICE_STATUS', 4), inv]);
    await pay({ invoice: { id: inv } }, '100.00');
    const [state] = await h.db.query<{ paid: boolean; code: number }>(
      'SELECT i.paid, d.code FROM invoices i JOIN base_dictionaries d ON d.id = i.status_id WHERE i.id = $1',
      [inv],
    );
    expect(state).toMatchObject({ paid: true, code: 5 });
    await clean(pre, inv);
  });

  it('MC-8 billed-once: a time entry marked Invoiced without an invoice, one linked but not marked, a pre-invoice charged with its own time', async () => {
    const loose = await newTime(h.fx.matters.acmeMatter, h.fx.projects.acmeProject);
    await h.db.query('UPDATE times SET billing_status_id = $2 WHERE id = $1', [loose, dict('BILLING_STATUS', 4)]);
    expect((await about('billed-once', 'times', loose))[0]?.message).toMatch(/marked Invoiced but no invoice holds it/);
    const time = await newTime(h.fx.matters.acmeMatter, h.fx.projects.acmeProject);
    const id = await newInvoice({ timeList: [{ id: time }] });
    expect(await about('billed-once', 'times', time)).toEqual([]);
    await h.db.query('UPDATE times SET billing_status_id = $2 WHERE id = $1', [time, dict('BILLING_STATUS', 2)]);
    expect((await about('billed-once', 'times', time))[0]?.message).toMatch(
      /is held by invoice .* but its billing status is Unbilled/,
    );
    await h.db.query('UPDATE times SET billing_status_id = $2 WHERE id = $1', [time, dict('BILLING_STATUS', 4)]);
    // the pre-invoice of November's work (dated 1 December) charged by the invoice that bills November's time
    const pre = await newPreInvoice();
    await h.db.query('UPDATE pre_invoices SET invoice_id = $2 WHERE id = $1', [pre, id]);
    expect((await about('billed-once', 'preInvoices', pre))[0]?.message).toMatch(
      /also holds 1 time entries of its project in 2026-11/,
    );
  });

  it("MC-8 billing-rule: another client's time, a time outside the period, a non-billable one, a draft pre-invoice", async () => {
    const id = await newInvoice();
    const globex = await newTime(h.fx.matters.globexMatter, h.fx.projects.globexProject);
    const late = await newTime(h.fx.matters.acmeMatter, h.fx.projects.acmeProject, '2026-12-02');
    const unbillable = await newTime(h.fx.matters.acmeMatter, h.fx.projects.acmeProject);
    for (const t of [globex, late, unbillable])
      await h.db.query('UPDATE times SET invoice_id = $2, billing_status_id = $3 WHERE id = $1', [
        t,
        id,
        dict('BILLING_STATUS', 4),
      ]);
    await h.db.query('UPDATE times SET billable = false WHERE id = $1', [unbillable]);
    expect((await about('billing-rule', 'times', globex))[0]?.message).toMatch(/another project.*matter is not among/);
    expect((await about('billing-rule', 'times', late))[0]?.message).toMatch(/2026-12-02 is outside the period/);
    expect((await about('billing-rule', 'times', unbillable))[0]?.message).toMatch(/not billable/);
    const pre = await newPreInvoice();
    await h.db.query('UPDATE pre_invoices SET invoice_id = $2 WHERE id = $1', [pre, id]);
    expect((await about('billing-rule', 'preInvoices', pre))[0]?.message).toMatch(/it is Draft, not approved/);
  });

  it('MC-8 locked-unchanged: a locked pre-invoice and a locked invoice changed in SQL without history; a recorded write rewriting the totals of an approved invoice', async () => {
    const pre = await newPreInvoice('300.00');
    // Draft -> Closed is a declared move: its fields lock
    const closed = await h.request(
      'admin',
      'PATCH',
      `/core/api/preInvoices/verify/changeStatus/${pre}/${dict('PRE_INVOICE_STATUS', 6)}`,
    );
    expect(closed.statusCode, closed.body).toBe(200);
    expect(await about('locked-unchanged', 'preInvoices', pre)).toEqual([]);
    await h.db.query("UPDATE pre_invoices SET amount = '301.00' WHERE id = $1", [pre]);
    const [drift] = await about('locked-unchanged', 'preInvoices', pre);
    expect(drift?.message).toMatch(/is "Closed" and its amount differ from its last recorded write/);
    expect(drift?.details).toMatchObject({ fields: { amount: { recorded: '300', stored: '301' } } });

    const id = await newInvoice();
    // approved as the approval engine approves (no user may move a Draft to Approved by hand)
    await h.db.transaction((tx) => moveStatus(tx, { username: 'admin' }, 'invoices', id, 4, { byEngine: true }));
    expect(await about('locked-unchanged', 'invoices', id)).toEqual([]);
    await h.db.query("UPDATE invoices SET period_lte = '2026-12-31' WHERE id = $1", [id]);
    expect((await about('locked-unchanged', 'invoices', id))[0]?.message).toMatch(
      /periodLte differ from its last recorded write/,
    );
    await h.db.query("UPDATE invoices SET period_lte = '2026-11-30' WHERE id = $1", [id]);
    expect(await about('locked-unchanged', 'invoices', id)).toEqual([]);
    // a recorded write (the history has it) that rewrites the totals of an approved invoice, as
    // PATCH /invoices/recalculate did before MC-2 allowed it on Drafts only
    await h.db.transaction((tx) =>
      systemWrite(tx, getSchema('invoices'), 'admin', id, { totalAmount: '1.00', totalAmountUsd: '1.00' }),
    );
    const [rewritten] = await about('locked-unchanged', 'invoices', id);
    expect(rewritten?.message).toMatch(
      /totalAmount, totalAmountUsd changed while it was "Approved" \(history row \d+\)/,
    );
  });

  it('MC-8 status-history: a status moved in SQL, of a pre-invoice and of an invoice (their status history)', async () => {
    const pre = await newPreInvoice();
    expect(await about('status-history', 'preInvoices', pre)).toEqual([]);
    await h.db.query('UPDATE pre_invoices SET status_id = $2 WHERE id = $1', [pre, dict('PRE_INVOICE_STATUS', 4)]);
    expect((await about('status-history', 'preInvoices', pre))[0]?.message).toMatch(
      /is "Approved" but its last recorded move .* went to "Draft"/,
    );
    const id = await newInvoice();
    expect(await about('status-history', 'invoices', id)).toEqual([]);
    await h.db.query('UPDATE invoices SET status_id = $2 WHERE id = $1', [id, dict('INVOICE_STATUS', 4)]);
    expect((await about('status-history', 'invoices', id))[0]?.message).toMatch(
      /is "Approved" but its last recorded move .* went to "Draft"/,
    );
  });

  it('MC-8 totals-per-currency: with expenses in two currencies, GET /expenses/totalAmount answers each currency as its rows sum (a wrong answer is found: the byCurrency tests below)', async () => {
    const [kzt] = await h.db.query<{ id: string }>(
      `INSERT INTO expenses (date, payer_matter_id, expense_type_id, amount, currency_id, billing_status_id)
       VALUES ('2026-10-21', $1, $2, '48000.00', $3, $4) RETURNING id`,
      [h.fx.matters.acmeMatter, dict('EXPENSE_TYPE', 4), h.fx.currencies.kzt, dict('BILLING_STATUS', 2)],
    );
    expect(kzt).toBeDefined();
    const found = (await problemsOf('totals-per-currency')).filter((p) => p.collection === 'expenses');
    expect(found).toEqual([]);
  });
});

describe('MC-8 the byCurrency extension point (MC-4)', () => {
  const invoicesEndpoint = TOTAL_ENDPOINTS.find((e) => e.collection === 'invoices')!;
  const groups = [
    {
      currencyId: 1,
      currency: 'USD',
      rows: 2,
      sums: { totalAmount: toMoney('100.10'), totalAmountUsd: toMoney('100.10') },
    },
    {
      currencyId: 2,
      currency: 'KZT',
      rows: 1,
      sums: { totalAmount: toMoney('48000'), totalAmountUsd: toMoney('100') },
    },
  ];
  it('MC-8 an answer with byCurrency equal to the rows per currency is no problem', () => {
    const answer = {
      totalAmount: '48100.10',
      totalAmountUsd: '200.10',
      byCurrency: [
        { currency: 'USD', currencyId: 1, totalAmount: '100.1', totalAmountUsd: '100.10' },
        { currency: 'KZT', currencyId: 2, totalAmount: 48000, totalAmountUsd: '100' },
      ],
    };
    expect(compareTotals(invoicesEndpoint, {}, answer, groups)).toEqual([]);
  });
  it('MC-8 a byCurrency entry off by a cent, a currency missing, an entry with no rows and a wrong USD total are each found', () => {
    const answer = {
      totalAmount: '0',
      totalAmountUsd: '200.11',
      byCurrency: [
        { currency: 'USD', currencyId: 1, totalAmount: '100.11' },
        { currency: 'EUR', currencyId: 3, totalAmount: '5' },
      ],
    };
    const messages = compareTotals(invoicesEndpoint, {}, answer, groups).map((p) => p.message);
    expect(messages).toEqual([
      expect.stringMatching(/totalAmountUsd 200.11; its rows add up to 200.1$/),
      expect.stringMatching(/totalAmount 100.11 USD in byCurrency; its USD rows add up to 100.1$/),
      expect.stringMatching(/no byCurrency entry for KZT/),
      expect.stringMatching(/byCurrency entry for EUR but no row/),
    ]);
  });
  it('MC-8 without byCurrency: one currency must equal its rows, several are a problem whatever the number', () => {
    expect(
      compareTotals(invoicesEndpoint, {}, { totalAmount: '100.10', totalAmountUsd: '100.10' }, [groups[0]!]),
    ).toEqual([]);
    expect(
      compareTotals(invoicesEndpoint, {}, { totalAmount: '100.11', totalAmountUsd: '100.10' }, [groups[0]!]),
    ).toHaveLength(1);
    expect(
      compareTotals(invoicesEndpoint, {}, { totalAmount: '48100.10', totalAmountUsd: '200.10' }, groups).map(
        (p) => p.message,
      ),
    ).toEqual([expect.stringMatching(/adds 2 currencies \(USD, KZT\) into one number: totalAmount 48100.1/)]);
  });
});

describe('MC-8 GET /core/api/moneyCheck', () => {
  it('MC-8 answers an administrator the problems and what each invariant checked; 403 for anyone else, 401 anonymous', async () => {
    const r = await h.json<{ problems: MoneyProblem[]; checked: Record<string, number> }>(
      'admin',
      'GET',
      '/core/api/moneyCheck',
    );
    expect(r.status).toBe(200);
    expect(Object.keys(r.body.checked)).toEqual(invariants().map((i) => i.name));
    const direct = await runMoneyCheck(h.db);
    expect(r.body.problems).toEqual(JSON.parse(JSON.stringify(direct.problems)));
    expect((await h.request('member', 'GET', '/core/api/moneyCheck')).statusCode).toBe(403);
    expect((await h.request('billing', 'GET', '/core/api/moneyCheck')).statusCode).toBe(403);
    expect((await h.request(null, 'GET', '/core/api/moneyCheck')).statusCode).toBe(401);
  });
});

describe('MC-8 the demo firm', { timeout: 300_000 }, () => {
  let demo: Database;
  beforeAll(async () => {
    ({ db: demo } = await seededDemoDatabase());
  }, 300_000);
  afterAll(() => demo?.close());

  it('MC-8 check:money finds 0 problems on the demo data', async () => {
    const problems = await checkMoney(demo);
    // the first ones in full, so a failure says what broke
    expect(problems.slice(0, 20)).toEqual([]);
    expect(problems).toHaveLength(0);
  });

  it("MC-8 CASH-40 the demo firm's last complete months are calculated and closed per office, and the cashbox invariants hold on them", async () => {
    const versions = await demo.query<{ month: string; offices: number; closed: number; digests: number }>(
      `SELECT to_char(report_date_gte, 'YYYY-MM') AS month, count(DISTINCT office_id)::int AS offices,
              count(*) FILTER (WHERE status = 'CLOSED')::int AS closed, count(closed_digest)::int AS digests
         FROM cashbox_periods GROUP BY 1 ORDER BY 1`,
    );
    const [offices] = await demo.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM offices WHERE currency_id IS NOT NULL',
    );
    expect(versions).toEqual(
      ['2026-08', '2026-09', '2026-10'].map((month) => ({
        month,
        offices: offices!.n,
        closed: offices!.n,
        digests: offices!.n,
      })),
    );
    const [paid] = await demo.query<{ n: number }>('SELECT count(*)::int AS n FROM cashbox_net_incomes');
    expect(paid!.n).toBeGreaterThan(0);
    const { problems, checked } = await runMoneyCheck(demo);
    expect(checked['cashbox-closed-unchanged']).toBe(3 * offices!.n);
    expect(problems.filter((p) => p.invariant.startsWith('cashbox-'))).toEqual([]);
  });
});
