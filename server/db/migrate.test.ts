import { describe, expect, it } from 'vitest';
import { connect } from './connect';
import { migrate } from './migrate';

describe('migrate', () => {
  it('applies the migrations to a fresh in-memory PGlite once, and is idempotent', async () => {
    const db = await connect({ memory: true });
    try {
      const first = await migrate(db);
      expect(first.length).toBeGreaterThan(0);
      expect(await migrate(db)).toEqual([]);
      const rows = await db.query<{ n: number }>(
        "SELECT count(*)::int AS n FROM information_schema.tables WHERE table_name = 'clients'",
      );
      expect(rows[0]?.n).toBe(1);
      const [num] = await db.query<{ v: unknown; d: unknown; i: unknown }>(
        "SELECT 0.12::numeric(12,8) AS v, '2026-01-31'::date AS d, 5::bigint AS i",
      );
      expect(num).toEqual({ v: '0.12000000', d: '2026-01-31', i: 5 });
    } finally {
      await db.close();
    }
  });
});

// Two connections to one database exist only on PostgreSQL: registered when DATABASE_URL is set.
if (process.env.DATABASE_URL)
  describe('migrate on PostgreSQL', () => {
    it('lets concurrent starts migrate once', async () => {
      const url = new URL(process.env.DATABASE_URL!);
      const name = `bureau_mig_${process.pid}`;
      const { default: pg } = await import('pg');
      const admin = new pg.Client({ connectionString: url.toString() });
      await admin.connect();
      await admin.query(`CREATE DATABASE "${name}"`);
      url.pathname = `/${name}`;
      const [a, b] = await Promise.all([
        connect({ databaseUrl: url.toString(), dataDir: '' }),
        connect({ databaseUrl: url.toString(), dataDir: '' }),
      ]);
      try {
        const [ra, rb] = await Promise.all([migrate(a), migrate(b)]);
        expect([...ra, ...rb]).toHaveLength(ra.length + rb.length);
        expect(ra.length + rb.length).toBeGreaterThan(0);
        expect(ra.filter((f) => rb.includes(f))).toEqual([]);
      } finally {
        await a.close();
        await b.close();
        await admin.query(`DROP DATABASE "${name}" WITH (FORCE)`);
        await admin.end();
      }
    });
  });
