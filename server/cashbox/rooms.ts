import { countingVersion } from '../../schemas/cashbox/cashboxOfficeDebts';
import type { WireRecord } from '../../schemas/define';
import { sumExact } from '../../schemas/money';
import { HttpError } from '../rest/errors';
import { defineServer, type ActionContext, type ComputedSql } from '../define';
import { cashboxVersionDigest } from './digest';
import { cashboxPeriodDiff } from './diff';

/**
 * The cashbox's server room (docs/areas/cashbox-store.md): the "by me" computed field of every
 * person's record (CASH-13), the `/all` reads of CASH-29..38 and CASH-03, the comment of a
 * balance (CASH-05), the version diff and the close of a period.
 */

/** `byMe`: true on the rows of the signed-in user's employee (none without an employee). */
const byMeOwn: ComputedSql = (row, user, params) =>
  user.employeeId === null ? 'FALSE' : `(${row}.recipient_employee_id = ${params.add(user.employeeId)})`;

/** A reference input's id as a filter value (`5` or `{ id: 5 }`), or undefined. */
const idOf = (v: unknown): string | undefined => {
  const raw = v && typeof v === 'object' ? (v as { id?: unknown }).id : v;
  return typeof raw === 'number' || (typeof raw === 'string' && /^\d+$/.test(raw)) ? String(raw) : undefined;
};

/**
 * The list query of an `/all` read (CASH-19: 1000 rows, projection `full`): the period, the
 * group profit and the employee given, and `byMe=true` when "by me" is chosen (CASH-13). The
 * entity's row rule (CASH-12) is applied by the list itself.
 */
function allQuery(
  input: WireRecord,
  paths: { employee?: string; period?: string; group?: string },
): Record<string, string> {
  const query: Record<string, string> = { size: '1000', projection: 'full' };
  const period = idOf(input.cashboxPeriodId);
  if (period) query[paths.period ?? 'cashboxPeriod.id'] = period;
  const group = idOf(input.cashboxGroupProfitId);
  if (group && paths.group) query[paths.group] = group;
  const employee = idOf(input.employeeId);
  if (employee && paths.employee) query[paths.employee] = employee;
  if (input.byMe === true) query.byMe = 'true';
  return query;
}

/** What the budget card reads of the cashbox report: the version that counts and each payer's part closed by fund. */
export interface BudgetClosedByFund {
  budgetId: number;
  /** The counting version of the covering office's month of the budget's date; null when none was calculated. */
  period: {
    id: number;
    version: number;
    status: string | null;
    reportDateGte: string;
    reportDateLte: string;
    currencyCode: string | null;
  } | null;
  /** One entry per payer the version distributed the budget to (that the user may read, CASH-12). */
  payers: Array<{ budgetPayerId: number; closedByFund: boolean; amount: string }>;
}

/**
 * Per payer of budget `budgetId`, the part the cashbox report closed by fund: the calculation's
 * budget distribution rows (`cashbox_budget_distributions`, one per payer and version) of the
 * version that counts (`countingVersion`: the highest closed version, else the highest) among the
 * calculated versions of the budget's covering office for the month holding the budget's date.
 * The rows are read through the list, so the user's row rule applies (CASH-12: anyone but the
 * roles that see every row sees only their own position's parts). Amounts are decimal strings in
 * the period's currency; a payer whose part the version did not close by fund has
 * `closedByFund: false` and its whole part as `amount`. The caller has checked that the user reads
 * the budget (the action's `idOf: 'budgets'`).
 */
async function budgetClosedByFund(
  tx: ActionContext['tx'],
  list: ActionContext['list'],
  budgetId: number,
): Promise<BudgetClosedByFund> {
  const periods = await tx.query<{
    id: number;
    version: number | null;
    status: string | null;
    gte: string;
    lte: string;
    currency: string | null;
  }>(
    `SELECT p.id, v.code AS version, p.status, p.report_date_gte::text AS gte, p.report_date_lte::text AS lte,
            c.code AS currency
       FROM budgets b
       JOIN cashbox_periods p ON p.office_id = b.cover_budget_office_id
        AND p.report_date_gte <= b.date AND p.report_date_lte >= b.date
       LEFT JOIN base_dictionaries v ON v.id = p.version_id
       LEFT JOIN currencies c ON c.id = p.currency_id
      WHERE b.id = $1`,
    [budgetId],
  );
  const chosen = countingVersion(
    periods.map((p) => ({
      ...p,
      id: Number(p.id),
      version: Number(p.version ?? 0),
      status: p.status as 'OPEN' | 'CLOSED' | null,
    })),
  );
  if (!chosen) return { budgetId, period: null, payers: [] };
  const rows = (
    await list.page({
      size: '1000',
      'cashboxPeriod.id': String(chosen.id),
      'budget.id': String(budgetId),
      sort: 'id,asc',
    })
  ).items as Array<{ budgetPayer?: { id: number } | null; closedByFund?: boolean | null; amount?: unknown }>;
  const payers = new Map<number, { closedByFund: boolean; amounts: unknown[] }>();
  for (const r of rows) {
    const payer = r.budgetPayer?.id;
    if (payer == null) continue;
    const entry = payers.get(payer) ?? { closedByFund: r.closedByFund === true, amounts: [] };
    entry.amounts.push(r.amount);
    payers.set(payer, entry);
  }
  return {
    budgetId,
    period: {
      id: chosen.id,
      version: chosen.version,
      status: chosen.status ?? null,
      reportDateGte: chosen.gte,
      reportDateLte: chosen.lte,
      currencyCode: chosen.currency,
    },
    payers: [...payers].map(([budgetPayerId, p]) => ({
      budgetPayerId,
      closedByFund: p.closedByFund,
      amount: sumExact(p.amounts as Array<string | number>).toFixed(),
    })),
  };
}

const personal = (name: string) => defineServer(name, { computed: { byMe: byMeOwn } });

export const cashboxServer = [
  defineServer('cashboxPeriods', {
    actions: {
      // GET /cashboxPeriods/{id}/diff: this version against the previous one of the month
      diff: async ({ tx, id }) => cashboxPeriodDiff(tx, id!),
      // POST /cashboxPeriods/{id}/close: a top manager closes the version (409 when it is closed)
      close: async ({ row, id, user, write, read, tx }) => {
        if (row?.status === 'CLOSED')
          throw new HttpError(
            409,
            `Cashbox period ${id} is Closed (by ${String(row.closedBy ?? '')}): it is closed already`,
          );
        // the digest of the figures as closed: the money check holds the version to it
        await write('cashboxPeriods', id!, {
          status: 'CLOSED',
          closedBy: user.username,
          closedDate: new Date().toISOString(),
          closedDigest: await cashboxVersionDigest(tx, id!),
        });
        return read(id!);
      },
    },
  }),
  defineServer('cashboxGroupProfits', {
    computed: {
      // a group is "mine" when I hold a position profit in it
      byMe: (row, user, params) =>
        user.employeeId === null
          ? 'FALSE'
          : `EXISTS (SELECT 1 FROM cashbox_position_profits pp WHERE pp.cashbox_group_profit_id = ${row}.id
               AND pp.recipient_employee_id = ${params.add(user.employeeId)})`,
    },
    actions: {
      // GET /cashboxGroupProfits/all?cashboxPeriodId&byMe (CASH-29)
      all: async ({ list, input }) => (await list.page(allQuery(input, {}))).items,
    },
  }),
  personal('cashboxPositionProfits'),
  defineServer('cashboxPositionIncomes', {
    computed: { byMe: byMeOwn },
    actions: {
      // GET /cashboxPositionIncomes/all (CASH-33)
      all: async ({ list, input }) =>
        (await list.page(allQuery(input, { group: 'cashboxGroupProfit.id', employee: 'recipientEmployeeId' }))).items,
      // GET /cashboxPositionIncomes/all/byGroupProfit?cashboxGroupProfitId (CASH-31)
      allByGroupProfit: async ({ list, input }) => {
        if (!idOf(input.cashboxGroupProfitId))
          throw new HttpError(400, 'Validation failed', [
            {
              entity: 'CashboxPositionIncome',
              property: 'cashboxGroupProfitId',
              invalidValue: null,
              message: 'is required',
            },
          ]);
        return (await list.page(allQuery(input, { group: 'cashboxGroupProfit.id' }))).items;
      },
      // GET /cashboxPositionIncomes/all/byEmployee?employeeId (CASH-32)
      allByEmployee: async ({ list, input }) => {
        if (!idOf(input.employeeId))
          throw new HttpError(400, 'Validation failed', [
            { entity: 'CashboxPositionIncome', property: 'employeeId', invalidValue: null, message: 'is required' },
          ]);
        return (await list.page(allQuery(input, { employee: 'recipientEmployeeId' }))).items;
      },
    },
  }),
  personal('cashboxPositionExpenses'),
  defineServer('cashboxBudgetDistributions', {
    computed: { byMe: byMeOwn },
    actions: {
      // GET /cashboxBudgetDistributions/{budgetId}/closedByFund (the budget card's payers); the
      // route has read the budget under the user's budget rule (404 otherwise)
      closedByFund: async ({ list, id, tx }) => budgetClosedByFund(tx, list, id!),
    },
  }),
  defineServer('cashboxFundIncomes', {
    computed: { byMe: byMeOwn },
    actions: {
      // GET /cashboxFundIncomes/all?cashboxPeriodId (CASH-38)
      all: async ({ list, input }) => (await list.page(allQuery(input, {}))).items,
    },
  }),
  personal('cashboxTechnicalExpenses'),
  personal('cashboxFundBalances'),
  personal('cashboxGroupBudgetTransfers'),
  personal('cashboxSources'),
  personal('cashboxNetIncomes'),
  defineServer('cashboxEmployeeBalances', {
    computed: { byMe: byMeOwn },
    actions: {
      // GET /cashboxEmployeeBalances/all?officeId&date=YYYY-MM&employeeId (CASH-03): the latest version of the month
      all: async ({ list, input, tx }) => {
        const query = allQuery(input, { employee: 'recipientEmployeeId' });
        const office = idOf(input.officeId);
        if (office) query['office.id'] = office;
        const date = typeof input.date === 'string' ? input.date : undefined;
        if (date !== undefined && !/^\d{4}-(0[1-9]|1[0-2])$/.test(date))
          throw new HttpError(400, 'Validation failed', [
            {
              entity: 'CashboxEmployeeBalance',
              property: 'date',
              invalidValue: date,
              message: 'must be a month, YYYY-MM',
            },
          ]);
        const latest = await tx.query<{ id: number }>(
          `SELECT DISTINCT ON (p.office_id, p.report_date_gte, p.report_date_lte) p.id
             FROM cashbox_periods p LEFT JOIN base_dictionaries v ON v.id = p.version_id
            WHERE ($1::bigint IS NULL OR p.office_id = $1) AND ($2::date IS NULL OR p.report_date_gte = $2)
            ORDER BY p.office_id, p.report_date_gte, p.report_date_lte, v.code DESC NULLS LAST, p.id DESC`,
          [office ?? null, date ? `${date}-01` : null],
        );
        if (latest.length === 0) return [];
        query['cashboxPeriod.id.in'] = latest.map((r) => String(r.id)).join(',');
        return (await list.page(query)).items;
      },
      // PATCH /cashboxEmployeeBalances/{id}/update { comment } (CASH-05)
      update: async ({ id, input, write, read }) => {
        await write('cashboxEmployeeBalances', id!, { comment: (input.comment as string | null | undefined) ?? null });
        return read(id!);
      },
    },
  }),
];
