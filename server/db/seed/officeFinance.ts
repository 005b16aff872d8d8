import {
  officeAccounts,
  officeApprovers,
  officeIncomeDistributionPercents,
  officeIncomeDistributions,
  officeTransitAccounts,
} from '../../../schemas/index';
import type { SeededOffice } from './offices';
import { auditDates, daysAgo, type Rng } from './random';
import type { Reference } from './reference';
import { insertRows, syncIdSequence, type SeedRow, type Tx } from './sql';

/** The currencies every office's main account has a transit account for. */
const TRANSIT_CURRENCIES = ['USD', 'EUR', 'GBP'];
/** Approver types seeded per office: budget, expense, pre-invoice, invoice (APPROVER_TYPE codes). */
const APPROVER_TYPES = [1, 2, 3, 4];
/** The APPROVER_TYPE of matters, seeded after the others (see below). */
const MATTER_APPROVER = 5;
/** The income distribution rows of each traffic type: INCOME_DISTRIBUTION_TYPE code, FUND_TYPE code, share. */
const DISTRIBUTION_ROWS: ReadonlyArray<{ type: number; fund: number | null; percent: number }> = [
  { type: 1, fund: null, percent: 0.3 },
  { type: 2, fund: 1, percent: 0.15 },
  { type: 2, fund: 3, percent: 0.1 },
];

/** Rows written, by collection. */
export type OfficeFinanceCounts = Record<
  | 'officeAccounts'
  | 'officeTransitAccounts'
  | 'officeIncomeDistributions'
  | 'officeIncomeDistributionPercents'
  | 'officeApprovers',
  number
>;

const audit = (rng: Rng) => ({ createdBy: 'seed', lastModifiedBy: 'seed', ...auditDates(rng, daysAgo(365)) });

/**
 * Seeds each office's bank account with transit accounts per foreign currency, an income
 * distribution per traffic type with its rows, and approvers (the office's first employees by id)
 * for budgets, expenses, pre-invoices, invoices and matters. Deterministic for a given `rng`.
 */
export async function seedOfficeFinance(
  tx: Tx,
  rng: Rng,
  ref: Reference,
  offices: SeededOffice[],
): Promise<OfficeFinanceCounts> {
  const accounts: SeedRow[] = [];
  const transits: SeedRow[] = [];
  const distributions: SeedRow[] = [];
  const percents: SeedRow[] = [];
  const approvers: SeedRow[] = [];
  for (const office of offices) {
    const account = accounts.length + 1;
    accounts.push({
      id: account,
      office: office.id,
      expenseIncreasePercent: [0, 0.05, 0.1][rng.int(0, 2)],
      active: true,
      account: {
        gbankName: `${office.city} Commercial Bank`,
        prefix: office.alpha2,
        billingCountry: { id: ref.country(office.alpha2) },
        billingCity: office.city,
        code: rng.digits(3),
        number: `${office.alpha2}${rng.digits(18)}`,
        bin: rng.digits(12),
        swiftCode: `BURE${office.alpha2}XX`,
        currentAccount: rng.digits(20),
        billing: true,
      },
      ...audit(rng),
    });
    for (const code of TRANSIT_CURRENCIES)
      transits.push({
        id: transits.length + 1,
        officeAccount: account,
        currency: ref.currency(code),
        correspondingAccount: rng.digits(20),
        account: { gbankName: `Correspondent bank (${code})`, swiftCode: `CORR${code}XX`, number: rng.digits(12) },
        ...audit(rng),
      });
    for (const traffic of ref.dictIds('TRAFFIC_TYPE')) {
      const distribution = distributions.length + 1;
      distributions.push({
        id: distribution,
        office: office.id,
        trafficType: traffic,
        softDevelopmentLawyerPercent: 0.21,
        ...audit(rng),
      });
      for (const row of DISTRIBUTION_ROWS)
        percents.push({
          id: percents.length + 1,
          officeIncomeDistribution: distribution,
          incomeDistributionType: ref.dict('INCOME_DISTRIBUTION_TYPE', row.type),
          fund: row.fund === null ? null : ref.dict('FUND_TYPE', row.fund),
          percent: row.percent,
          softDevelopmentMember: false,
          international: false,
          transferable: true,
          ...audit(rng),
        });
    }
    const staff = await tx.query<{ id: number }>('SELECT id FROM employees WHERE office_id = $1 ORDER BY id LIMIT 2', [
      office.id,
    ]);
    for (const type of APPROVER_TYPES)
      staff.forEach((e, i) =>
        approvers.push({
          id: approvers.length + 1,
          type: ref.dict('APPROVER_TYPE', type),
          office: office.id,
          employee: Number(e.id),
          orderliness: i + 1,
          active: true,
          ...audit(rng),
        }),
      );
    // MC-6: matters (type 5) too, so a new matter in any office gets approvers; the same people and
    // audit as the office's invoice approvers (no draw from `rng`: the rows after stay as they were)
    for (const row of approvers.slice(-staff.length))
      approvers.push({ ...row, id: approvers.length + 1, type: ref.dict('APPROVER_TYPE', MATTER_APPROVER) });
  }
  const tables = [
    [officeAccounts, accounts],
    [officeTransitAccounts, transits],
    [officeIncomeDistributions, distributions],
    [officeIncomeDistributionPercents, percents],
    [officeApprovers, approvers],
  ] as const;
  for (const [schema, rows] of tables) {
    await insertRows(tx, schema, rows);
    await syncIdSequence(tx, schema);
  }
  return {
    officeAccounts: accounts.length,
    officeTransitAccounts: transits.length,
    officeIncomeDistributions: distributions.length,
    officeIncomeDistributionPercents: percents.length,
    officeApprovers: approvers.length,
  };
}
