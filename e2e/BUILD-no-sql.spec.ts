import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { expect, test } from '@playwright/test';

/**
 * The production build's JavaScript holds no SQL statement: `npm run test:e2e` builds `dist/`
 * before the journeys, and this reads every `.js` file of it. SQL lives in the server's rooms
 * (`server/<area>/`); `scripts/spaNoSql.test.ts` checks the same over the SPA's module graph and
 * names the source file of a hit.
 */

const DIST = join(process.cwd(), 'dist');

/** SQL statement shapes, as the code base writes SQL (upper-case keywords). */
const SQL_PATTERNS: RegExp[] = [
  /\bINSERT\s+INTO\s+["\w]+/,
  /\bUPDATE\s+["\w]+\s+SET\b/,
  /\bDELETE\s+FROM\s+["\w]+/,
  /\bSELECT\b[^;`'"]{0,300}?\bFROM\s+["\w]+/,
];

const sqlIn = (code: string): string | undefined => {
  for (const pattern of SQL_PATTERNS) {
    const m = pattern.exec(code);
    if (m) return m[0].slice(0, 120);
  }
  return undefined;
};

const scripts = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return scripts(path);
    return name.endsWith('.js') ? [path] : [];
  });

test('the production build carries no SQL statement', () => {
  // the patterns find what the server's rooms write
  expect(sqlIn('await tx.query(`UPDATE invoices SET total_amount = $1 WHERE id = $2`)')).toBe('UPDATE invoices SET');
  expect(sqlIn('`SELECT count(*)::int AS n FROM jobs WHERE kind = $1`')).toContain('FROM jobs');
  const files = scripts(DIST);
  expect(files.length, 'dist/ holds the built SPA (npm run build)').toBeGreaterThan(10);
  const hits = files.flatMap((file) => {
    const hit = sqlIn(readFileSync(file, 'utf8'));
    return hit ? [`${relative(DIST, file)}: ${hit}`] : [];
  });
  expect(hits).toEqual([]);
});
