import type { Database } from '../../server/db/database';

/** The statements one request ran: `[sql, params]` in order. */
export type Statements = Array<[string, unknown[]]>;

/**
 * A database handle that records the statements run through it while `record` runs, for the
 * EXPLAIN scripts (`explainTimes.ts`, `explainScreens.ts`). The transaction's handle is recorded as
 * well (actions may read inside one).
 * @param keep which statements to keep (all by default)
 * @example
 * const recorder = statementRecorder(db, (sql) => /\btimes\b/.test(sql));
 * const app = await buildApp({ db: recorder.db, config });
 * const res = await recorder.record(() => app.inject({ url, headers }));
 * for (const [sql, params] of recorder.statements) ...
 */
export function statementRecorder(db: Database, keep: (sql: string) => boolean = () => true) {
  const statements: Statements = [];
  let on = false;
  const spied = <T extends Pick<Database, 'query'>>(handle: T): T => ({
    ...handle,
    query: (text: string, params?: unknown[]) => {
      if (on && keep(text)) statements.push([text, params ?? []]);
      return handle.query(text, params);
    },
  });
  const recording: Database = { ...spied(db), transaction: (fn) => db.transaction((tx) => fn(spied(tx))) };
  return {
    db: recording,
    /** What the last `record` call kept. */
    statements,
    /** Runs `fn` with recording on, after forgetting what the previous call kept. */
    async record<T>(fn: () => Promise<T>): Promise<T> {
      statements.length = 0;
      on = true;
      try {
        return await fn();
      } finally {
        on = false;
      }
    },
  };
}
