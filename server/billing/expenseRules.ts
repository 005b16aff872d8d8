import type { HookTx, VerificationStartContext, WireRecord } from '../../schemas/define';
import { fieldError, referenceId } from '../../schemas/engagements/rules';
import { billingStatus } from '../../schemas/matters/dictionaries';
import { Money, sumExact, toMoney } from '../../schemas/money';
import { NEW_EXPENSE_BILLING_STATUS } from '../../schemas/billing/expenseRules';

/** What the SPA shares of these rules, for the server's modules. */
export * from '../../schemas/billing/expenseRules';

/**
 * The expense rules that read the database (USD values, derived fields, payers' shares, the
 * approval office), run by the expenses' hooks (`server/billing/expenses.ts`).
 */

/** A calendar day `YYYY-MM-DD` of a stored or sent date value (a string or a `Date`). */
const dayOf = (v: unknown): string | undefined => {
  if (v instanceof Date) return Number.isNaN(v.getTime()) ? undefined : v.toISOString().slice(0, 10);
  return typeof v === 'string' && /^\d{4}-\d{2}-\d{2}/.test(v) ? v.slice(0, 10) : undefined;
};

/**
 * The USD value of `amount` of currency `currencyId` on `date`, exact: the amount times the
 * currency's rate to USD (`currencyRates.rateToUsd`, dollars per unit) with the greatest `date`
 * on or before the expense's date, rounded half-up to 4 places (the money column's scale). USD
 * itself (currency code `USD`) is worth 1. Null when the currency has no rate valid on that date,
 * or a value is missing: an unknown USD value is left empty rather than guessed.
 *
 * @param amount a decimal string or number, in the currency's units
 * @param date `YYYY-MM-DD`
 * @returns the USD amount as a decimal string of 4 places (`"0.2500"`), or null
 * @example
 * await usdAmount(tx, '480000', kztId, '2026-10-20') // "1000.0000" with a rate of 0.00208333... -> rounded
 */
export async function usdAmount(
  tx: HookTx,
  amount: unknown,
  currencyId: number | undefined,
  date: string | undefined,
): Promise<string | null> {
  if (amount === null || amount === undefined || amount === '' || currencyId === undefined || date === undefined)
    return null;
  const [currency] = await tx.query<{ code: string | null }>('SELECT code FROM currencies WHERE id = $1', [currencyId]);
  if (!currency) return null;
  if (currency.code?.toUpperCase() === 'USD') return usdAtRate(amount as string | number, currency.code, null);
  const [rate] = await tx.query<{ rate: string }>(
    `SELECT rate_to_usd::text AS rate FROM currency_rates
      WHERE currency_id = $1 AND date <= $2::date ORDER BY date DESC LIMIT 1`,
    [currencyId, date],
  );
  return usdAtRate(amount as string | number, currency.code, rate?.rate ?? null);
}

/**
 * The formula of {@link usdAmount} once the rate is known (the money check reads the rates of
 * every expense in one query): `amount` x `rate`, half-up to 4 places; `amount` itself when
 * `code` is USD; null without a rate.
 * @returns a decimal string of 4 places, or null
 */
export function usdAtRate(amount: string | number, code: string | null, rate: string | null): string | null {
  const value = toMoney(amount);
  if (code?.toUpperCase() === 'USD') return value.toDecimalPlaces(4, Money.ROUND_HALF_UP).toFixed(4);
  if (rate === null) return null;
  return value.times(toMoney(rate)).toDecimalPlaces(4, Money.ROUND_HALF_UP).toFixed(4);
}

/** The id of a dictionary entry by its type's code and its own code, or null. */
async function entryId(tx: HookTx, typeCode: number, code: number): Promise<number | null> {
  const [row] = await tx.query<{ id: string | number }>(
    'SELECT d.id FROM base_dictionaries d JOIN base_dictionary_types t ON t.id = d.type_id WHERE t.code = $1 AND d.code = $2',
    [typeCode, code],
  );
  return row ? Number(row.id) : null;
}

/**
 * The values the server sets on every expense create and update (`beforeChange`): `amountUsd`
 * from the amount, currency and date as written (a PATCH reads the fields it leaves out from the
 * stored row), and on a create (`create` true) a billing status of code 2 (unbilled) when none is given.
 *
 * @returns the fields to write along with the body's
 */
export async function expenseDerived(
  tx: HookTx,
  data: Readonly<WireRecord>,
  stored: WireRecord | undefined,
  create: boolean,
): Promise<WireRecord> {
  const pick = (name: string) => (Object.hasOwn(data, name) ? data[name] : stored?.[name]);
  const out: WireRecord = {
    amountUsd: await usdAmount(tx, pick('amount'), referenceId(pick('currency')), dayOf(pick('date'))),
  };
  if (create && referenceId(data.billingStatus) === undefined) {
    const id = await entryId(tx, billingStatus.code, NEW_EXPENSE_BILLING_STATUS);
    if (id !== null) out.billingStatus = { id };
  }
  return out;
}

/**
 * EXP-05 on the server: a supplier sent as an object without an id (nothing picked) is no
 * supplier, as the SPA sends it (`null`); run on the raw body of every create and update.
 */
export function supplierWithoutIdIsNull(body: WireRecord): void {
  const supplier = body.supplier;
  if (supplier && typeof supplier === 'object' && !Array.isArray(supplier) && referenceId(supplier) === undefined)
    body.supplier = null;
}

/**
 * A new expense sent without payers gets one (EXP-02): the responsible position of its payer
 * matter paying 100 %. Run on the raw body of a create (`beforeValidate`); a body that lists
 * payers, even none, is left as sent.
 */
export async function defaultPayer(tx: HookTx, body: WireRecord): Promise<void> {
  if (Object.hasOwn(body, 'expensePayerList') && body.expensePayerList !== null) return;
  const matter = referenceId(body.payerMatter);
  if (matter === undefined) return;
  const [row] = await tx.query<{ position: string | number | null }>(
    'SELECT responsible_position_id AS position FROM matters WHERE id = $1',
    [matter],
  );
  if (row?.position === null || row?.position === undefined) return;
  body.expensePayerList = [{ payerPosition: { id: Number(row.position) }, percentage: 1 }];
}

/**
 * EXP-02/03: the payers of an expense share it whole. Run after the write over the stored payers,
 * so a write that changes some of them is judged with the rest: with any payer, the shares
 * (fractions, 0.5 = 50 %) must add up to exactly 1, compared in decimals.
 *
 * @throws Error 400 `Validation failed` at `expensePayerList` with the total found, in percent
 */
export async function checkExpensePayerShares(tx: HookTx, expenseId: number): Promise<void> {
  const rows = await tx.query<{ percentage: string | number | null }>(
    'SELECT percentage FROM expense_payers WHERE expense_id = $1',
    [expenseId],
  );
  if (rows.length === 0) return;
  const total = sumExact(rows.map((r) => r.percentage ?? 0));
  if (!total.equals(1))
    throw fieldError(
      'Expense',
      'expensePayerList',
      total.toFixed(),
      `The payers' shares add up to ${total.times(100).toFixed()}%; they must add up to 100%`,
    );
}

/**
 * The office whose expense approvers (APPROVER_TYPE 2) decide a new expense (EXP-04): the covering
 * office, else the office of the payer matter's responsible position, else the creating user's.
 */
export async function expenseApprovalOffice({ tx, record, user }: VerificationStartContext): Promise<number | null> {
  const covering = referenceId(record.coverExpenseOffice);
  if (covering !== undefined) return covering;
  const matter = referenceId(record.payerMatter);
  if (matter !== undefined) {
    const [row] = await tx.query<{ office: string | number | null }>(
      `SELECT p.office_id AS office FROM matters m JOIN positions p ON p.id = m.responsible_position_id
        WHERE m.id = $1`,
      [matter],
    );
    if (row?.office !== null && row?.office !== undefined) return Number(row.office);
  }
  return user.employeeOfficeId;
}
