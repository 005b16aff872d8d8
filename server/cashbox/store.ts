import { getSchema } from '../../schemas/index';
import { toMoney } from '../../schemas/money';
import type { Database } from '../db/database';
import { systemInsert } from '../rest/system';
import { bulkInsert, takeIds, type BulkColumn } from './bulk';
import type { CashboxInputs, CashboxResult, SourceRef } from './calculation/types';

type Db = Pick<Database, 'query'>;

/** The dictionary type codes the store writes (schemas/cashbox/dictionaries.ts, schemas/finance/dictionaries.ts). */
const CASHBOX_VERSION = 38;
const FUND_SCHEME = 32;
const CASHBOX_INCOME_CATEGORY = 40;
const DEBT_PAYMENT_STATUS = 41;
const TRAFFIC_TYPE = 29;

/** CASHBOX_INCOME_CATEGORY code of each position-expense kind (CASH-09). */
export const EXPENSE_CATEGORY: Record<CashboxResult['positionExpenses'][number]['kind'], number> = {
  personalBudget: 2,
  paidExpense: 3,
  nonCashNotPrepaidExpense: 4,
  cashBudget: 5,
  cashPrepaidExpense: 6,
};

/** What {@link storeCashboxVersion} wrote. */
export interface StoredVersion {
  periodId: number;
  version: number;
  /** Rows written per collection (sources included). */
  rows: Record<string, number>;
}

/** Id of dictionary entry `code` of type `typeCode` (a type's id is its code), or null. */
async function entryId(db: Db, typeCode: number, code: number | string | null | undefined): Promise<number | null> {
  if (code === null || code === undefined || code === '') return null;
  const [row] = await db.query<{ id: number }>('SELECT id FROM base_dictionaries WHERE type_id = $1 AND code = $2', [
    typeCode,
    Number(code),
  ]);
  return row ? Number(row.id) : null;
}

/**
 * The next version number of `officeId`'s period `dateGte..dateLte` (1 for the first), taken under
 * a transaction-scoped advisory lock on the office and month, so two calculations of one month
 * committing together get different numbers.
 */
export async function nextVersion(db: Db, officeId: number, dateGte: string, dateLte: string): Promise<number> {
  await db.query(`SELECT pg_advisory_xact_lock(hashtext('cashbox:' || $1::text || ':' || $2::text))`, [
    officeId,
    dateGte,
  ]);
  const [row] = await db.query<{ n: number | null }>(
    `SELECT max(d.code)::int AS n FROM cashbox_periods p JOIN base_dictionaries d ON d.id = p.version_id
     WHERE p.office_id = $1 AND p.report_date_gte = $2 AND p.report_date_lte = $3`,
    [officeId, dateGte, dateLte],
  );
  return (row?.n ?? 0) + 1;
}

/** The CASHBOX_VERSION entry of version `n`, added (with history) when the dictionary lacks it. */
async function versionEntry(db: Db, n: number, username: string): Promise<number> {
  const found = await entryId(db, CASHBOX_VERSION, n);
  if (found !== null) return found;
  return systemInsert(db, getSchema('baseDictionaries'), username, {
    type: { id: CASHBOX_VERSION },
    code: n,
    gname: `Version ${n}`,
  });
}

const money = (v: string | null | undefined): string | null =>
  v === null || v === undefined ? null : toMoney(v).toFixed(4);

/**
 * Writes one calculation of an office's month as a new version of its cashbox period (docs/areas/
 * cashbox-store.md): the period (`systemInsert`, with history: who calculated which version when),
 * then every result line and the sources of each line in bulk (`bulkInsert`, no history - a
 * version is never edited, only superseded, and 200,000 history entries per month would say
 * nothing the version does not), and the office's debts to other offices (OFF-43). Run it in the
 * caller's transaction: the version is written whole or not at all. Earlier versions are left as
 * they are.
 *
 * Amounts are decimal strings in the period currency; positions map to employees through
 * `inputs.positions`, payments to invoices through `inputs.payments`.
 * @param usdRate the period currency's value in USD at the month's end (`balanceAmountUsd`), or
 *   null when no rate is known (the USD balance is then left empty)
 * @returns the new period's id, its version number and the rows written per collection
 * @throws Error when the period's office has no currency
 */
export async function storeCashboxVersion(
  db: Db,
  inputs: CashboxInputs,
  result: CashboxResult,
  options: { username: string; usdRate?: string | null; trafficTypeCode?: number | null },
): Promise<StoredVersion> {
  const { username } = options;
  const [currency] = await db.query<{ id: number }>('SELECT id FROM currencies WHERE code = $1', [inputs.currencyCode]);
  if (!currency) throw new Error(`Currency ${inputs.currencyCode} of office ${inputs.officeId} is unknown`);
  const version = await nextVersion(db, inputs.officeId, inputs.dateGte, inputs.dateLte);
  // the calculation read its version (CASH-11): another one stored meanwhile means calculating again
  if (inputs.version !== version)
    throw new Error(
      `Version ${version} of the month was expected to be ${inputs.version}: another calculation stored one meanwhile`,
    );
  const periodId = await systemInsert(db, getSchema('cashboxPeriods'), username, {
    office: { id: inputs.officeId },
    currency: { id: Number(currency.id) },
    reportDateGte: inputs.dateGte,
    reportDateLte: inputs.dateLte,
    version: { id: await versionEntry(db, version, username) },
    officeTrafficType: options.trafficTypeCode
      ? { id: await entryId(db, TRAFFIC_TYPE, options.trafficTypeCode) }
      : null,
    status: 'OPEN',
    calculatedBy: username,
    calculatedDate: new Date().toISOString(),
  });
  const rows: Record<string, number> = {};
  const employeeOf = new Map(inputs.positions.map((p) => [p.id, p.employeeId]));
  const emp = (positionId: number | null | undefined) =>
    positionId == null ? null : (employeeOf.get(positionId) ?? null);
  const invoiceOf = new Map(inputs.payments.map((p) => [p.id, p.invoiceId]));
  const sources: Array<Record<string, unknown>> = [];
  const addSources = (lineEntity: string, lineId: number, refs: SourceRef[], employeeId: number | null) => {
    for (const s of refs)
      sources.push({
        cashbox_period_id: periodId,
        line_entity: lineEntity,
        line_id: lineId,
        source_entity: s.entity,
        source_id: s.id,
        amount: money(s.amount),
        recipient_employee_id: employeeId,
      });
  };
  /** Ids for `lines`, inserts them, records their sources; returns the ids in order. */
  const write = async <L>(
    collection: string,
    lines: L[],
    columns: BulkColumn[],
    toRow: (line: L) => Record<string, unknown>,
    sourcesOf?: (line: L) => SourceRef[],
  ): Promise<number[]> => {
    const table = getSchema(collection).table;
    const ids = await takeIds(db, table, lines.length);
    const out: Array<Record<string, unknown>> = lines.map((line, i) => ({
      id: ids[i],
      cashbox_period_id: periodId,
      ...toRow(line),
    }));
    await bulkInsert(db, table, [['id', 'bigint'], ['cashbox_period_id', 'bigint'], ...columns], out, username);
    if (sourcesOf)
      lines.forEach((line, i) =>
        addSources(collection, ids[i]!, sourcesOf(line), (out[i]!.recipient_employee_id as number | null) ?? null),
      );
    rows[collection] = lines.length;
    return ids;
  };

  // groups first: position rows point at them
  const groupIds = await write(
    'cashboxGroupProfits',
    result.groupProfits,
    [
      ['group_department_id', 'bigint'],
      ['group_department_type_code', 'integer'],
      ['group_office_id', 'bigint'],
      ['members_amount_sum', 'numeric'],
      ['group_budget_amount', 'numeric'],
      ['total_amount', 'numeric'],
    ],
    (g) => ({
      group_department_id: g.groupDepartmentId,
      group_department_type_code: Number(g.groupDepartmentTypeCode),
      group_office_id: g.groupOfficeId,
      members_amount_sum: money(g.membersAmountSum),
      group_budget_amount: money(g.groupBudgetAmount),
      total_amount: money(g.totalAmount),
    }),
  );
  const groupProfitOf = new Map(result.groupProfits.map((g, i) => [g.groupDepartmentId, groupIds[i]!]));
  const positionGroup = new Map(result.positionProfits.map((p) => [p.positionId, p.groupDepartmentId]));
  const groupOfPosition = (positionId: number) => {
    const g = positionGroup.get(positionId);
    return g == null ? null : (groupProfitOf.get(g) ?? null);
  };

  const schemes = new Map<string, number | null>();
  for (const f of result.fundBalances)
    if (!schemes.has(f.schemeCode)) schemes.set(f.schemeCode, await entryId(db, FUND_SCHEME, f.schemeCode));
  const fundIds = await write(
    'cashboxFundBalances',
    result.fundBalances,
    [
      ['position_id', 'bigint'],
      ['recipient_employee_id', 'bigint'],
      ['fund_scheme_id', 'bigint'],
      ['target_office_id', 'bigint'],
      ['target_department_id', 'bigint'],
      ['target_position_id', 'bigint'],
      ['amount', 'numeric'],
    ],
    (f) => ({
      position_id: f.positionId,
      recipient_employee_id: emp(f.positionId),
      fund_scheme_id: schemes.get(f.schemeCode) ?? null,
      target_office_id: f.targetOfficeId,
      target_department_id: f.targetDepartmentId,
      target_position_id: f.targetPositionId,
      amount: money(f.amount),
    }),
  );
  const fundOf = new Map(result.fundBalances.map((f, i) => [f.positionId, fundIds[i]!]));

  await write(
    'cashboxPositionProfits',
    result.positionProfits,
    [
      ['cashbox_group_profit_id', 'bigint'],
      ['transfer_cashbox_fund_balance_id', 'bigint'],
      ['recipient_position_id', 'bigint'],
      ['recipient_employee_id', 'bigint'],
      ['efficiency_amount_local', 'numeric'],
      ['sum_amount_local', 'numeric'],
      ['profit_amount_local', 'numeric'],
      ['get', 'numeric'],
      ['put', 'numeric'],
      ['junior_partner', 'boolean'],
      ['percent_shown', 'integer'],
      ['income_amount', 'numeric'],
      ['personal_budget_amount', 'numeric'],
      ['paid_expense_amount', 'numeric'],
      ['non_cash_not_prepaid_expense_amount', 'numeric'],
      ['cash_budget_amount', 'numeric'],
      ['cash_prepaid_expense_amount', 'numeric'],
      ['transfer_amount', 'numeric'],
    ],
    (p) => ({
      cashbox_group_profit_id: p.groupDepartmentId == null ? null : (groupProfitOf.get(p.groupDepartmentId) ?? null),
      transfer_cashbox_fund_balance_id: fundOf.get(p.positionId) ?? null,
      recipient_position_id: p.positionId,
      recipient_employee_id: p.employeeId,
      efficiency_amount_local: money(p.efficiencyAmount),
      sum_amount_local: money(p.sumAmount),
      profit_amount_local: money(p.profitAmount),
      get: p.get,
      put: p.put,
      junior_partner: inputs.positions.find((x) => x.id === p.positionId)?.juniorPartner ?? false,
      percent_shown: p.percentShown,
      income_amount: money(p.detail.income),
      personal_budget_amount: money(p.detail.personalBudget),
      paid_expense_amount: money(p.detail.paidExpense),
      non_cash_not_prepaid_expense_amount: money(p.detail.nonCashNotPrepaidExpense),
      cash_budget_amount: money(p.detail.cashBudget),
      cash_prepaid_expense_amount: money(p.detail.cashPrepaidExpense),
      transfer_amount: money(p.detail.transferAmount),
    }),
  );

  const incomeCategory = await entryId(db, CASHBOX_INCOME_CATEGORY, 1);
  type IncomeLine = {
    positionId: number | null;
    paymentId: number;
    matterId: number | null;
    expenseId: number | null;
    role: string;
    amount: string;
    sources: SourceRef[];
  };
  const incomes: IncomeLine[] = [
    ...result.positionIncomes.map((i) => ({ ...i, expenseId: null })),
    ...result.expenseRecoveries.map((r) => ({ ...r, matterId: null, role: 'expenseRecovery' })),
    // income no position receives: the office keeps it until assigned (no position, no employee)
    ...(result.unattributedIncomes ?? []).map((u) => ({
      positionId: null,
      paymentId: u.paymentId,
      matterId: null,
      expenseId: null,
      role: 'unattributed',
      amount: u.amount,
      sources: u.sources,
    })),
  ];
  await write(
    'cashboxPositionIncomes',
    incomes,
    [
      ['cashbox_group_profit_id', 'bigint'],
      ['recipient_position_id', 'bigint'],
      ['recipient_employee_id', 'bigint'],
      ['category_id', 'bigint'],
      ['role', 'text'],
      ['payment_id', 'bigint'],
      ['invoice_id', 'bigint'],
      ['matter_id', 'bigint'],
      ['expense_id', 'bigint'],
      ['amount', 'numeric'],
    ],
    (i) => ({
      cashbox_group_profit_id: i.positionId === null ? null : groupOfPosition(i.positionId),
      recipient_position_id: i.positionId,
      recipient_employee_id: emp(i.positionId),
      category_id: incomeCategory,
      role: i.role,
      payment_id: i.paymentId,
      invoice_id: invoiceOf.get(i.paymentId) ?? null,
      matter_id: i.matterId,
      expense_id: i.expenseId,
      amount: money(i.amount),
    }),
    (i) => i.sources,
  );

  const categories = new Map<string, number | null>();
  for (const [kind, code] of Object.entries(EXPENSE_CATEGORY))
    categories.set(kind, await entryId(db, CASHBOX_INCOME_CATEGORY, code));
  await write(
    'cashboxPositionExpenses',
    result.positionExpenses,
    [
      ['position_id', 'bigint'],
      ['recipient_employee_id', 'bigint'],
      ['category_id', 'bigint'],
      ['amount', 'numeric'],
    ],
    (e) => ({
      position_id: e.positionId,
      recipient_employee_id: emp(e.positionId),
      category_id: categories.get(e.kind) ?? null,
      amount: money(e.amount),
    }),
    (e) => e.sources,
  );

  await write(
    'cashboxBudgetDistributions',
    result.budgetDistributions,
    [
      ['budget_id', 'bigint'],
      ['budget_payer_id', 'bigint'],
      ['position_id', 'bigint'],
      ['department_id', 'bigint'],
      ['office_id', 'bigint'],
      ['recipient_employee_id', 'bigint'],
      ['closed_by_fund', 'boolean'],
      ['amount', 'numeric'],
    ],
    (b) => ({
      budget_id: b.budgetId,
      budget_payer_id: b.budgetPayerId,
      position_id: b.positionId,
      department_id: b.departmentId,
      office_id: b.officeId,
      recipient_employee_id: emp(b.positionId),
      closed_by_fund: b.closedByFund,
      amount: money(b.amount),
    }),
    (b) => b.sources,
  );

  await write(
    'cashboxFundIncomes',
    result.fundIncomes,
    [
      ['payment_id', 'bigint'],
      ['fund_type_id', 'bigint'],
      ['locate_office_id', 'bigint'],
      ['distribution_row_id', 'bigint'],
      ['amount', 'numeric'],
    ],
    (f) => ({
      payment_id: f.paymentId,
      // the distribution row's `fund`: a FUND_TYPE entry id
      fund_type_id: f.fundTypeId,
      locate_office_id: f.locateOfficeId,
      distribution_row_id: f.distributionRowId,
      amount: money(f.amount),
    }),
    (f) => f.sources,
  );

  // the payments the version read: what each received, its VAT and its net income (conservation's
  // left side, read by the money check with the lines above and below)
  const receivedOf = new Map(inputs.payments.map((p) => [p.id, p.received]));
  await write(
    'cashboxNetIncomes',
    result.netIncomes,
    [
      ['payment_id', 'bigint'],
      ['invoice_id', 'bigint'],
      ['received_amount', 'numeric'],
      ['received_currency_id', 'bigint'],
      ['payment_amount', 'numeric'],
      ['vat_amount', 'numeric'],
      ['amount', 'numeric'],
    ],
    (n) => {
      const received = receivedOf.get(n.paymentId);
      return {
        payment_id: n.paymentId,
        invoice_id: n.invoiceId,
        received_amount: received ? money(received.amount) : null,
        received_currency_id: received?.currencyId ?? null,
        payment_amount: money(n.paymentAmount),
        vat_amount: money(n.vatAmount),
        amount: money(n.amount),
      };
    },
    (n) => n.sources,
  );

  await write(
    'cashboxTechnicalExpenses',
    result.technicalExpenses,
    [
      ['payment_id', 'bigint'],
      ['project_id', 'bigint'],
      ['office_id', 'bigint'],
      ['amount', 'numeric'],
    ],
    (t) => ({ payment_id: t.paymentId, project_id: t.projectId, office_id: inputs.officeId, amount: money(t.amount) }),
    (t) => t.sources,
  );

  await write(
    'cashboxGroupBudgetTransfers',
    result.groupBudgetTransfers,
    [
      ['from_group_profit_id', 'bigint'],
      ['from_group_department_id', 'bigint'],
      ['to_position_id', 'bigint'],
      ['to_office_id', 'bigint'],
      ['recipient_employee_id', 'bigint'],
      ['amount', 'numeric'],
    ],
    (t) => ({
      from_group_profit_id: groupProfitOf.get(t.fromGroupDepartmentId) ?? null,
      from_group_department_id: t.fromGroupDepartmentId,
      to_position_id: t.toPositionId,
      to_office_id: t.toOfficeId,
      recipient_employee_id: emp(t.toPositionId),
      amount: money(t.amount),
    }),
  );

  const usd = options.usdRate ? toMoney(options.usdRate) : null;
  await write(
    'cashboxEmployeeBalances',
    result.employeeBalances,
    [
      ['office_id', 'bigint'],
      ['report_date', 'date'],
      ['recipient_employee_id', 'bigint'],
      ['previous_amount', 'numeric'],
      ['profits', 'numeric'],
      ['balance_amount', 'numeric'],
      ['balance_amount_usd', 'numeric'],
    ],
    (b) => ({
      office_id: inputs.officeId,
      report_date: inputs.dateGte,
      recipient_employee_id: b.employeeId,
      previous_amount: money(b.previousAmount),
      profits: money(b.profitAmount),
      balance_amount: money(b.balanceAmount),
      balance_amount_usd: usd ? toMoney(b.balanceAmount).times(usd).toDecimalPlaces(2).toFixed(4) : null,
    }),
  );

  const creditorIds = await storeDebts(db, periodId, result, username);
  result.officeDebts.forEach((d, i) => addSources('cashboxOfficeDebtCreditors', creditorIds[i]!, d.sources, null));
  rows.cashboxOfficeDebtCreditors = creditorIds.length;
  await bulkInsert(
    db,
    getSchema('cashboxSources').table,
    [
      ['cashbox_period_id', 'bigint'],
      ['line_entity', 'text'],
      ['line_id', 'bigint'],
      ['source_entity', 'text'],
      ['source_id', 'bigint'],
      ['amount', 'numeric'],
      ['recipient_employee_id', 'bigint'],
    ],
    sources,
    username,
  );
  rows.cashboxSources = sources.length;
  return { periodId, version, rows };
}

/**
 * The office's debts of the version (OFF-43): one debt of the period when there is anything owed,
 * a creditor row per creditor office (unpaid), and a debtor-side detail per transfer of the
 * distribution. Returns the creditor rows' ids, in the order of `result.officeDebts`.
 */
async function storeDebts(db: Db, periodId: number, result: CashboxResult, username: string): Promise<number[]> {
  if (result.officeDebts.length === 0 && result.transfers.length === 0) return [];
  const debtId = await systemInsert(db, getSchema('cashboxOfficeDebts'), username, { cashboxPeriod: { id: periodId } });
  const unpaid = await entryId(db, DEBT_PAYMENT_STATUS, 1);
  const creditorsTable = getSchema('cashboxOfficeDebtCreditors').table;
  const ids = await takeIds(db, creditorsTable, result.officeDebts.length);
  await bulkInsert(
    db,
    creditorsTable,
    [
      ['id', 'bigint'],
      ['cashbox_office_debt_id', 'bigint'],
      ['office_id', 'bigint'],
      ['amount', 'numeric'],
      ['payment_status_id', 'bigint'],
    ],
    result.officeDebts.map((d, i) => ({
      id: ids[i],
      cashbox_office_debt_id: debtId,
      office_id: d.creditorOfficeId,
      amount: money(d.amount),
      payment_status_id: unpaid,
    })),
    username,
  );
  await bulkInsert(
    db,
    getSchema('cashboxOfficeDebtDetails').table,
    [
      ['cashbox_office_debt_id', 'bigint'],
      ['detail_side', 'text'],
      ['creditor_office_id', 'bigint'],
      ['amount', 'numeric'],
      ['description', 'text'],
      ['payment_id', 'bigint'],
    ],
    result.transfers.map((t) => ({
      cashbox_office_debt_id: debtId,
      detail_side: 'DEBTOR',
      creditor_office_id: t.officeId,
      amount: money(t.amount),
      description: `Transfer of payment ${t.paymentId} (distribution row ${t.distributionRowId})`,
      payment_id: t.paymentId,
    })),
    username,
  );
  return ids;
}
