import type { BeforeChangeContext, BeforeValidateContext, HookTx, WireRecord } from '../../schemas/define';
import { referenceId } from '../../schemas/engagements/rules';
import { toMoney } from '../../schemas/money';
import { HttpError } from '../rest/errors';

/**
 * MC-1: an expense or a budget whose approval chain is approved (decision code
 * 2) keeps its money: the fields that say how much, in what, when and for whom, and its payers,
 * cannot change by a client's write (409 naming the approval). Server code (`systemWrite`) runs no
 * hooks, so the engine's own writes pass. The payers are written only nested in their document
 * (`genericWrites` off), so the document's hooks hold them too. The rooms use these hooks:
 * `server/billing/expenses.ts`, `server/budgets/budgets.ts`.
 */

/** What an approved document locks: its table, its own fields, and its payers' list. */
export interface ApprovedLock {
  /** The document in messages: `expense`, `budget`. */
  label: string;
  table: string;
  /** Own fields (wire names) that keep their values once approved. */
  fields: readonly string[];
  /** The nested payers' list of the body (`expensePayerList`). */
  payerList: string;
  /** The payer rows: their table, the column naming the document, and the fields compared (wire name -> column). */
  payers: { table: string; parentColumn: string; fields: Record<string, string> };
}

/** Whether document `id` of `table` has an approved chain (decision code 2). */
export async function isApproved(tx: HookTx, table: string, id: number): Promise<boolean> {
  const [row] = await tx.query<{ code: string | number | null }>(
    `SELECT d.code FROM ${table} x JOIN verification_chains c ON c.id = x.verification_chain_id
       JOIN base_dictionaries d ON d.id = c.decision_id WHERE x.id = $1`,
    [id],
  );
  return Number(row?.code) === 2;
}

const refusal = (lock: ApprovedLock, id: number, what: string): HttpError =>
  new HttpError(409, `The ${lock.label} ${id} is approved: ${what} cannot change`);

/** A comparable text of a wire value: a reference by id, a number or decimal string by value. */
function key(v: unknown): string {
  if (v === null || v === undefined || v === '') return '';
  // an amount the validation parsed is an exact decimal (an object): compared by value
  if (isDecimal(v)) return toMoney(v.toString()).toFixed();
  if (typeof v === 'object' && !Array.isArray(v)) return `#${referenceId(v) ?? ''}`;
  if (typeof v === 'number' || (typeof v === 'string' && /^-?\d+(\.\d+)?$/.test(v))) return toMoney(v).toFixed();
  return String(v);
}

/** Whether `v` is an exact decimal (`Decimal` of `schemas/money.ts`), as the validation parses money. */
export const isDecimal = (v: unknown): v is { toString(): string } =>
  typeof v === 'object' && v !== null && typeof (v as { toFixed?: unknown }).toFixed === 'function';

/** A payer as a comparable text (its compared fields in order). */
const payerKey = (names: string[], values: (name: string) => unknown): string =>
  names.map((n) => key(values(n))).join('|');

/**
 * The `beforeValidate` hook: a body that sends the payers' list of an approved document must send
 * the payers it has (the same positions, shares and offices; ids and order aside).
 * @throws HttpError 409 `The expense 12 is approved: its payers cannot change`
 */
export const lockApprovedPayers =
  (lock: ApprovedLock) =>
  async ({ tx, id, body, mode }: BeforeValidateContext): Promise<void> => {
    if (mode === 'create' || id === undefined || !Object.hasOwn(body, lock.payerList)) return;
    if (!(await isApproved(tx, lock.table, id))) return;
    const names = Object.keys(lock.payers.fields);
    const cols = names.map((n) => `${lock.payers.fields[n]}::text AS "${n}"`).join(', ');
    const stored = await tx.query<Record<string, string | null>>(
      `SELECT ${cols} FROM ${lock.payers.table} WHERE ${lock.payers.parentColumn} = $1`,
      [id],
    );
    const ref = new Set(names.filter((n) => lock.payers.fields[n]!.endsWith('_id')));
    const storedKeys = stored
      .map((r) => payerKey(names, (n) => (ref.has(n) && r[n] !== null ? { id: Number(r[n]) } : r[n])))
      .sort();
    const list = body[lock.payerList];
    const sent = Array.isArray(list) ? (list as WireRecord[]) : [];
    const sentKeys = sent.map((p) => payerKey(names, (n) => p?.[n])).sort();
    if (storedKeys.join('\n') !== sentKeys.join('\n')) throw refusal(lock, id, 'its payers');
  };

/**
 * The `beforeChange` hook: an approved document's `fields` keep their values.
 * @throws HttpError 409 `The budget 4 is approved: its amount cannot change` (named at the field too)
 */
export const lockApprovedFields =
  (lock: ApprovedLock) =>
  async ({ tx, id, mode, data, stored }: BeforeChangeContext): Promise<undefined> => {
    if (mode === 'create' || id === undefined || !stored) return undefined;
    const changed = lock.fields.filter((n) => Object.hasOwn(data, n) && key(data[n]) !== key(stored[n]));
    if (changed.length === 0 || !(await isApproved(tx, lock.table, id))) return undefined;
    const message = `The ${lock.label} ${id} is approved: its ${changed.join(', ')} cannot change`;
    throw new HttpError(
      409,
      message,
      changed.map((property) => ({ entity: lock.label, property, invalidValue: null, message })),
    );
  };

/** The expense lock (EXP): its amount, currency, date, matter, type, covering office and VAT; its payers. */
export const EXPENSE_LOCK: ApprovedLock = {
  label: 'expense',
  table: 'expenses',
  fields: [
    'date',
    'payerMatter',
    'expenseType',
    'amount',
    'currency',
    'coverExpenseOffice',
    'vatEnabled',
    'vatPercent',
    'increaseInvoice',
    'prepaid',
    'fundExpense',
    'unCalculate',
  ],
  payerList: 'expensePayerList',
  payers: {
    table: 'expense_payers',
    parentColumn: 'expense_id',
    fields: { payerPosition: 'payer_position_id', percentage: 'percentage' },
  },
};

/** The budget lock (BUD): its amount, currency, date, type and covering office; its payers. */
export const BUDGET_LOCK: ApprovedLock = {
  label: 'budget',
  table: 'budgets',
  fields: ['date', 'budgetType', 'amount', 'currency', 'coverBudgetOffice', 'cash'],
  payerList: 'budgetPayerList',
  payers: {
    table: 'budget_payers',
    parentColumn: 'budget_id',
    fields: {
      payerType: 'payer_type_id',
      payerOffice: 'payer_office_id',
      payerDepartment: 'payer_department_id',
      payerPosition: 'payer_position_id',
      percentage: 'percentage',
    },
  },
};
