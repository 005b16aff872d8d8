import { Money, toMoney } from '../money';

/**
 * The rankings' formula (RANK-05, RANK-06, RANK-13; docs/areas/rankings.md "The formula"), pure and
 * isomorphic: the server computes with it and the page shows its description.
 *
 * For one manager (or one department of an office) over the 3 months that end with the latest
 * closed cashbox month, in the base currency USD:
 *
 * - origination `O`: invoiced (invoices Approved, Paid or Partly paid, by invoice date) on the
 *   documents the manager manages as business relationship manager;
 * - collections `C`: payments (not reversed, by payment date) on those documents;
 * - worked `V`: the value of billable time (hours x matter rate) on the clients of the projects
 *   the manager manages;
 * - realisation `r = min(1, C / V)`, 0 when `V` is 0;
 * - conversion `p = won / leads` of the leads the manager holds dated in the window, 0 without leads;
 * - `o = O / max O`, `c = C / max C` over every manager (department) of the firm in the window.
 *
 * rating = 100 x (0.35 o + 0.35 c + 0.15 r + 0.15 p), to 2 decimals (half up);
 * qualityScore = 100 x the Wilson lower bound (95 %) of invoices paid in full among invoices
 * issued, to 2 decimals; fewer than {@link FEW_DATA_BELOW} invoices is "few data".
 */

/** The weights of the rating's parts (they sum to 1). */
export const RATING_WEIGHTS = { origination: '0.35', collections: '0.35', realisation: '0.15', conversion: '0.15' };

/** The z of a two-sided 95 % confidence interval. */
export const WILSON_Z = 1.959964;

/** A quality score from fewer observations than this is marked "few data". */
export const FEW_DATA_BELOW = 10;

/** The months a ranking covers, ending with the latest closed cashbox month (RANK-13). */
export const RANKING_MONTHS = 3;

/** How rows of an equal rating are ordered (RANK-02): shown with the list. */
export const TIE_BREAK = 'qualityScore desc, then name asc, then id asc';

/** The formula in words, as the page shows it. */
export const FORMULA_TEXT =
  'rating = 100 x (0.35 x origination / best origination + 0.35 x collections / best collections + ' +
  '0.15 x min(1, collections / worked value) + 0.15 x leads won / leads); ' +
  'quality = 100 x Wilson lower bound (95 %) of invoices paid in full / invoices issued';

/**
 * The lower bound of the Wilson score interval of `successes` out of `trials` at z (95 % by
 * default): what the true share is at least, with 95 % confidence; 0 for no trials.
 * @example wilsonLowerBound(9, 10) // 0.5958...
 * @throws RangeError for negative counts or more successes than trials
 */
export function wilsonLowerBound(successes: number, trials: number, z: number = WILSON_Z): number {
  if (successes < 0 || trials < 0 || successes > trials) throw new RangeError(`${successes} of ${trials} is no share`);
  if (trials === 0) return 0;
  const p = successes / trials;
  const z2 = z * z;
  const centre = p + z2 / (2 * trials);
  const spread = z * Math.sqrt((p * (1 - p)) / trials + z2 / (4 * trials * trials));
  return Math.max(0, (centre - spread) / (1 + z2 / trials));
}

/** The figures of one manager or department over the window, amounts in the base currency. */
export interface RatingInputs {
  /** Invoiced, base currency, decimal string. */
  origination: string;
  /** Collected, base currency, decimal string. */
  collections: string;
  /** Worked value, base currency, decimal string. */
  worked: string;
  leads: number;
  won: number;
  /** Invoices issued in the window, and those of them paid in full. */
  invoices: number;
  paid: number;
}

/** A rating and its parts, each a fraction 0..1 as a decimal string, and the scores to 2 decimals. */
export interface Rating {
  parts: { origination: string; collections: string; realisation: string; conversion: string };
  rating: string;
  qualityScore: string;
  fewData: boolean;
}

const share = (value: Money, best: Money): Money => (best.gt(0) ? value.div(best) : toMoney(0));

/**
 * The rating and quality of one manager (department) against the best origination and collections
 * of all of them (see the module comment).
 * @param best the largest origination and collections of the compared managers (departments)
 * @returns scores as strings with exactly 2 decimals (`"57.25"`)
 */
export function rate(inputs: RatingInputs, best: { origination: string; collections: string }): Rating {
  const o = share(toMoney(inputs.origination), toMoney(best.origination));
  const c = share(toMoney(inputs.collections), toMoney(best.collections));
  const worked = toMoney(inputs.worked);
  const r = worked.gt(0) ? Money.min(1, toMoney(inputs.collections).div(worked)) : toMoney(0);
  const p = inputs.leads > 0 ? toMoney(inputs.won).div(inputs.leads) : toMoney(0);
  const w = RATING_WEIGHTS;
  const rating = o
    .mul(w.origination)
    .plus(c.mul(w.collections))
    .plus(r.mul(w.realisation))
    .plus(p.mul(w.conversion))
    .mul(100);
  const quality = toMoney(wilsonLowerBound(inputs.paid, inputs.invoices)).mul(100);
  const fixed = (v: Money) => v.toDecimalPlaces(4).toFixed();
  return {
    parts: { origination: fixed(o), collections: fixed(c), realisation: fixed(r), conversion: fixed(p) },
    rating: rating.toFixed(2),
    qualityScore: quality.toFixed(2),
    fewData: inputs.invoices < FEW_DATA_BELOW,
  };
}

/** Something ranked: its rating and quality (2-decimal strings), a name and an id for the tie-break. */
export interface Rankable {
  rating: string;
  qualityScore: string;
  name: string;
  id: number;
}

/**
 * Orders by rating (desc), ties by {@link TIE_BREAK}, and gives each its dense rank: equal ratings
 * share a rank and the next rating takes the next number (1, 1, 2), RANK-02.
 * @returns a new array of the items with `rank` and `tied` (another item has the same rating)
 */
export function rankDensely<T extends Rankable>(items: readonly T[]): Array<T & { rank: number; tied: boolean }> {
  const sorted = [...items].sort(
    (a, b) =>
      toMoney(b.rating).cmp(a.rating) ||
      toMoney(b.qualityScore).cmp(a.qualityScore) ||
      a.name.localeCompare(b.name) ||
      a.id - b.id,
  );
  const count = new Map<string, number>();
  for (const i of sorted) count.set(toMoney(i.rating).toFixed(2), (count.get(toMoney(i.rating).toFixed(2)) ?? 0) + 1);
  let rank = 0;
  let previous: string | null = null;
  return sorted.map((item) => {
    const key = toMoney(item.rating).toFixed(2);
    if (key !== previous) rank += 1;
    previous = key;
    return { ...item, rank, tied: (count.get(key) ?? 0) > 1 };
  });
}

/**
 * The dense rank of each row from its position in an ordered list (RANK-02): the first row is 1,
 * a row whose rating equals the row before shares its rank, any other takes the next number.
 * @example ranksFromPositions(['9.00', '9.00', '7.50']) // [1, 1, 2]
 */
export function ranksFromPositions(ratings: ReadonlyArray<string | number | null | undefined>): number[] {
  const out: number[] = [];
  ratings.forEach((r, i) => {
    if (i === 0) out.push(1);
    else {
      const same = r != null && ratings[i - 1] != null && toMoney(r).eq(toMoney(ratings[i - 1]!));
      out.push(same ? out[i - 1]! : out[i - 1]! + 1);
    }
  });
  return out;
}

/**
 * The months of the window ending with `lastMonth` (`YYYY-MM`), oldest first (RANK-13).
 * @example rankingMonths('2026-01') // ['2025-11', '2025-12', '2026-01']
 */
export function rankingMonths(lastMonth: string): string[] {
  const [y, m] = lastMonth.split('-').map((v) => Number.parseInt(v, 10)) as [number, number];
  return Array.from({ length: RANKING_MONTHS }, (_, i) => {
    const index = y * 12 + (m - 1) - (RANKING_MONTHS - 1 - i);
    return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
  });
}
