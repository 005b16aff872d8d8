import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertRow } from '../auth/testing';
import { createHarness, type Harness } from '../test/harness';
import { decideExpense } from './testing';

/**
 * What may be billed (MC-3): the audit's findings - an invoice billing another
 * client's time, a task, a rejected expense, an expense outside the period, a Draft pre-invoice,
 * time already billed elsewhere - each refused with a 400 at the list naming the item and the
 * reason; the previews list exactly what a save accepts; rates unique per matter and title; a time
 * entry priced once. All as the administrator, who reads and writes everything.
 */
let h: Harness;
type Err = { message: string; errors?: Array<{ property: string; invalidValue: unknown; message: string }> };
type Created = { id: number; number: string } & Err;

beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => h?.close());

/** An Acme invoice for November 2026 naming the Acme matter, with `extra` fields. */
const invoice = (extra: Record<string, unknown> = {}) =>
  h.json<Created>('admin', 'POST', '/core/api/invoices', {
    date: '2026-11-30',
    periodGte: '2026-11-01',
    periodLte: '2026-11-30',
    project: { id: h.fx.projects.acmeProject },
    payerClient: { id: h.fx.clients.acme },
    previewType: 'matters',
    currency: { id: h.fx.currencies.usd },
    matterList: [{ id: h.fx.matters.acmeMatter }],
    ...extra,
  });

/** A time row on the Acme matter in November 2026, billable and unbilled, with `extra` over it. */
const time = (extra: Record<string, unknown> = {}) =>
  insertRow(h.db, 'times', {
    dateTime: '2026-11-05T10:00:00Z',
    workType: h.fx.dict('WORK_TYPE', 1),
    employee: h.fx.employees.anna,
    executorPosition: h.fx.positions.annaSector,
    workDescription: 'Review',
    duration: 3600000,
    billable: true,
    billingStatus: h.fx.dict('BILLING_STATUS', 2),
    client: h.fx.clients.acme,
    project: h.fx.projects.acmeProject,
    matter: h.fx.matters.acmeMatter,
    ...extra,
  });

/** An expense row of the Acme matter dated 2026-11-06, 50.00 USD, unbilled, with `extra` over it. */
const expense = (extra: Record<string, unknown> = {}) =>
  insertRow(h.db, 'expenses', {
    date: '2026-11-06',
    payerMatter: h.fx.matters.acmeMatter,
    expenseType: h.fx.dict('EXPENSE_TYPE', 4),
    description: 'Notary',
    amount: '50.00',
    currency: h.fx.currencies.usd,
    amountUsd: '50.00',
    billingStatus: h.fx.dict('BILLING_STATUS', 2),
    ...extra,
  });

/** A pre-invoice of the Acme project of status `code`, 300.00 USD. */
const preInvoice = (code: number) =>
  insertRow(h.db, 'preInvoices', {
    number: `PI-T-${code}-${Math.random().toString(36).slice(2, 8)}`,
    date: '2026-11-07',
    project: h.fx.projects.acmeProject,
    payerClient: h.fx.clients.acme,
    currency: h.fx.currencies.usd,
    amount: '300.00',
    vatPercent: '0',
    status: h.fx.dict('PRE_INVOICE_STATUS', code),
  });

const invoiceOf = async (table: string, id: number) => {
  const [row] = await h.db.query<{ invoice_id: string | null }>(`SELECT invoice_id FROM ${table} WHERE id = $1`, [id]);
  return row?.invoice_id == null ? null : Number(row.invoice_id);
};

/** Expects a 400 whose only error is at `property` about `id`, with a message matching `reason`. */
function refused(r: { status: number; body: Err }, property: string, id: number, reason: RegExp): void {
  expect(r.status, JSON.stringify(r.body)).toBe(400);
  expect(r.body.errors).toHaveLength(1);
  expect(r.body.errors![0]).toMatchObject({ property, invalidValue: id });
  expect(r.body.errors![0]!.message).toMatch(reason);
}

describe('what may be billed', () => {
  it("MC-3 INV-21 an invoice refuses another client's time entry: 400 at timeList naming the entry and its project", async () => {
    const globexTime = await time({
      client: h.fx.clients.globex,
      project: h.fx.projects.globexProject,
      matter: h.fx.matters.globexMatter,
    });
    const r = await invoice({ matterList: [], timeList: [{ id: globexTime }] });
    refused(
      r,
      'timeList',
      globexTime,
      new RegExp(
        `^Time entry ${globexTime} \\(2026-11-05, .+\\) is not billable: it belongs to another client's project`,
      ),
    );
    expect(await invoiceOf('times', globexTime)).toBeNull();
  });

  it('MC-3 INV-21 an invoice refuses a non-billable hour: a task, and a time entry marked not billable', async () => {
    const task = await time({ workType: h.fx.dict('WORK_TYPE', 5), billingStatus: null });
    refused(await invoice({ timeList: [{ id: task }] }), 'timeList', task, /is not billable: it is a task/);
    const unbillable = await time({ billable: false });
    refused(
      await invoice({ timeList: [{ id: unbillable }] }),
      'timeList',
      unbillable,
      /is not billable: it is marked not billable/,
    );
    expect(await invoiceOf('times', task)).toBeNull();
  });

  it('MC-3 INV-21 an invoice refuses a rejected expense, naming its approval', async () => {
    const rejected = await expense();
    await decideExpense(h.db, rejected, 3);
    refused(
      await invoice({ expenseList: [{ id: rejected }] }),
      'expenseList',
      rejected,
      new RegExp(
        `^Expense ${rejected} \\(2026-11-06, Notary, 50.00 USD\\) is not billable: it is not approved \\(its approval: Rejected\\)`,
      ),
    );
    const unsent = await expense();
    refused(await invoice({ expenseList: [{ id: unsent }] }), 'expenseList', unsent, /not sent for approval/);
  });

  it('MC-3 INV-21 an invoice refuses an approved expense dated outside its period', async () => {
    const october = await expense({ date: '2026-10-20' });
    await decideExpense(h.db, october);
    refused(
      await invoice({ expenseList: [{ id: october }] }),
      'expenseList',
      october,
      /dated outside the invoice's period \(2026-11-01 to 2026-11-30\)/,
    );
    // the same expense in a period that holds it is billed
    const r = await invoice({ periodGte: '2026-10-01', expenseList: [{ id: october }] });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    expect(await invoiceOf('expenses', october)).toBe(r.body.id);
  });

  it('MC-3 INV-21 PRE-03 an invoice refuses a pre-invoice still in Draft (and one Closed), takes an approved one', async () => {
    const draft = await preInvoice(1);
    const closed = await preInvoice(6);
    const r = await invoice({ preInvoiceList: [{ id: draft }, { id: closed }] });
    expect(r.status).toBe(400);
    expect(r.body.errors?.map((e) => [e.property, e.invalidValue])).toEqual([
      ['preInvoiceList', draft],
      ['preInvoiceList', closed],
    ]);
    expect(r.body.errors?.[0]?.message).toMatch(
      /^Pre-invoice PI-T-1-\w+ is not billable: it is not approved \(its status: Draft\)/,
    );
    expect(r.body.errors?.[1]?.message).toMatch(/its status: Closed/);
    const approved = await preInvoice(4);
    const acted = await preInvoice(5);
    // the invoice form's pre-invoice list (src/billing/invoices/ItemPicker.tsx) offers what the save accepts
    const offered = await h.json<{ _embedded: { preInvoices: Array<{ id: number }> } }>(
      'admin',
      'GET',
      `/core/api/preInvoices?project.id=${h.fx.projects.acmeProject}&invoice.isNull=true&status.code.in=4,5&size=1000`,
    );
    const offeredIds = offered.body._embedded.preInvoices.map((p) => p.id);
    expect(offeredIds).toEqual(expect.arrayContaining([approved, acted]));
    for (const id of [draft, closed]) expect(offeredIds).not.toContain(id);
    const ok = await invoice({ preInvoiceList: [{ id: approved }, { id: acted }] });
    expect(ok.status, JSON.stringify(ok.body)).toBe(201);
    // once invoiced it is not billed again
    refused(
      await invoice({ preInvoiceList: [{ id: approved }] }),
      'preInvoiceList',
      approved,
      new RegExp(`already billed by ${ok.body.number}`),
    );
  });

  it('MC-3 INV-21 time already billed by another invoice, in a pre-invoice, or in the trash is refused', async () => {
    const held = await time();
    const first = await invoice({ timeList: [{ id: held }] });
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    refused(
      await invoice({ timeList: [{ id: held }] }),
      'timeList',
      held,
      new RegExp(`is not billable: it is already billed by ${first.body.number} \\(Draft\\)`),
    );
    // the invoice that holds it may send it again with its other lines
    const again = await h.json<Err>('admin', 'PATCH', `/core/api/invoices/${first.body.id}`, {
      timeList: [{ id: held }],
    });
    expect(again.status, JSON.stringify(again.body)).toBeLessThan(300);
    const inPre = await time({ billingStatus: h.fx.dict('BILLING_STATUS', 3) });
    refused(await invoice({ timeList: [{ id: inPre }] }), 'timeList', inPre, /already in a pre-invoice/);
    const trashed = await time();
    await h.db.query("UPDATE times SET deleted_at = now(), deleted_by = 'admin' WHERE id = $1", [trashed]);
    refused(await invoice({ timeList: [{ id: trashed }] }), 'timeList', trashed, /it is in the trash/);
    const outside = await time({ dateTime: '2026-12-01T10:00:00Z' });
    refused(await invoice({ timeList: [{ id: outside }] }), 'timeList', outside, /dated outside the invoice's period/);
    refused(
      await invoice({ timeList: [{ id: 99999999 }] }),
      'timeList',
      99999999,
      /^Time entry 99999999 does not exist$/,
    );
  });

  it("MC-3 INV-21 changing an invoice's period re-judges what it holds: a held entry left outside is refused", async () => {
    const t = await time({ dateTime: '2026-11-20T10:00:00Z' });
    const r = await invoice({ timeList: [{ id: t }] });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    const narrowed = await h.json<Err>('admin', 'PATCH', `/core/api/invoices/${r.body.id}`, {
      periodLte: '2026-11-15',
    });
    refused(narrowed, 'timeList', t, /dated outside the invoice's period \(2026-11-01 to 2026-11-15\)/);
  });

  it('MC-3 INV-29 INV-21 the times preview lists exactly the time entries the save accepts, over every mix of properties', async () => {
    const other = await invoice();
    const ids: number[] = [];
    const expected = new Set<number>();
    for (const acme of [true, false])
      for (const inPeriod of [true, false])
        for (const entry of [true, false])
          for (const billable of [true, false])
            for (const status of [2, 3, 4])
              for (const state of ['live', 'trash', 'held'] as const) {
                const id = await time({
                  dateTime: inPeriod ? '2026-11-30T23:30:00Z' : '2026-10-31T23:30:00Z',
                  workType: h.fx.dict('WORK_TYPE', entry ? 1 : 2),
                  billable,
                  billingStatus: h.fx.dict('BILLING_STATUS', status),
                  ...(acme
                    ? {}
                    : {
                        client: h.fx.clients.globex,
                        project: h.fx.projects.globexProject,
                        matter: h.fx.matters.globexMatter,
                      }),
                  invoice: state === 'held' ? other.body.id : null,
                });
                if (state === 'trash') await h.db.query('UPDATE times SET deleted_at = now() WHERE id = $1', [id]);
                ids.push(id);
                // the rule as the issue writes it, independently of the SQL
                if (acme && inPeriod && entry && billable && status === 2 && state === 'live') expected.add(id);
              }
    const preview = await h.json<{ _embedded: { times: Array<{ id: number }> } } & Err>(
      'admin',
      'GET',
      `/core/api/times/search/findAllForInvoicePreview?projectId=${h.fx.projects.acmeProject}&matterIds=${h.fx.matters.acmeMatter}&dateGte=2026-11-01&dateLte=2026-11-30&size=1000`,
    );
    expect(preview.status, JSON.stringify(preview.body)).toBe(200);
    const listed = new Set(preview.body._embedded.times.map((t) => t.id).filter((id) => ids.includes(id)));
    expect([...listed].sort()).toEqual([...expected].sort());
    // the save refuses exactly the others, each by name, and takes the listed ones
    const all = await invoice({ timeList: ids.map((id) => ({ id })) });
    expect(all.status).toBe(400);
    const refusedIds = all.body.errors!.map((e) => e.invalidValue as number);
    expect(refusedIds.sort()).toEqual(ids.filter((id) => !listed.has(id)).sort());
    for (const e of all.body.errors!) expect(e.message).toMatch(/^Time entry \d+ \(.*\) is not billable: it /);
    const ok = await invoice({ timeList: [...listed].map((id) => ({ id })) });
    expect(ok.status, JSON.stringify(ok.body)).toBe(201);
    for (const id of listed) expect(await invoiceOf('times', id)).toBe(ok.body.id);
  });

  it('MC-3 INV-30 INV-21 the expenses preview lists exactly the expenses the save accepts, over every mix of properties', async () => {
    const ids: number[] = [];
    const expected = new Set<number>();
    for (const acme of [true, false])
      for (const inPeriod of [true, false])
        for (const decision of [2, 3, null] as const)
          for (const status of [2, 5])
            for (const trashed of [false, true]) {
              const id = await expense({
                date: inPeriod ? '2026-11-30' : '2026-12-01',
                payerMatter: acme ? h.fx.matters.acmeMatter : h.fx.matters.globexMatter,
                billingStatus: h.fx.dict('BILLING_STATUS', status),
              });
              if (decision !== null) await decideExpense(h.db, id, decision);
              if (trashed) await h.db.query('UPDATE expenses SET deleted_at = now() WHERE id = $1', [id]);
              ids.push(id);
              if (acme && inPeriod && decision === 2 && status === 2 && !trashed) expected.add(id);
            }
    const preview = await h.json<{ _embedded: { expenses: Array<{ id: number }> } } & Err>(
      'admin',
      'GET',
      `/core/api/expenses/search/findAllForInvoicePreview?projectId=${h.fx.projects.acmeProject}&matterIds=${h.fx.matters.acmeMatter}&dateGte=2026-11-01&dateLte=2026-11-30`,
    );
    expect(preview.status, JSON.stringify(preview.body)).toBe(200);
    const listed = new Set(preview.body._embedded.expenses.map((e) => e.id).filter((id) => ids.includes(id)));
    expect([...listed].sort()).toEqual([...expected].sort());
    const all = await invoice({ expenseList: ids.map((id) => ({ id })) });
    expect(all.status).toBe(400);
    expect(all.body.errors!.map((e) => e.invalidValue as number).sort()).toEqual(
      ids.filter((id) => !listed.has(id)).sort(),
    );
    const ok = await invoice({ expenseList: [...listed].map((id) => ({ id })) });
    expect(ok.status, JSON.stringify(ok.body)).toBe(201);
  });

  it('MC-3 MAT-03 two rates of one matter and job title are refused, alone or in the matter, naming the rate kept', async () => {
    await h.db.query('UPDATE matters SET bill_type_id = $1 WHERE id = $2', [
      h.fx.dict('BILL_TYPE', 2),
      h.fx.matters.acmeMatter,
    ]);
    const first = await h.json<Created>('admin', 'POST', '/core/api/matterRates', {
      matter: { id: h.fx.matters.acmeMatter },
      title: { id: h.fx.titles.partner },
      rate: '300.00',
    });
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    const second = await h.json<Err>('admin', 'POST', '/core/api/matterRates', {
      matter: { id: h.fx.matters.acmeMatter },
      title: { id: h.fx.titles.partner },
      rate: '350.00',
    });
    expect(second.status, JSON.stringify(second.body)).toBe(400);
    expect(second.body.errors?.[0]?.property).toBe('title');
    expect(second.body.errors?.[0]?.message).toMatch(
      new RegExp(`already has rate ${first.body.id} for Partner \\(300.00, every day\\) covering the same days`),
    );
    const [n] = await h.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM matter_rates WHERE matter_id = $1 AND title_id = $2',
      [h.fx.matters.acmeMatter, h.fx.titles.partner],
    );
    expect(n!.n).toBe(1);
    // the same through the matter's nested list
    const matter = await h.json<{ version: number }>('admin', 'GET', `/core/api/matters/${h.fx.matters.acmeMatter}`);
    const nested = await h.json<Err>(
      'admin',
      'PATCH',
      `/core/api/matters/${h.fx.matters.acmeMatter}`,
      {
        matterRateList: [
          { id: first.body.id, title: { id: h.fx.titles.partner }, rate: '300.00' },
          { title: { id: h.fx.titles.partner }, rate: '320.00' },
        ],
      },
      { 'if-match': String(matter.body.version) },
    );
    expect(nested.status, JSON.stringify(nested.body)).toBe(400);
    expect(nested.body.errors?.[0]?.property).toBe('matterRateList');
    // another title is welcome
    const associate = await h.json<Created>('admin', 'POST', '/core/api/matterRates', {
      matter: { id: h.fx.matters.acmeMatter },
      title: { id: h.fx.titles.associate },
      rate: '200.00',
    });
    expect(associate.status, JSON.stringify(associate.body)).toBe(201);
    await h.db.query('DELETE FROM matter_rates WHERE matter_id = $1', [h.fx.matters.acmeMatter]);
    await h.db.query('UPDATE matters SET bill_type_id = $1 WHERE id = $2', [
      h.fx.dict('BILL_TYPE', 1),
      h.fx.matters.acmeMatter,
    ]);
  });

  it('MC-3 MAT-03 INV-23 rates of one title with periods that do not overlap are kept, overlapping ones refused; a time entry is priced by the rate valid on its day', async () => {
    await h.db.query('UPDATE matters SET bill_type_id = $1 WHERE id = $2', [
      h.fx.dict('BILL_TYPE', 2),
      h.fx.matters.acmeMatter,
    ]);
    const rate = (rate: string, dateGte: string | null, dateLte: string | null) =>
      h.json<Created>('admin', 'POST', '/core/api/matterRates', {
        matter: { id: h.fx.matters.acmeMatter },
        title: { id: h.fx.titles.partner },
        rate,
        dateGte,
        dateLte,
      });
    const october = await rate('100.00', '2026-10-01', '2026-10-31');
    expect(october.status, JSON.stringify(october.body)).toBe(201);
    const fromNovember = await rate('150.00', '2026-11-01', null);
    expect(fromNovember.status, JSON.stringify(fromNovember.body)).toBe(201);
    const overlapping = await rate('120.00', '2026-10-15', '2026-11-15');
    expect(overlapping.status, JSON.stringify(overlapping.body)).toBe(400);
    expect(overlapping.body.errors?.[0]?.message).toMatch(
      new RegExp(`rate ${october.body.id} for Partner \\(100.00, 2026-10-01 to 2026-10-31\\) covering the same days`),
    );
    const reversed = await rate('120.00', '2026-09-30', '2026-09-01');
    expect(reversed.status).toBe(400);
    expect(reversed.body.errors?.[0]).toMatchObject({ property: 'dateLte', message: 'must not be before From' });
    // anna is a partner from 2024 (the fixture's titles): 1 h on 2026-10-20 at 100.00, 2 h on 2026-11-20 at 150.00
    const inOctober = await time({ dateTime: '2026-10-20T10:00:00Z' });
    const inNovember = await time({ dateTime: '2026-11-20T10:00:00Z', duration: 7200000 });
    const [title] = await h.db.query<{ title_id: string }>(
      `SELECT et.title_id FROM employee_titles et WHERE et.employee_id = $1
        AND et.date_gte <= '2026-10-20' AND (et.date_lte IS NULL OR et.date_lte >= '2026-10-20')
        ORDER BY et.date_gte DESC LIMIT 1`,
      [h.fx.employees.anna],
    );
    expect(Number(title!.title_id)).toBe(h.fx.titles.partner);
    const r = await invoice({ periodGte: '2026-10-01', timeList: [{ id: inOctober }, { id: inNovember }] });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    const g = await h.json<{ totalAmount: string | number }>('admin', 'GET', `/core/api/invoices/${r.body.id}`);
    expect(String(g.body.totalAmount)).toMatch(/^400(\.0+)?$/);
    await h.request('admin', 'DELETE', `/core/api/invoices/${r.body.id}`);
    await h.db.query('DELETE FROM matter_rates WHERE matter_id = $1', [h.fx.matters.acmeMatter]);
    await h.db.query('UPDATE matters SET bill_type_id = $1 WHERE id = $2', [
      h.fx.dict('BILL_TYPE', 1),
      h.fx.matters.acmeMatter,
    ]);
  });

  it('MC-3 INV-23 a time entry is priced once, by one rate, even when old data holds two rates for its title', async () => {
    await h.db.query('UPDATE matters SET bill_type_id = $1 WHERE id = $2', [
      h.fx.dict('BILL_TYPE', 2),
      h.fx.matters.globexMatter,
    ]);
    // two rates of one title, as old data may hold them (written past the check)
    for (const rate of ['200.00', '250.00'])
      await h.db.query('INSERT INTO matter_rates (matter_id, title_id, rate) VALUES ($1, $2, $3)', [
        h.fx.matters.globexMatter,
        h.fx.titles.associate,
        rate,
      ]);
    const r = await invoice({
      project: { id: h.fx.projects.globexProject },
      payerClient: { id: h.fx.clients.globex },
      matterList: [{ id: h.fx.matters.globexMatter }],
      timeList: [{ id: h.fx.times.borisTime }],
    });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    const g = await h.json<{ totalAmount: string | number }>('admin', 'GET', `/core/api/invoices/${r.body.id}`);
    // 1 h x the first rate stored (200.00), not 200.00 + 250.00
    expect(String(g.body.totalAmount)).toMatch(/^200(\.0+)?$/);
  });
});
