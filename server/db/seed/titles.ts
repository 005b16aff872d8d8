import { titles } from '../../../schemas/index';
import { REFERENCE_DATE } from './random';
import { insertRows, syncIdSequence, type Tx } from './sql';

/**
 * The firm's job titles (MISC-03..05) in order, with the hourly rate in USD of those a rate-based
 * matter prices (`rate` true, MAT-18). A retired title stays, not in use (`exist` false).
 */
// prettier-ignore
export const TITLES: ReadonlyArray<{ name: string; usd?: number; exist?: boolean }> = [
  { name: 'Managing Partner', usd: 650 },
  { name: 'Partner', usd: 520 },
  { name: 'Counsel', usd: 420 },
  { name: 'Senior Associate', usd: 340 },
  { name: 'Associate', usd: 260 },
  { name: 'Junior Associate', usd: 190 },
  { name: 'Paralegal', usd: 110 },
  { name: 'Trainee' },
  { name: 'Legal Assistant' },
  { name: 'Office Manager' },
  { name: 'Of Counsel', exist: false },
];

/** Seeds {@link TITLES} (ids 1..n in order). @returns the rate titles' ids with their USD rate */
export async function seedTitles(tx: Tx): Promise<Array<{ id: number; usd: number }>> {
  const at = REFERENCE_DATE.toISOString();
  await insertRows(
    tx,
    titles,
    TITLES.map((t, i) => ({
      id: i + 1,
      name: t.name,
      order: (i + 1) * 10,
      exist: t.exist ?? true,
      rate: t.usd !== undefined,
      createdDate: at,
      lastModifiedDate: at,
      createdBy: 'seed',
      lastModifiedBy: 'seed',
    })),
  );
  await syncIdSequence(tx, titles);
  return TITLES.flatMap((t, i) => (t.usd === undefined ? [] : [{ id: i + 1, usd: t.usd }]));
}
