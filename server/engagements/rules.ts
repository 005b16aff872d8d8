import type { HookTx, WireRecord } from '../../schemas/define';
import { fieldError, RATE_BASED, referenceId } from '../../schemas/engagements/rules';
import { toMoney } from '../../schemas/money';

/**
 * The write rules of projects and matters, run by their hooks inside the write's transaction:
 * the generated `number`, the project managers' shares per period, and the rates that only a
 * rate-based matter keeps.
 */

/**
 * The next number of `table`: `<prefix>-<n>` with `n` one above the highest number of that
 * shape, at least 4 digits (`P-0001`). Creates wait for each other on an advisory lock, so two
 * concurrent creates never take the same number.
 *
 * @example
 * beforeChange: async ({ tx, mode }) => (mode === 'create' ? { number: await nextNumber(tx, 'matters', 'M') } : undefined)
 */
export async function nextNumber(tx: HookTx, table: 'projects' | 'matters', prefix: string): Promise<string> {
  await tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`${table}.number`]);
  const [row] = await tx.query<{ n: number | string }>(
    `SELECT COALESCE(max(substring(number FROM $1)::bigint), 0) + 1 AS n FROM ${table}`,
    [`^${prefix}-([0-9]{1,15})$`],
  );
  return `${prefix}-${String(row?.n ?? 1).padStart(4, '0')}`;
}

/**
 * Refuses (400 on `projectManagerList`) when the managers of one period of the project share more
 * than 100% (PROJ-02/10). Judged on the stored rows after the write, so nested writes and writes
 * of single managers are checked alike.
 */
export async function checkManagerShares(tx: HookTx, projectId: number): Promise<void> {
  const over = await tx.query<{ period: string | number | null; total: string }>(
    `SELECT period_index_number AS period, sum(percentage)::text AS total FROM project_managers
      WHERE project_id = $1 GROUP BY period_index_number HAVING sum(percentage) > 1 ORDER BY 1 LIMIT 1`,
    [projectId],
  );
  const row = over[0];
  if (!row) return;
  const total = toMoney(row.total); // a sum of fractions, read exactly
  const percent = total.times(100).toDecimalPlaces(2).toString();
  const period = row.period === null ? 'without a period' : `of period ${row.period}`;
  throw fieldError(
    'Project',
    'projectManagerList',
    total.toString(),
    `The managers ${period} share ${percent}%; the shares of one period add up to at most 100%`,
  );
}

/**
 * Refuses (400 on `matterRateList`) rates sent for a matter whose bill type - as sent, or as
 * stored when the body leaves it out - is not rate-based (MAT-10): the SPA never sends them then,
 * and an API client must not store rates that no bill uses.
 */
export async function checkRates(tx: HookTx, body: WireRecord, stored?: WireRecord): Promise<void> {
  const rates = body.matterRateList;
  if (!Array.isArray(rates) || rates.length === 0) return;
  const id = referenceId(Object.hasOwn(body, 'billType') ? body.billType : stored?.billType);
  const [row] =
    id === undefined
      ? []
      : await tx.query<{ code: string | number | null }>('SELECT code FROM base_dictionaries WHERE id = $1', [id]);
  if (Number(row?.code) !== RATE_BASED)
    throw fieldError(
      'Matter',
      'matterRateList',
      null,
      'Rates are kept only for a rate-based matter (bill type code 2)',
    );
}

/**
 * Rates are unique per matter, job title and period (MC-3): refuses (400) when two
 * stored rates of matter `matterId` for one job title have periods that overlap (`dateGte` ..
 * `dateLte`, both included, an empty end open - so two rates without dates always overlap), or a
 * rate ends before it starts. Judged on the stored rows after the write, with the matter's row
 * locked first (`FOR UPDATE`), so two concurrent writes adding overlapping rates cannot both
 * pass: the second waits for the first to commit, then sees its rate. Nested writes
 * (`matterRateList` of a matter) and writes of single rates (`/matterRates`) are checked alike.
 *
 * @param property where the error is reported: `matterRateList` for a matter's write, `title` for a rate's
 * @throws Error 400 `Validation failed` at `property` naming the title and the rate already there
 */
export async function checkRateOverlap(tx: HookTx, matterId: number, property: string): Promise<void> {
  await tx.query('SELECT id FROM matters WHERE id = $1 FOR UPDATE', [matterId]);
  const entity = property === 'title' ? 'MatterRate' : 'Matter';
  const [reversed] = await tx.query<{ id: string | number }>(
    'SELECT id FROM matter_rates WHERE matter_id = $1 AND date_lte < date_gte ORDER BY id LIMIT 1',
    [matterId],
  );
  if (reversed)
    throw fieldError(
      entity,
      property === 'title' ? 'dateLte' : property,
      Number(reversed.id),
      'A rate cannot end before it starts',
    );
  const [dup] = await tx.query<{
    kept: string | number;
    other: string | number;
    title: string | null;
    rate: string;
    gte: string | null;
    lte: string | null;
  }>(
    `SELECT a.id AS kept, b.id AS other, t.name AS title, a.rate::text AS rate,
            to_char(a.date_gte, 'YYYY-MM-DD') AS gte, to_char(a.date_lte, 'YYYY-MM-DD') AS lte
       FROM matter_rates a
       JOIN matter_rates b ON b.matter_id = a.matter_id AND b.title_id = a.title_id AND b.id <> a.id
        AND COALESCE(a.date_gte, '-infinity'::date) <= COALESCE(b.date_lte, 'infinity'::date)
        AND COALESCE(b.date_gte, '-infinity'::date) <= COALESCE(a.date_lte, 'infinity'::date)
       LEFT JOIN titles t ON t.id = a.title_id
      WHERE a.matter_id = $1 AND a.id < b.id ORDER BY a.id, b.id LIMIT 1`,
    [matterId],
  );
  if (!dup) return;
  const period = dup.gte || dup.lte ? `${dup.gte ?? '...'} to ${dup.lte ?? '...'}` : 'every day';
  throw fieldError(
    entity,
    property,
    Number(dup.other),
    `The matter already has rate ${String(dup.kept)} for ${dup.title ?? 'this job title'} (${toMoney(dup.rate).toFixed(2)}, ${period}) ` +
      'covering the same days: one rate per matter, job title and period',
  );
}
