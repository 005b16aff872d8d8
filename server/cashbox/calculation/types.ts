/**
 * The cashbox calculation's contract: what the loader reads from the database for one office and
 * one month ({@link CashboxInputs}), and what the calculation returns ({@link CashboxResult}) for
 * the store to write as a new version. The rules are docs/areas/cashbox.md.
 *
 * Conventions, for every type below:
 * - Amounts are decimal strings in the **period currency** (`CashboxInputs.currencyCode`), exact
 *   (`schemas/money.ts`: `toMoney`, `sumExact`, `allocate`); the loader converts each payment, expense
 *   and budget at its own date's rate before the calculation sees it. Results are rounded to the
 *   currency's minor units, and every split follows `allocate`'s largest-remainder rule (`splitUnits`,
 *   `money.ts`) so its parts sum to the whole.
 * - Every position a line can name (shares, payers, quota holders, other offices' positions that earn
 *   a share) must be in `positions`; a payment's invoice must be in `invoices`
 *   (else `CashboxInputError`).
 * - Percents are fractions (0.21 = 21 %), as stored.
 * - Dates are `YYYY-MM-DD` strings.
 * - Ids are the database ids of the records named.
 * - Every result line carries `sources`: the records it sums, each with the part of the line's
 *   amount it contributed, so the report can open them (traceability) and the parts sum to the
 *   line's amount exactly.
 *
 * The calculation is a pure function of its inputs (no clock, no database, no randomness), so the
 * same inputs give the same result, line for line and in the same order (determinism).
 */

/** A record a figure sums. `entity` is a registry name (`paymentHistories`, `times`, `expenses`, ...). */
export interface SourceRef {
  entity: string;
  id: number;
  /** The part of the line's amount this record contributed, period currency. */
  amount: string;
}

/** One payment dated in the period, on an invoice issued by the office (docs/areas/cashbox.md "Inputs"). */
export interface PaymentInput {
  /** `paymentHistories.id`. */
  id: number;
  invoiceId: number;
  /** The payment date, inside the period. */
  date: string;
  /** The amount received, converted to the period currency at the payment date's rate. */
  amount: string;
  /**
   * The amount as received, in the invoice's currency (`paymentHistories.amount`), and that
   * currency's id: what the version read, kept with it for the money check (`cashbox-collected`).
   * The calculation does not read them.
   */
  received?: { amount: string; currencyId: number };
}

/** A position that logged billable time on an invoice, with the value of that time. */
export interface TimeValueInput {
  positionId: number;
  /** The time's value (hours x rate), period currency; the weight of the lawyer share. */
  amount: string;
  /** The time entries summed (`times.id`), for traceability. */
  timeIds: number[];
}

/** An invoice quota: a share of the invoice's income to a position for a date range. */
export interface QuotaInput {
  /** `invoiceQuotas.id`. */
  id: number;
  positionId: number;
  dateGte: string;
  dateLte: string;
  percentage: string;
}

/** An invoice that received a payment in the period, with what its payments are split by. */
export interface InvoiceInput {
  id: number;
  matterId: number | null;
  projectId: number | null;
  /** The office income distribution's traffic type the invoice follows. */
  trafficTypeId: number | null;
  /** The invoice's total, VAT included, period currency: the base of the pro-rata shares. */
  totalAmount: string;
  /** The VAT in `totalAmount` (0 when the invoice has none). */
  vatAmount: string;
  /** The part of `totalAmount` that re-bills expenses (returned to their payers as recovery). */
  rebilledExpenses: {
    expenseId: number;
    amount: string;
    /**
     * Who the recovery returns to; when absent, the payers of the expense in
     * `CashboxInputs.expenses`; with neither, the part stays in net income (docs/areas/cashbox.md "Decisions").
     */
    payers?: { expensePayerId: number; positionId: number; percentage: string }[];
  }[];
  quotas: QuotaInput[];
  timeValues: TimeValueInput[];
}

/** A matter's shares (docs/areas/cashbox.md, waterfall step 4). */
export interface MatterInput {
  id: number;
  responsiblePositionId: number | null;
  international: boolean;
  internationalResponsiblePositionId: number | null;
  internationalPercent: string;
  hunterPositionId: number | null;
  hunterPercent: string;
}

/** A project's technical-expense percent and its managers for the period. */
export interface ProjectInput {
  id: number;
  technicalExpensesPercent: string;
  /** The managers of the period that covers the payment dates, with their percentages. */
  managers: { positionId: number; percentage: string; projectManagerId: number }[];
}

/** Where one row of an office income distribution sends its percent. */
export type DistributionTarget =
  | { kind: 'fund'; fundTypeId: number; locateOfficeId: number }
  | { kind: 'office'; officeId: number }
  | { kind: 'position'; positionId: number };

/** The office's income distribution for one traffic type (docs/areas/cashbox.md, waterfall step 3). */
export interface DistributionInput {
  /** `officeIncomeDistributions.id`. */
  id: number;
  trafficTypeId: number;
  /** The lawyer share of attributable income (default 0.21). */
  softDevelopmentLawyerPercent: string;
  rows: {
    /** `officeIncomeDistributionPercents.id`. */
    id: number;
    percent: string;
    /** Applies only to international matters. */
    international: boolean;
    target: DistributionTarget;
  }[];
}

/** An expense paid in the period, charged to positions. */
export interface ExpenseInput {
  id: number;
  amount: string;
  cash: boolean;
  prepaid: boolean;
  payers: { expensePayerId: number; positionId: number; percentage: string }[];
}

/** A budget approved in the period, charged to payers. */
export interface BudgetInput {
  id: number;
  amount: string;
  cash: boolean;
  payers: {
    budgetPayerId: number;
    kind: 'office' | 'department' | 'position';
    officeId: number | null;
    departmentId: number | null;
    positionId: number | null;
    percentage: string;
    closedByFund: boolean;
  }[];
}

/** A position fund in force in the period (put, get, scheme and targets). */
export interface PositionFundInput {
  id: number;
  put: string;
  get: string;
  /** The FUND_SCHEME code: 1 transfer office; 2 and 6 office and department; 3 transfer position; others stay in the group. */
  schemeCode: string;
  transferOfficeId: number | null;
  transferDepartmentId: number | null;
  transferPositionId: number | null;
}

/** A position that may receive or pay in the period. */
export interface PositionInput {
  id: number;
  employeeId: number;
  departmentId: number | null;
  officeId: number;
  /** Junior partners keep Sum x (1 - put) and put the rest into the group pool. */
  juniorPartner: boolean;
  fund: PositionFundInput | null;
}

/** A department and the group it belongs to (its sector or business team). */
export interface DepartmentInput {
  id: number;
  typeCode: string;
  /** The group department (itself when it is a group). */
  groupDepartmentId: number;
  officeId: number;
}

/** Everything the calculation of one office's month reads. */
export interface CashboxInputs {
  officeId: number;
  /** The period currency's ISO code (minor units come from `schemas/money.ts` `minorUnits`). */
  currencyCode: string;
  dateGte: string;
  dateLte: string;
  /** The version this calculation will be (1 for the first of the month); CASH-11 reads it. */
  version: number;
  payments: PaymentInput[];
  invoices: InvoiceInput[];
  matters: MatterInput[];
  projects: ProjectInput[];
  distributions: DistributionInput[];
  expenses: ExpenseInput[];
  budgets: BudgetInput[];
  positions: PositionInput[];
  departments: DepartmentInput[];
  /** Each employee's balance carried from the last closed month, period currency. */
  previousBalances: { employeeId: number; amount: string }[];
}

/** Why a position received a share of a payment (docs/areas/cashbox.md, waterfall step 4). */
export type IncomeRole =
  'quota' | 'lawyer' | 'international' | 'hunter' | 'projectManager' | 'responsible' | 'softDevelopment';

/** The side panel's seven lines (CASH-09) of one position. */
export interface IncomeDetail {
  income: string;
  personalBudget: string;
  paidExpense: string;
  nonCashNotPrepaidExpense: string;
  cashBudget: string;
  cashPrepaidExpense: string;
  transferAmount: string;
}

/** What one calculation produces; the store writes it as one version of the period. */
export interface CashboxResult {
  /** Per payment: net = amount - VAT - rebilled expenses; the conservation identity's left side. */
  netIncomes: {
    paymentId: number;
    invoiceId: number;
    /** The payment as received, rounded to the currency's minor units: VAT + recoveries + net. */
    paymentAmount: string;
    /** The payment's pro-rata part of the invoice's VAT. */
    vatAmount: string;
    amount: string;
    sources: SourceRef[];
  }[];
  /** Expense recoveries: the rebilled part of a payment returned to the expense's payers. */
  expenseRecoveries: {
    paymentId: number;
    expenseId: number;
    positionId: number;
    amount: string;
    sources: SourceRef[];
  }[];
  technicalExpenses: { paymentId: number; projectId: number | null; amount: string; sources: SourceRef[] }[];
  fundIncomes: {
    paymentId: number;
    fundTypeId: number;
    locateOfficeId: number;
    distributionRowId: number;
    amount: string;
    sources: SourceRef[];
  }[];
  /** Distribution rows to another office: each becomes an inter-office debt of the office. */
  transfers: { paymentId: number; officeId: number; distributionRowId: number; amount: string; sources: SourceRef[] }[];
  positionIncomes: {
    paymentId: number;
    positionId: number;
    matterId: number | null;
    role: IncomeRole;
    amount: string;
    sources: SourceRef[];
    /** For a lawyer share: the time entries (`times.id`) whose value weighed it. */
    timeIds?: number[];
  }[];
  /**
   * Attributable income with no position to receive it (an invoice without a matter's responsible
   * position for the remainder); the office keeps it until assigned. Conservation counts it.
   */
  unattributedIncomes: { paymentId: number; invoiceId: number; amount: string; sources: SourceRef[] }[];
  positionExpenses: {
    positionId: number;
    kind: 'paidExpense' | 'nonCashNotPrepaidExpense' | 'cashPrepaidExpense' | 'personalBudget' | 'cashBudget';
    amount: string;
    sources: SourceRef[];
  }[];
  budgetDistributions: {
    budgetId: number;
    budgetPayerId: number;
    positionId: number | null;
    departmentId: number | null;
    officeId: number | null;
    closedByFund: boolean;
    amount: string;
    sources: SourceRef[];
  }[];
  groupProfits: {
    groupDepartmentId: number;
    groupDepartmentTypeCode: string;
    groupOfficeId: number;
    membersAmountSum: string;
    /** GB: budgets charged to the department not closed by a fund (negative). */
    groupBudgetAmount: string;
    totalAmount: string;
  }[];
  positionProfits: {
    positionId: number;
    employeeId: number;
    groupDepartmentId: number | null;
    /** Efficiency: the lawyer shares the position earned (CASH-22 efficiencyAmountLocal). */
    efficiencyAmount: string;
    detail: IncomeDetail;
    /** Sum = income - expenses - budgets +/- transfers. */
    sumAmount: string;
    /** Profit (CASH-22 profitAmountLocal). */
    profitAmount: string;
    put: string;
    get: string;
    /** The % column (CASH-10), 0 decimals: (1 - put) x 100 for junior partners, get x 100 otherwise. */
    percentShown: number;
  }[];
  fundBalances: {
    positionId: number;
    schemeCode: string;
    amount: string;
    targetOfficeId: number | null;
    targetDepartmentId: number | null;
    targetPositionId: number | null;
  }[];
  groupBudgetTransfers: {
    fromGroupDepartmentId: number;
    toPositionId: number | null;
    toOfficeId: number | null;
    amount: string;
  }[];
  /** Debts of the office to others: transfers and shares earned by other offices' positions. */
  officeDebts: { creditorOfficeId: number; amount: string; sources: SourceRef[] }[];
  employeeBalances: { employeeId: number; previousAmount: string; profitAmount: string; balanceAmount: string }[];
}

/** Reports progress: `done` of `total` steps (payments, then positions). */
export type CashboxProgress = (done: number, total: number) => void;
