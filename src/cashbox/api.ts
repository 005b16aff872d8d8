/**
 * The cashbox screens' calls, one function per call of the ledger (CASH-03..06, CASH-19,
 * CASH-26..40), all through the data provider's verbs (`request`, `serviceRequest`, `jobs`): the
 * only place the screens name the wire (collections, paths, parameters, fields). Lists ask for
 * 1000 rows (CASH-19). Amounts stay decimal strings; sums are exact (`schemas/money.ts`).
 */
import type { SpringDataProvider } from '../../dataProvider';
import { sumExact, toMoney } from '../../schemas/money';

/** CASH-19: every cashbox list is asked for 1000 rows. */
export const CASHBOX_SIZE = 1000;

/** The verbs the cashbox screens use. */
export type CashboxApi = Pick<SpringDataProvider, 'request' | 'serviceRequest' | 'jobs'>;

type Amount = string | number | null | undefined;
type Named = { id: number; gname?: string | null; lname?: string | null };

export interface Office {
  id: number;
  gfirmName?: string | null;
  /** The office's local currency (projection `full`). */
  currency?: { code?: string | null } | null;
}

/** A cashbox period (CASH-20): one version of an office's month. */
export interface Period {
  id: number;
  office?: Office | null;
  officeTrafficType?: Named | null;
  currency?: { code?: string | null } | null;
  version?: { code?: string | number | null } | number | null;
  reportDate?: string | null;
  reportDateGte?: string | null;
  reportDateLte?: string | null;
  /** `CLOSED` once a top manager closed it: what balances carry forward; else `OPEN`. */
  status?: 'OPEN' | 'CLOSED' | null;
  closedBy?: string | null;
  closedDate?: string | null;
}

/** A group's profit (CASH-21). */
export interface GroupProfit {
  id: number;
  groupDepartment?: Named | null;
  groupDepartmentTypeCode?: string | number | null;
  groupOffice?: Office | null;
  membersAmountSum?: Amount;
  groupBudgetAmount?: Amount;
  totalAmount?: Amount;
}

type PersonRef = { id?: number; gfirstName?: string | null; glastName?: string | null };

/**
 * A recipient position's profit (CASH-22), one row of the report (CASH-08), with its side panel's
 * seven lines (CASH-09). GB and Total are the group's (CASH-21): a row shows them only when the
 * server gives them per row (`groupBudgetAmountLocal`, `totalAmountLocal`).
 */
export interface PositionProfit {
  id: number;
  recipientPosition?: (PersonRef & { employee?: PersonRef | null }) | null;
  efficiencyAmountLocal?: Amount;
  sumAmountLocal?: Amount;
  groupBudgetAmountLocal?: Amount;
  totalAmountLocal?: Amount;
  profitAmountLocal?: Amount;
  get?: Amount;
  put?: Amount;
  juniorPartner?: boolean | null;
  /** The % the server computed (CASH-10), when it sends it. */
  percentShown?: number | null;
  transferType?: { code?: string | number | null } | null;
  incomeAmount?: Amount;
  personalBudgetAmount?: Amount;
  paidExpenseAmount?: Amount;
  nonCashNotPrepaidExpenseAmount?: Amount;
  cashBudgetAmount?: Amount;
  cashPrepaidExpenseAmount?: Amount;
  transferAmount?: Amount;
}

/** A position income record: one share of one payment (CASH-09 Income, CASH-25). */
export interface PositionIncome {
  id: number;
  recipientPosition?: { id: number } | null;
  category?: { code?: string | number | null } | null;
  role?: string | null;
  payment?: { id: number } | null;
  /** The invoice the payment paid: its payments tab is where a payment is read (payments have no card). */
  invoice?: { id: number } | null;
  matter?: { id: number } | null;
  expense?: { id: number } | null;
  amount?: Amount;
}

/** A fund balance (CASH-25/36): a position's put amount moved per its fund's scheme. */
export interface FundBalance {
  id: number;
  position?: (PersonRef & { employee?: PersonRef | null }) | null;
  fundScheme?: Named & { code?: string | number | null };
  targetOffice?: { id: number } | null;
  targetDepartment?: { id: number } | null;
  targetPosition?: { id: number } | null;
  amount?: Amount;
}

/** A fund income (CASH-24/38): a distribution row's share of a payment, to a fund of a type in an office. */
export interface FundIncome {
  id: number;
  fundType?: Named & { code?: string | number | null };
  locateOfficeId?: number | null;
  payment?: { id: number } | null;
  amount?: Amount;
}

/** An employee's balance of a month (CASH-02). */
export interface EmployeeBalance {
  id: number;
  recipientEmployeeId: number;
  balanceAmount?: Amount;
  balanceAmountUsd?: Amount;
  profits?: Amount;
  comment?: string | null;
  currency?: { code?: string | null } | null;
}

/** A position of the balance report (CASH-06). */
export interface BalancePosition {
  id: number;
  employee?: (PersonRef & { id?: number }) | null;
  department?: Named | null;
  dateGte?: string | null;
  dateLte?: string | null;
}

/** A background job as `GET /jobs` answers it (docs/api.md "Jobs"). */
export interface Job {
  id: number;
  status: 'queued' | 'running' | 'succeeded' | 'failed' | 'cancelled';
  progress?: number | null;
  progressNote?: string | null;
  error?: string | null;
  result?: unknown;
}

/**
 * The side panel's seven income lines (CASH-09), in the spec's order: the position profit's field
 * of each, its CASHBOX_INCOME_CATEGORY code, and the records it sums - the position's incomes, its
 * expenses and budgets of that category, or the fund balances its transfers went through.
 */
export const INCOME_LINES = [
  { key: 'income', field: 'incomeAmount', code: 1, records: 'incomes' },
  { key: 'personal_budget', field: 'personalBudgetAmount', code: 2, records: 'expenses' },
  { key: 'paid_expense', field: 'paidExpenseAmount', code: 3, records: 'expenses' },
  { key: 'non_cash_not_prepaid_expense', field: 'nonCashNotPrepaidExpenseAmount', code: 4, records: 'expenses' },
  { key: 'cash_budget', field: 'cashBudgetAmount', code: 5, records: 'expenses' },
  { key: 'cash_prepaid_expense', field: 'cashPrepaidExpenseAmount', code: 6, records: 'expenses' },
  { key: 'transfer_amount', field: 'transferAmount', code: 7, records: 'funds' },
] as const;
export type IncomeLineKey = (typeof INCOME_LINES)[number]['key'];

/** The fund tabs (NAV-59) and the FUND_TYPE code of the fund incomes each shows (`funds`: every fund's, and the fund balances). */
export const FUND_TABS = { 'sector-funds': 1, 'office-funds': 2, 'bd-funds': 3, funds: undefined } as const;
export type FundTab = keyof typeof FUND_TABS;

// ---- reading the records -------------------------------------------------------------------

/** A period's version number: `version {code}` (CASH-20) or a plain number; 0 when absent. */
export const versionOf = (p: Pick<Period, 'version'>): number => {
  const v = p.version;
  if (v == null) return 0;
  return typeof v === 'number' ? v : Number(v.code ?? 0);
};

/** Whether a period version has been closed by a top manager. */
export const isClosed = (p: Period): boolean => p.status === 'CLOSED';

/** The person a position row names: `First Last` of the position (CASH-22) or its employee. */
export const personName = (p: (PersonRef & { employee?: PersonRef | null }) | null | undefined): string => {
  const who = p?.gfirstName || p?.glastName ? p : p?.employee;
  return `${who?.gfirstName ?? ''} ${who?.glastName ?? ''}`.trim();
};

/**
 * The % column (CASH-10): the server's `percentShown` when sent, else (1 - put) x 100 for a junior
 * partner and get x 100 otherwise, 0 decimals (half up), computed exactly.
 * @example percentShown({ juniorPartner: true, put: '0.125' }) // '88'
 */
export const percentShown = (p: Pick<PositionProfit, 'juniorPartner' | 'get' | 'put' | 'percentShown'>): string =>
  p.percentShown != null
    ? String(p.percentShown)
    : (p.juniorPartner ? toMoney(1).minus(toMoney(p.put ?? 0)) : toMoney(p.get ?? 0)).times(100).toFixed(0);

/**
 * The groups a period shows (CASH-11): a period whose version is below 3 leaves out groups of
 * department type 10 (the server does too; the screen keeps to it for an older answer).
 */
export const visibleGroups = (period: Period, groups: GroupProfit[]): GroupProfit[] =>
  versionOf(period) < 3 ? groups.filter((g) => Number(g.groupDepartmentTypeCode) !== 10) : groups;

/** The income records of one position (CASH-31), and their exact total: the Income line's records. */
export const positionIncomes = (
  incomes: PositionIncome[],
  positionId: number,
): { rows: PositionIncome[]; total: string } => {
  const rows = incomes.filter((i) => i.recipientPosition?.id === positionId);
  return { rows, total: sumExact(rows.map((i) => i.amount)).toFixed() };
};

/** The id of the job an answer names: `{ job: { id } }` (202, docs/api.md) or `{ id }`. */
export const jobIdOf = (answer: unknown): number | undefined => {
  const a = answer as { job?: { id?: unknown }; id?: unknown } | null | undefined;
  const id = a?.job?.id ?? a?.id;
  return typeof id === 'number' || typeof id === 'string' ? Number(id) : undefined;
};

/** The period a finished calculation wrote, when its result names it. */
export const periodIdOf = (result: unknown): number | undefined => {
  const r = result as { cashboxPeriodId?: unknown; periodId?: unknown; period?: { id?: unknown } } | null | undefined;
  const id = r?.cashboxPeriodId ?? r?.periodId ?? r?.period?.id;
  return typeof id === 'number' || typeof id === 'string' ? Number(id) : undefined;
};

// ---- drill-down addresses: the generated list screens, filtered in the URL ---------------------

const listUrl = (route: string, filter: Record<string, unknown>) =>
  `/${route}?filter=${encodeURIComponent(JSON.stringify(filter))}`;

/** The income records of a group, or of one position in it, optionally of one role (`lawyer`: Efficiency). */
export const incomesUrl = (groupProfitId: number, positionId?: number, role?: string): string =>
  listUrl('cashboxPositionIncomes', {
    'cashboxGroupProfit.id': groupProfitId,
    ...(positionId === undefined ? {} : { 'recipientPosition.id': positionId }),
    ...(role === undefined ? {} : { role }),
  });

/** The expense and budget records of a position in a period, of one category (CASH-09 lines 2..6, CASH-35). */
export const expensesUrl = (periodId: number, positionId: number | undefined, categoryCode: number): string =>
  listUrl('cashboxPositionExpenses', {
    'cashboxPeriod.id': periodId,
    ...(positionId === undefined ? {} : { 'position.id': positionId }),
    'category.code': categoryCode,
  });

/** The fund balances of a position in a period: where its transfers went (CASH-09 Transfer Amount, CASH-36). */
export const fundBalancesUrl = (periodId: number, positionId: number | undefined): string =>
  listUrl('cashboxFundBalances', {
    'cashboxPeriod.id': periodId,
    ...(positionId === undefined ? {} : { 'position.id': positionId }),
  });

/** The records one side-panel line sums (CASH-09). */
export const lineUrl = (
  line: (typeof INCOME_LINES)[number],
  at: { periodId: number; groupProfitId: number; positionId?: number },
): string =>
  line.records === 'incomes'
    ? incomesUrl(at.groupProfitId, at.positionId)
    : line.records === 'expenses'
      ? expensesUrl(at.periodId, at.positionId, line.code)
      : fundBalancesUrl(at.periodId, at.positionId);

/** The budget distributions of a period charged to a group department (GB, CASH-23). */
export const budgetsUrl = (periodId: number, departmentId?: number): string =>
  listUrl('cashboxBudgetDistributions', {
    'cashboxPeriod.id': periodId,
    ...(departmentId === undefined ? {} : { 'department.id': departmentId }),
  });

/** The card of a position profit (Profit, %, its get and put). */
export const positionProfitUrl = (id: number): string => `/cashboxPositionProfits/${id}/show`;

/** The fund incomes of a period, optionally of one fund type and fund office (CASH-24/38). */
export const fundIncomesUrl = (periodId: number, fundTypeCode?: number, locateOfficeId?: number): string =>
  listUrl('cashboxFundIncomes', {
    'cashboxPeriod.id': periodId,
    ...(fundTypeCode === undefined || Number.isNaN(fundTypeCode) ? {} : { 'fundType.code': fundTypeCode }),
    ...(locateOfficeId === undefined ? {} : { locateOfficeId }),
  });

// ---- the calls ------------------------------------------------------------------------------

/** The offices for the picker (sorted by name), with their local currency. */
export const loadOffices = async (dp: CashboxApi, signal?: AbortSignal): Promise<Office[]> =>
  (
    await dp.request<Office[]>('offices', {
      query: { size: CASHBOX_SIZE, sort: 'gfirmName,asc', projection: 'full' },
      signal,
    })
  ).data;

/** CASH-26: the report's office, `GET /offices/{id}` read as `officeIncomeDistributions[0].office`. */
export const loadOffice = async (dp: CashboxApi, id: number, signal?: AbortSignal): Promise<Office> => {
  const { data } = await dp.request<Office & { officeIncomeDistributions?: Array<{ office?: Office | null }> }>(
    'offices',
    { id, signal },
  );
  return data.officeIncomeDistributions?.[0]?.office ?? data;
};

/** CASH-27, CASH-19: the versions of an office's month, `GET /cashboxPeriods?reportDateGte&office.id&size=1000`. */
export const loadPeriods = async (
  dp: CashboxApi,
  { officeId, dateGte }: { officeId: number; dateGte: string },
  signal?: AbortSignal,
): Promise<Period[]> =>
  (
    await dp.request<Period[]>('cashboxPeriods', {
      query: { reportDateGte: dateGte, 'office.id': officeId, size: CASHBOX_SIZE, projection: 'full' },
      signal,
    })
  ).data;

/**
 * CASH-28 / CASH-29: the group profits of a period - `GET /cashboxGroupProfits`, or the per-employee
 * view `GET /cashboxGroupProfits/all?cashboxPeriodId&byMe=true` when "by me" is on (CASH-13: the
 * server reads the user's employee from the session).
 */
export const loadGroupProfits = async (
  dp: CashboxApi,
  { periodId, byMe }: { periodId: number; byMe: boolean },
  signal?: AbortSignal,
): Promise<GroupProfit[]> => {
  const { data } = byMe
    ? await dp.request<GroupProfit[]>('cashboxGroupProfits', {
        path: 'all',
        query: { cashboxPeriodId: periodId, byMe: true },
        signal,
      })
    : await dp.request<GroupProfit[]>('cashboxGroupProfits', {
        query: { 'cashboxPeriod.id': periodId, size: CASHBOX_SIZE, projection: 'full' },
        signal,
      });
  return data;
};

/** CASH-30, CASH-19: a group's position rows, `GET /cashboxPositionProfits?size=1000&cashboxGroupProfitId`. */
export const loadPositionProfits = async (
  dp: CashboxApi,
  { groupProfitId, byMe }: { groupProfitId: number; byMe: boolean },
  signal?: AbortSignal,
): Promise<PositionProfit[]> =>
  (
    await dp.request<PositionProfit[]>('cashboxPositionProfits', {
      query: {
        size: CASHBOX_SIZE,
        cashboxGroupProfitId: groupProfitId,
        projection: 'full',
        ...(byMe ? { byMe: true } : {}),
      },
      signal,
    })
  ).data;

/**
 * CASH-31: the income records behind a group's side panels,
 * `GET /cashboxPositionIncomes/all/byGroupProfit?cashboxGroupProfitId` (`byMe=true`: the user's own, CASH-13).
 */
export const loadIncomes = async (
  dp: CashboxApi,
  { groupProfitId, byMe }: { groupProfitId: number; byMe: boolean },
  signal?: AbortSignal,
): Promise<PositionIncome[]> =>
  (
    await dp.request<PositionIncome[]>('cashboxPositionIncomes', {
      path: 'all/byGroupProfit',
      query: { cashboxGroupProfitId: groupProfitId, size: CASHBOX_SIZE, ...(byMe ? { byMe: true } : {}) },
      signal,
    })
  ).data;

/** CASH-38: a period's fund incomes, `GET /cashboxFundIncomes/all?cashboxPeriodId` (`byMe=true`: the user's own). */
export const loadFundIncomes = async (
  dp: CashboxApi,
  { periodId, byMe }: { periodId: number; byMe: boolean },
  signal?: AbortSignal,
): Promise<FundIncome[]> =>
  (
    await dp.request<FundIncome[]>('cashboxFundIncomes', {
      path: 'all',
      query: { cashboxPeriodId: periodId, ...(byMe ? { byMe: true } : {}) },
      signal,
    })
  ).data;

/** CASH-36, CASH-19: a period's fund balances (the put amounts moved per scheme), with their positions. */
export const loadFundBalances = async (
  dp: CashboxApi,
  { periodId, byMe }: { periodId: number; byMe: boolean },
  signal?: AbortSignal,
): Promise<FundBalance[]> =>
  (
    await dp.request<FundBalance[]>('cashboxFundBalances', {
      query: { 'cashboxPeriod.id': periodId, size: CASHBOX_SIZE, projection: 'full', ...(byMe ? { byMe: true } : {}) },
      signal,
    })
  ).data;

/**
 * CASH-40: starts the calculation of an office's month, `POST <core>/cashbox/calculate`
 * `{ dateGte, dateLte, officeId }` (the range already normalised, CASH-15..18); the server answers
 * 202 with the job, whose result names the new period version (`{ periodId, version, rows }`).
 * @returns the id of the job that runs it
 * @throws Error when the answer names no job; HttpError as every call (403 for a user who may not)
 */
export const startCalculation = async (
  dp: CashboxApi,
  body: { dateGte: string; dateLte: string; officeId: number },
): Promise<number> => {
  const { data } = await dp.serviceRequest('core', { path: 'cashbox/calculate', method: 'POST', body });
  const id = jobIdOf(data);
  if (id === undefined) throw new Error('The calculation was not started: the answer names no job.');
  return id;
};

/** One of the user's jobs, read from `GET /jobs` (their last 50); undefined when it is not there. */
export const findJob = async (dp: CashboxApi, id: number, signal?: AbortSignal): Promise<Job | undefined> =>
  (await dp.jobs<Job>({ signal })).data.find((j) => Number(j.id) === id);

/** Closes a period version (top managers): `POST /cashboxPeriods/{id}/close`. */
export const closePeriod = async (dp: CashboxApi, id: number): Promise<void> => {
  await dp.request('cashboxPeriods', { id, path: 'close', method: 'POST' });
};

/** What changed for one position between two versions: the figures, and the records whose parts differ (why). */
export interface DiffPosition {
  positionId: number;
  employeeId: number | null;
  figures: Record<string, { previous: string | null; current: string | null }>;
  sources: Array<{ entity: string; id: number; previous: string | null; current: string | null }>;
}
/** The answer of `GET /cashboxPeriods/{id}/diff`. */
export interface PeriodDiff {
  periodId: number;
  version: number | null;
  previousPeriodId: number | null;
  previousVersion: number | null;
  positions: DiffPosition[];
}

/** The changes of a version since the previous one: `GET /cashboxPeriods/{id}/diff`, per position. */
export const loadDiff = async (dp: CashboxApi, id: number, signal?: AbortSignal): Promise<PeriodDiff> =>
  (await dp.request<PeriodDiff>('cashboxPeriods', { id, path: 'diff', signal })).data;

/** Positions by id with their holders' names (`GET /positions?id.in=...`), for the diff's rows. */
export const loadPositionsById = async (
  dp: CashboxApi,
  ids: number[],
  signal?: AbortSignal,
): Promise<BalancePosition[]> =>
  ids.length === 0
    ? []
    : (
        await dp.request<BalancePosition[]>('positions', {
          query: { 'id.in': ids, size: ids.length, projection: 'full' },
          signal,
        })
      ).data;

/**
 * CASH-03: the balances of an office's month, `GET /cashboxEmployeeBalances/all?officeId&date=YYYY-MM`
 * (and `employeeId` for one employee's).
 */
export const loadBalances = async (
  dp: CashboxApi,
  { officeId, month, employeeId }: { officeId: number; month: string; employeeId?: number | null },
  signal?: AbortSignal,
): Promise<EmployeeBalance[]> =>
  (
    await dp.request<EmployeeBalance[]>('cashboxEmployeeBalances', {
      path: 'all',
      query: { officeId, date: month, ...(employeeId == null ? {} : { employeeId }) },
      signal,
    })
  ).data;

/** CASH-05: saves a balance's comment, `PATCH /cashboxEmployeeBalances/{id}/update { comment }`. */
export const saveBalanceComment = async (dp: CashboxApi, id: number, comment: string): Promise<void> => {
  await dp.request('cashboxEmployeeBalances', { id, path: 'update', method: 'PATCH', body: { comment } });
};

/** The department type codes whose positions the balance report lists (CASH-06). */
export const BALANCE_DEPARTMENT_TYPES = [4, 5, 6, 7, 9];

/**
 * CASH-06: the positions of the balance report, `GET /positions?size=1000` of departments of type
 * 4, 5, 6, 7 or 9 that began by the month's end; those that ended before its start are left out here.
 */
export const loadBalancePositions = async (
  dp: CashboxApi,
  { dateGte, dateLte }: { dateGte: string; dateLte: string },
  signal?: AbortSignal,
): Promise<BalancePosition[]> => {
  const { data } = await dp.request<BalancePosition[]>('positions', {
    query: {
      size: CASHBOX_SIZE,
      'department.type.code.in': BALANCE_DEPARTMENT_TYPES,
      'dateGte.lte': dateLte,
      projection: 'full',
    },
    signal,
  });
  return data.filter((p) => !p.dateLte || p.dateLte >= dateGte);
};
