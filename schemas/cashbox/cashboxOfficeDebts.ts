import { defineEntity, f } from '../define';
import { officeDebtRows } from './access';

/** Previous calendar month's first and last day, `YYYY-MM-DD` (OFF-45), relative to `now`. */
export function previousMonth(now: Date = new Date()): { gte: string; lte: string } {
  const pad = (n: number) => String(n).padStart(2, '0');
  const first = new Date(now.getFullYear(), now.getMonth() - 1, 1);
  const last = new Date(now.getFullYear(), now.getMonth(), 0);
  const day = (d: Date) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
  return { gte: day(first), lte: day(last) };
}

/** A period version as the debts page reads it (`GET /cashboxPeriods`, projection `full`). */
export interface DebtPeriod {
  id: number;
  version?: { code?: string | number | null } | number | null;
  status?: 'OPEN' | 'CLOSED' | null;
}

/** A period's version number: `version {code}` or a plain number; 0 when absent (a period no calculation wrote). */
const versionNumber = (p: DebtPeriod): number => {
  const v = p.version;
  if (v == null) return 0;
  return typeof v === 'number' ? v : Number(v.code ?? 0);
};

/**
 * The version of an office's month whose debts count (NAV-89, docs/areas/budgets.md "The debts
 * page"): the highest closed version when one is closed (a closed version is what balances carry
 * forward), else the highest version. Periods without a version number were not written by a
 * calculation and never count. Undefined when the month has no calculated version.
 * @example countingVersion([{ id: 1, version: 1, status: 'CLOSED' }, { id: 2, version: 2, status: 'OPEN' }]) // id 1
 */
export function countingVersion<P extends DebtPeriod>(periods: readonly P[]): P | undefined {
  const calculated = periods.filter((p) => versionNumber(p) > 0);
  const closed = calculated.filter((p) => p.status === 'CLOSED');
  const pool = closed.length > 0 ? closed : calculated;
  return pool.reduce<P | undefined>(
    (best, p) => (best && versionNumber(best) >= versionNumber(p) ? best : p),
    undefined,
  );
}

/**
 * An inter-office debt (OFF-43..50, NAV-89): what the debtor office (the period's office) owes
 * other offices for one cashbox period - transfers of its income distribution and shares earned
 * by other offices' positions (docs/areas/cashbox.md "Employee balance and office debts"). Each creditor office has its amount and
 * payment status (`creditorOffices`), the details explain it, `budget` names the budget it pays.
 * The calculation writes debts; the API reads them (`GET /cashboxOfficeDebts/all`) and lets a
 * user with `update` on `cashbox` set a creditor's payment status. Rows are read only by the roles
 * that see every cashbox row (`officeDebtRows`: others with the module get an empty list). `paymentStatus` is the roll-up:
 * 2 (paid) when every creditor is paid, else 1 (unpaid).
 */
export const cashboxOfficeDebts = defineEntity({
  name: 'cashboxOfficeDebts',
  entityName: 'CashboxOfficeDebt',
  label: 'Office debts',
  area: 'cashbox',
  icon: 'CompareArrows',
  module: 'cashbox',
  route: 'officeDebts',
  // read by administrators, billing managers, top managers and the cashbox operator only (CASH-12)
  accessRule: officeDebtRows,
  genericWrites: { create: false, update: false, delete: false },
  fields: {
    cashboxPeriod: f.ref('cashboxPeriods', { required: true, label: 'Period' }),
    // the debtor office's bank account the debt is paid from
    debtorAccount: f.ref('officeAccounts', { label: 'Debtor account', onDelete: 'setNull' }),
    budget: f.ref('budgets', { onDelete: 'setNull' }),
    creditorOffices: f.children('cashboxOfficeDebtCreditors', { via: 'cashboxOfficeDebt', label: 'Creditors' }),
    details: f.children('cashboxOfficeDebtDetails', { via: 'cashboxOfficeDebt', label: 'Details' }),
  },
  computed: {
    debtCurrencyCode: {
      type: 'text',
      label: 'Currency',
    },
    paymentStatus: {
      type: 'number',
      integer: true,
      label: 'Payment status',
    },
  },
  projections: {
    full: {
      embed: {
        cashboxPeriod: 'full',
        budget: ['date', 'description', 'amount'],
        creditorOffices: 'full',
        details: 'full',
      },
    },
  },
  actions: {
    // GET /core/api/cashboxOfficeDebts/all?gte&lte&officeId&creditorOfficeId (OFF-46): the debts
    // whose period overlaps gte..lte, of the debtor office and owed to the creditor office given;
    // `cashboxPeriodId` narrows them to one calculated version (the debts page sends the counting one)
    all: {
      level: 'collection',
      methods: ['GET'],
      summary:
        'The debts of the periods overlapping gte..lte, by debtor and creditor office, with creditors and details',
      input: {
        gte: f.date({ label: 'From' }),
        lte: f.date({ label: 'To' }),
        officeId: f.ref('offices', { label: 'Debtor office' }),
        creditorOfficeId: f.ref('offices', { label: 'Creditor office' }),
        cashboxPeriodId: f.ref('cashboxPeriods', { label: 'Version' }),
      },
      access: { privilege: 'view' },
    },
  },
  recordRepresentation: 'id',
  list: {
    columns: ['cashboxPeriod', 'debtCurrencyCode', 'paymentStatus', 'budget'],
    filters: [
      { source: 'cashboxPeriod.office.id', label: 'Debtor office' },
      { source: 'creditorOffices.office.id', label: 'Creditor office' },
    ],
  },
  show: {
    tabs: [
      {
        name: 'main',
        label: 'Main',
        fields: [
          'cashboxPeriod',
          'debtCurrencyCode',
          'debtorAccount',
          'paymentStatus',
          'budget',
          'creditorOffices',
          'details',
        ],
      },
    ],
  },
});
