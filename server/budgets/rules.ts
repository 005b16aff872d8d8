import type { HookTx, WireRecord } from '../../schemas/define';
import { fieldError, referenceId } from '../../schemas/engagements/rules';
import { sumExact } from '../../schemas/money';
import { PAYER_DEPARTMENT, PAYER_POSITION } from '../../schemas/budgets/rules';

/** What the SPA shares of these rules, for the server's modules. */
export * from '../../schemas/budgets/rules';

/**
 * The budget rules that read the database (payers' fields and shares), run by the budgets' hooks
 * (`server/budgets/budgets.ts`).
 */

const asRow = (v: unknown): WireRecord | undefined =>
  v && typeof v === 'object' && !Array.isArray(v) ? (v as WireRecord) : undefined;

/**
 * The server's side of BUD-05..07, run on the raw body of a budget write before validation: for
 * every payer sent, its type (as sent, else as stored) decides the fields it keeps - a position
 * payer gets its position's office and no department, a department payer neither office nor
 * position, any other payer only its office; a payer without the field its type needs is refused
 * with 400 at `budgetPayerList`. Values that are not references are left for validation to refuse.
 *
 * @throws Error 400 `Validation failed` naming `budgetPayerList` for a payer missing its office,
 *   department or position
 */
export async function normalisePayers(tx: HookTx, body: WireRecord): Promise<void> {
  const payers = body.budgetPayerList;
  if (!Array.isArray(payers)) return;
  for (const [i, raw] of payers.entries()) {
    const payer = asRow(raw);
    if (!payer) continue;
    const code = await payerTypeCode(tx, payer);
    if (code === undefined) continue;
    const missing = (field: string, what: string) =>
      fieldError('Budget', 'budgetPayerList', payer[field] ?? null, `Payer ${i + 1}: choose the ${what}`);
    if (code === PAYER_POSITION) {
      const position = referenceId(payer.payerPosition);
      if (position === undefined) throw missing('payerPosition', 'position');
      const [row] = await tx.query<{ office_id: string | number | null }>(
        'SELECT office_id FROM positions WHERE id = $1',
        [position],
      );
      payer.payerOffice = row?.office_id == null ? null : { id: Number(row.office_id) };
      payer.payerDepartment = null;
    } else if (code === PAYER_DEPARTMENT) {
      if (referenceId(payer.payerDepartment) === undefined) throw missing('payerDepartment', 'department');
      payer.payerOffice = null;
      payer.payerPosition = null;
    } else {
      if (referenceId(payer.payerOffice) === undefined) throw missing('payerOffice', 'office');
      payer.payerDepartment = null;
      payer.payerPosition = null;
    }
  }
}

/** The PAYER_TYPE code of a payer as sent, else of the stored payer with that id. */
async function payerTypeCode(tx: HookTx, payer: WireRecord): Promise<number | undefined> {
  const typeId = referenceId(payer.payerType);
  if (typeId !== undefined) {
    const [row] = await tx.query<{ code: string | number }>('SELECT code FROM base_dictionaries WHERE id = $1', [
      typeId,
    ]);
    return row ? Number(row.code) : undefined;
  }
  const id = referenceId(payer.id);
  if (id === undefined || Object.hasOwn(payer, 'payerType')) return undefined;
  const [row] = await tx.query<{ code: string | number }>(
    'SELECT d.code FROM budget_payers p JOIN base_dictionaries d ON d.id = p.payer_type_id WHERE p.id = $1',
    [id],
  );
  return row ? Number(row.code) : undefined;
}

/**
 * BUD-09: the payers of a budget share it whole. Run after the write, over the stored payers, so
 * a PATCH that touches some of them is judged with the rest: with any payer, the shares must add
 * up to exactly 1 (100 %), compared in decimals.
 *
 * @throws Error 400 `Validation failed` at `budgetPayerList` with the total found
 */
export async function checkPayerShares(tx: HookTx, budgetId: number): Promise<void> {
  const rows = await tx.query<{ percentage: string | number | null }>(
    'SELECT percentage FROM budget_payers WHERE budget_id = $1',
    [budgetId],
  );
  if (rows.length === 0) return;
  const total = sumExact(rows.map((r) => r.percentage ?? 0));
  if (!total.equals(1))
    throw fieldError(
      'Budget',
      'budgetPayerList',
      total.toNumber(),
      `The payers' shares add up to ${total.times(100).toFixed()}%; they must add up to 100%`,
    );
}
