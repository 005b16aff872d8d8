import type { Database } from '../../db/database';

/** What the money check reads through: a query handle (a database or a transaction). */
export type Db = Pick<Database, 'query'>;

/**
 * One broken invariant found by the money check (MC-8): which invariant, the record
 * (collection and id; id 0 for a problem of a whole collection, such as a total endpoint) and a
 * sentence saying what is wrong; `details` holds the figures (decimal strings for money).
 */
export interface MoneyProblem {
  invariant: string;
  collection: string;
  id: number;
  message: string;
  details?: Record<string, unknown>;
}

/** What one invariant answers: the problems it found and how many records it looked at. */
export interface InvariantResult {
  problems: MoneyProblem[];
  checked: number;
}

/**
 * One invariant of the money check: a name (kebab case, the key of `checked` in the API answer),
 * one sentence of what must hold, and the check. Each is its own unit so one can change without
 * the others (`server/billing/moneyCheck/index.ts` lists them).
 */
export interface Invariant {
  name: string;
  description: string;
  check(db: Db): Promise<InvariantResult>;
}

/**
 * An invariant that is one SQL statement: `countSql` counts the records looked at, `sql` returns
 * one row per offending record with at least `collection`, `id` and `message`; every other column
 * goes into `details`.
 */
export function sqlInvariant(spec: { name: string; description: string; countSql: string; sql: string }): Invariant {
  return {
    name: spec.name,
    description: spec.description,
    async check(db) {
      const [count] = await db.query<{ n: string | number }>(spec.countSql);
      const rows = await db.query<Record<string, unknown>>(spec.sql);
      return {
        checked: Number(count?.n ?? 0),
        problems: rows.map(({ collection, id, message, ...details }) => ({
          invariant: spec.name,
          collection: String(collection),
          id: Number(id),
          message: String(message),
          ...(Object.keys(details).length > 0 ? { details } : {}),
        })),
      };
    },
  };
}
