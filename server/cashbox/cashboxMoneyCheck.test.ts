import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestUser, insertRow } from '../auth/testing';
import { invariants, runMoneyCheck, type MoneyProblem } from '../billing/moneyCheck';
import { createHarness, type Harness } from '../test/harness';
import { grantSeeded } from '../test/seededRoles';
import { almatyOctober, calculateOctober as calculateOctoberOf } from './testing';

/**
 * The cashbox invariants of the money check (MC-8, server/billing/moneyCheck/cashbox*.ts), each
 * seeing a break a test plants in a version the calculation stored (SQL around the product) and
 * nothing on the version as calculated. The fixture's Almaty calculates October 2026, when Acme
 * paid 400.00 USD of its invoice on Almaty's transit account (cashbox.test.ts sets it up alike).
 */

let h: Harness;
let almaty: number;
let octPayment: number;

const calculateOctober = () => calculateOctoberOf(h.db, almaty);

/** The problems of invariant `name` about cashbox version or line `id` of `collection`. */
async function problemsOf(name: string, id: number, collection = 'cashboxPeriods'): Promise<MoneyProblem[]> {
  const inv = invariants().find((i) => i.name === name);
  if (!inv) throw new Error(`no invariant ${name}`);
  return (await inv.check(h.db)).problems.filter((p) => p.collection === collection && p.id === id);
}

/** Every cashbox problem about period `id`'s rows (any collection), for the clean baseline. */
async function cashboxProblems(): Promise<MoneyProblem[]> {
  const { problems } = await runMoneyCheck(h.db);
  return problems.filter((p) => p.invariant.startsWith('cashbox-'));
}

beforeAll(async () => {
  h = await createHarness();
  ({ almaty, octPayment } = await almatyOctober(h));
  await createTestUser(h.db, { username: 'top', password: 'top', roles: [{ name: 'GLOBAL_TOP' }] });
  await grantSeeded(h.db, 'GLOBAL_TOP');
}, 300_000);

afterAll(async () => {
  await h?.close();
});

describe('MC-8 the cashbox invariants find each break a test plants', () => {
  it('MC-8 CASH-40 a version as calculated, and the fixture, break no cashbox invariant', async () => {
    const v = await calculateOctober();
    const [net] = await h.db.query<{ n: string }>(
      'SELECT count(*) AS n FROM cashbox_net_incomes WHERE cashbox_period_id = $1',
      [v],
    );
    expect(Number(net!.n)).toBe(1);
    expect(await cashboxProblems()).toEqual([]);
  });

  it('MC-8 cashbox-conservation: a fund income raised by a cent, then a VAT changed, are found on the version', async () => {
    const v = await calculateOctober();
    expect(await problemsOf('cashbox-conservation', v)).toEqual([]);
    await h.db.query('UPDATE cashbox_fund_incomes SET amount = amount + 0.01 WHERE cashbox_period_id = $1', [v]);
    const [found] = await problemsOf('cashbox-conservation', v);
    expect(found?.message).toMatch(/net income [\d.]+ <> technical expenses [\d.]+ \+ fund incomes \d+\.0100/);
    await h.db.query('UPDATE cashbox_fund_incomes SET amount = amount - 0.01 WHERE cashbox_period_id = $1', [v]);
    expect(await problemsOf('cashbox-conservation', v)).toEqual([]);
    await h.db.query('UPDATE cashbox_net_incomes SET vat_amount = vat_amount + 1 WHERE cashbox_period_id = $1', [v]);
    expect((await problemsOf('cashbox-conservation', v))[0]?.message).toMatch(
      /payments [\d.]+ <> VAT [\d.]+ \+ recoveries/,
    );
  });

  it("MC-8 cashbox-figures: a position's Income off its incomes, a source part changed, a group's Total off its profits, a balance off its profits", async () => {
    const v = await calculateOctober();
    const [profit] = await h.db.query<{ id: string }>(
      'SELECT id FROM cashbox_position_profits WHERE cashbox_period_id = $1 AND income_amount > 0 ORDER BY id LIMIT 1',
      [v],
    );
    await h.db.query('UPDATE cashbox_position_profits SET income_amount = income_amount + 1 WHERE id = $1', [
      profit!.id,
    ]);
    const positionProblems = await problemsOf('cashbox-figures', Number(profit!.id), 'cashboxPositionProfits');
    expect(positionProblems.map((p) => p.message)).toEqual([
      expect.stringMatching(/Income \d+\.\d+ <> its incomes .*; Sum .* <> its side panel/),
    ]);
    const [income] = await h.db.query<{ id: string }>(
      'SELECT id FROM cashbox_position_incomes WHERE cashbox_period_id = $1 ORDER BY id LIMIT 1',
      [v],
    );
    await h.db.query(
      "UPDATE cashbox_sources SET amount = amount - 0.01 WHERE line_entity = 'cashboxPositionIncomes' AND line_id = $1",
      [income!.id],
    );
    expect((await problemsOf('cashbox-figures', Number(income!.id), 'cashboxPositionIncomes'))[0]?.message).toMatch(
      /but the records it opens add up to/,
    );
    const [group] = await h.db.query<{ id: string }>(
      'SELECT id FROM cashbox_group_profits WHERE cashbox_period_id = $1 ORDER BY id LIMIT 1',
      [v],
    );
    await h.db.query('UPDATE cashbox_group_profits SET total_amount = total_amount + 5 WHERE id = $1', [group!.id]);
    expect((await problemsOf('cashbox-figures', Number(group!.id), 'cashboxGroupProfits'))[0]?.message).toMatch(
      /Total .* <> members \+ GB .*; Total .* <> its profits/,
    );
    const [balance] = await h.db.query<{ id: string }>(
      'SELECT id FROM cashbox_employee_balances WHERE cashbox_period_id = $1 ORDER BY id LIMIT 1',
      [v],
    );
    await h.db.query('UPDATE cashbox_employee_balances SET profits = profits + 1 WHERE id = $1', [balance!.id]);
    expect((await problemsOf('cashbox-figures', Number(balance!.id), 'cashboxEmployeeBalances'))[0]?.message).toMatch(
      /balance .* <> previous .* \+ profits .*; profits .* <> its position profits/,
    );
  });

  it('MC-8 cashbox-figures: an office debt off the transfers that make it, and a creditor office missing', async () => {
    const v = await calculateOctober();
    // a calculated debt of the version: one transfer of 10.00 to London, owed by its creditor row
    const [debt] = await h.db.query<{ id: string }>(
      'INSERT INTO cashbox_office_debts (cashbox_period_id) VALUES ($1) RETURNING id',
      [v],
    );
    await h.db.query(
      `INSERT INTO cashbox_office_debt_details (cashbox_office_debt_id, detail_side, creditor_office_id, amount, payment_id)
       VALUES ($1, 'DEBTOR', $2, 10, $3)`,
      [debt!.id, h.fx.offices.london, octPayment],
    );
    const debtProblems = () => problemsOf('cashbox-figures', Number(debt!.id), 'cashboxOfficeDebts');
    expect((await debtProblems())[0]?.message).toMatch(/owes office \d+ 0 but its transfers .* add up to 10/);
    const [creditor] = await h.db.query<{ id: string }>(
      `INSERT INTO cashbox_office_debt_creditors (cashbox_office_debt_id, office_id, amount, payment_status_id)
       VALUES ($1, $2, 10, $3) RETURNING id`,
      [debt!.id, h.fx.offices.london, h.fx.dict('DEBT_PAYMENT_STATUS', 1)],
    );
    expect(await debtProblems()).toEqual([]);
    await h.db.query('UPDATE cashbox_office_debt_creditors SET amount = 12 WHERE id = $1', [creditor!.id]);
    expect((await debtProblems())[0]?.message).toMatch(/owes office \d+ 12\.0000 but .* add up to 10/);
    // and conservation counts the transfer: 10.00 more than the net income
    expect((await problemsOf('cashbox-conservation', v))[0]?.message).toMatch(/transfers 10\.0000/);
    await h.db.query('DELETE FROM cashbox_office_debts WHERE id = $1', [debt!.id]);
  });

  it('MC-8 cashbox-closed-unchanged: a closed version whose income is changed in SQL is found; a comment on its balance is no change', async () => {
    const v = await calculateOctober();
    const { status } = await h.json('top', 'POST', `/core/api/cashboxPeriods/${v}/close`);
    expect(status).toBe(200);
    const [period] = await h.db.query<{ closed_digest: string }>(
      'SELECT closed_digest FROM cashbox_periods WHERE id = $1',
      [v],
    );
    expect(period!.closed_digest).toMatch(/^[0-9a-f]{32}$/);
    expect(await problemsOf('cashbox-closed-unchanged', v)).toEqual([]);
    const [balance] = await h.db.query<{ id: string }>(
      'SELECT id FROM cashbox_employee_balances WHERE cashbox_period_id = $1 LIMIT 1',
      [v],
    );
    const comment = await h.request('admin', 'PATCH', `/core/api/cashboxEmployeeBalances/${balance!.id}/update`, {
      comment: 'paid in cash',
    });
    expect(comment.statusCode).toBe(200);
    expect(await problemsOf('cashbox-closed-unchanged', v)).toEqual([]);
    await h.db.query(
      "UPDATE cashbox_position_incomes SET amount = amount + 0 , role = 'hunter' WHERE id = (SELECT min(id) FROM cashbox_position_incomes WHERE cashbox_period_id = $1)",
      [v],
    );
    expect((await problemsOf('cashbox-closed-unchanged', v))[0]?.message).toMatch(/changed since it was closed/);
    await h.db.query('UPDATE cashbox_periods SET closed_digest = NULL WHERE id = $1', [v]);
    expect((await problemsOf('cashbox-closed-unchanged', v))[0]?.message).toMatch(/closed without the digest/);
    // reopen it, so the later tests' closed month is theirs
    await h.db.query("UPDATE cashbox_periods SET status = 'OPEN' WHERE id = $1", [v]);
  });

  it('MC-8 cashbox-collected: a payment the version read changed or moved out of the month; a closed month missing a late payment of the month', async () => {
    const v = await calculateOctober();
    expect(await problemsOf('cashbox-collected', v)).toEqual([]);
    await h.db.query("UPDATE payment_histories SET amount = '401.00' WHERE id = $1", [octPayment]);
    const [changed] = await problemsOf('cashbox-collected', v);
    expect(changed?.message).toMatch(
      /collected 400\.0000 USD but the payments of the period it read are 401\.0000 USD now/,
    );
    expect(changed?.details).toMatchObject({ differingPayments: [octPayment] });
    await h.db.query("UPDATE payment_histories SET amount = '400.00', payment_date = '2026-11-02' WHERE id = $1", [
      octPayment,
    ]);
    expect((await problemsOf('cashbox-collected', v))[0]?.message).toMatch(/are 0 USD now/);
    await h.db.query("UPDATE payment_histories SET payment_date = '2026-10-15' WHERE id = $1", [octPayment]);
    expect(await problemsOf('cashbox-collected', v)).toEqual([]);
    // a late payment of October: an open version may lag it, a closed one may not
    const late = await insertRow(h.db, 'paymentHistories', {
      paymentDate: '2026-10-30',
      amount: '50.00',
      invoice: h.fx.billing.acmeInvoice,
    });
    expect(await problemsOf('cashbox-collected', v)).toEqual([]);
    expect((await h.json('top', 'POST', `/core/api/cashboxPeriods/${v}/close`)).status).toBe(200);
    const [missing] = await problemsOf('cashbox-collected', v);
    expect(missing?.message).toMatch(
      /collected 400\.0000 USD but the payments of the period it read are 450\.0000 USD now/,
    );
    expect(missing?.details).toMatchObject({ differingPayments: [late] });
    await h.db.query('DELETE FROM payment_histories WHERE id = $1', [late]);
  });
});
