import { employeeTitles, positionFunds, positionRates } from '../../../schemas/index';
import type { SeededDepartments } from './departments';
import type { Reference } from './reference';
import { REFERENCE_DATE, type Rng } from './random';
import type { Staff, StaffPosition } from './staff';
import { insertRows, type SeedRow, type Tx } from './sql';

/** Job title id (titles.ts TITLES, ids 1..n) of a POSITION_LEVEL code: 1 junior associate .. 5 partner. */
const TITLE_OF_LEVEL: Record<number, number> = { 1: 6, 2: 5, 3: 4, 4: 3, 5: 2 };

/** Hourly rate in USD per POSITION_LEVEL code, before the office's adjustment. */
const RATE_OF_LEVEL: Record<number, number> = { 1: 120, 2: 190, 3: 260, 4: 340, 5: 520 };

const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);

const audit = () => {
  const at = REFERENCE_DATE.toISOString();
  return { createdDate: at, lastModifiedDate: at, createdBy: 'seed', lastModifiedBy: 'seed' };
};

/**
 * The people area's history on top of the seeded staff: every lawyer's position gives a title
 * row for its period (so a promotion shows as two titles, the current one open), every open
 * position of level 3 and up a rate in its office, and every open partner position (level 5)
 * a partner fund whose scheme rotates through 1, 2, 3 and 4 with the transfer targets that
 * scheme uses (its office; its office and practice team; another partner's position; none).
 * Deterministic for a given `rng`.
 * @returns rows inserted per collection
 */
export async function seedPeopleHistory(
  tx: Tx,
  rng: Rng,
  ref: Reference,
  staff: Staff,
  deps: SeededDepartments,
): Promise<Record<string, number>> {
  const titles: SeedRow[] = staff.lawyers.map((p) => ({
    employee: p.employee,
    title: TITLE_OF_LEVEL[p.level] ?? TITLE_OF_LEVEL[1],
    dateGte: day(p.from),
    dateLte: p.to === Infinity ? null : day(p.to),
    ...audit(),
  }));
  const open = staff.lawyers.filter((p) => p.to === Infinity);
  const usd = ref.currency('USD');
  const rates: SeedRow[] = open
    .filter((p) => p.level >= 3)
    .map((p) => ({
      position: p.id,
      office: p.office,
      rate: RATE_OF_LEVEL[p.level]! + 10 * rng.int(0, 4),
      currency: usd,
      dateGte: day(p.from),
      ...audit(),
    }));
  const partners = open.filter((p) => p.level === 5);
  const teamOf = (p: StaffPosition) =>
    deps.practiceTeams.find((t) => t.officeId === p.office && t.practice === p.practice)?.id ?? null;
  const funds: SeedRow[] = partners.map((p, i) => {
    const scheme = [1, 2, 3, 4][i % 4]!;
    const other = partners[(i + 1) % partners.length]!;
    return {
      position: p.id,
      type: ref.dict('POSITION_FUND_TYPE', 1 + (i % 2)),
      dateGte: day(p.from),
      put: (5 + rng.int(0, 10)) / 100,
      get: (2 + rng.int(0, 6)) / 100,
      scheme: ref.dict('FUND_SCHEME', scheme),
      transferOffice: scheme === 1 || scheme === 2 ? p.office : null,
      transferDepartment: scheme === 2 ? teamOf(p) : null,
      transferPosition: scheme === 3 && other.id !== p.id ? other.id : null,
      ...audit(),
    };
  });
  await insertRows(tx, employeeTitles, titles);
  await insertRows(tx, positionRates, rates);
  await insertRows(tx, positionFunds, funds);
  return { employeeTitles: titles.length, positionRates: rates.length, positionFunds: funds.length };
}
