import { getSchema } from '../../schemas/index';
import type { Database } from '../db/database';
import { q } from '../rest/model';
import { systemWrite } from '../rest/system';

type Db = Pick<Database, 'query'>;

/** The result collections of a version, each with `cashbox_period_id` (docs/areas/cashbox-store.md). */
export const CASHBOX_LINE_COLLECTIONS = [
  'cashboxGroupProfits',
  'cashboxPositionProfits',
  'cashboxPositionIncomes',
  'cashboxPositionExpenses',
  'cashboxBudgetDistributions',
  'cashboxFundIncomes',
  'cashboxTechnicalExpenses',
  'cashboxFundBalances',
  'cashboxGroupBudgetTransfers',
  'cashboxEmployeeBalances',
  'cashboxNetIncomes',
  'cashboxSources',
] as const;

/**
 * Columns left out of the digest: the system columns (who and when wrote a row, its lock) and the
 * two edits the product allows on a closed version - a balance's comment (CASH-05) and a debt
 * creditor's payment status (paying the debt, OFF-43).
 */
const EDITABLE = [
  'version',
  'created_date',
  'last_modified_date',
  'created_by',
  'last_modified_by',
  'comment',
  'payment_status_id',
  'debtor_account_id',
];

/** One table's rows of the version as text, in id order: `md5` of their JSON without {@link EDITABLE}. */
const tableDigest = (table: string, where: string) =>
  `(SELECT COALESCE(md5(string_agg((to_jsonb(x) - ARRAY[${EDITABLE.map((c) => `'${c}'`).join(', ')}]::text[])::text, E'\\n' ORDER BY x.id)), '')
      FROM ${q(table)} x WHERE ${where})`;

/**
 * The digest of a cashbox version's figures (MC-8 `cashbox-closed-unchanged`): the md5 of the
 * period's own frame (office, currency, dates, version) and of every row of its result collections
 * and its office debts (debt, creditors, details), in id order, leaving out system columns and the
 * edits allowed after closing (a balance's comment, a creditor's payment status). Written on the
 * period when it is closed (`closeCashboxVersion`); any later change of a figure changes it.
 * @returns 32 hex digits
 * @throws Error when the period does not exist
 */
export async function cashboxVersionDigest(db: Db, periodId: number): Promise<string> {
  const debts = q(getSchema('cashboxOfficeDebts').table);
  const parts = [
    `(SELECT concat_ws('|', p.office_id, p.currency_id, p.report_date_gte, p.report_date_lte, p.version_id)
        FROM cashbox_periods p WHERE p.id = $1)`,
    ...CASHBOX_LINE_COLLECTIONS.map((c) => tableDigest(getSchema(c).table, 'x.cashbox_period_id = $1')),
    tableDigest(getSchema('cashboxOfficeDebts').table, 'x.cashbox_period_id = $1'),
    tableDigest(
      getSchema('cashboxOfficeDebtCreditors').table,
      `x.cashbox_office_debt_id IN (SELECT d.id FROM ${debts} d WHERE d.cashbox_period_id = $1)`,
    ),
    tableDigest(
      getSchema('cashboxOfficeDebtDetails').table,
      `x.cashbox_office_debt_id IN (SELECT d.id FROM ${debts} d WHERE d.cashbox_period_id = $1)`,
    ),
  ];
  const [row] = await db.query<{ digest: string | null; frame: string | null }>(
    `SELECT ${parts[0]} AS frame, md5(concat_ws('/', ${parts.join(', ')})) AS digest`,
    [periodId],
  );
  if (!row?.frame) throw new Error(`Cashbox period ${periodId} does not exist`);
  return String(row.digest);
}

/**
 * Closes cashbox version `periodId` as `username` through the recorded writes: status CLOSED, who
 * and when, and the digest of its figures ({@link cashboxVersionDigest}) that the money check holds
 * it to. The caller checks that it is open (the close action answers 409 otherwise).
 * @throws HttpError 404 when the period does not exist
 */
export async function closeCashboxVersion(db: Db, periodId: number, username: string): Promise<void> {
  await systemWrite(db, getSchema('cashboxPeriods'), username, periodId, {
    status: 'CLOSED',
    closedBy: username,
    closedDate: new Date().toISOString(),
    closedDigest: await cashboxVersionDigest(db, periodId),
  });
}
