/**
 * The database handle every server part receives. Implemented in `server/db/connect.ts` for
 * PGlite (default, data in `./.data/pg`) and for PostgreSQL (`DATABASE_URL`), with the same SQL.
 */
export interface Database {
  /** Which engine is behind it. */
  kind: 'pglite' | 'postgres';
  /**
   * Runs one parameterised statement (`$1`, `$2`...) and returns its rows. `numeric` columns come
   * back as strings (never parseFloat money; use decimal.js).
   */
  query<T = Record<string, unknown>>(text: string, params?: unknown[]): Promise<T[]>;
  /** Runs `fn` in a transaction; queries made through the `tx` handle are inside it. */
  transaction<T>(fn: (tx: Pick<Database, 'query' | 'kind'>) => Promise<T>): Promise<T>;
  /** Runs a multi-statement script without parameters (migrations, seed bulk loads). */
  exec(sql: string): Promise<void>;
  close(): Promise<void>;
}
