// @vitest-environment node
import { readFile } from 'node:fs/promises';
import { transform } from 'esbuild';
import { ROOT, spaInputs } from './spaGraph';
import { describe, expect, it } from 'vitest';

/**
 * The SPA carries no SQL: every module of this repository that `src/main.tsx` reaches (the module
 * graph esbuild resolves, npm packages left out) is compiled to JavaScript without comments, as
 * the production build writes it, and searched for SQL statements. SQL belongs to the server's
 * rooms (`server/<area>/`, declared with `defineServer`), never to `schemas/`, which the SPA
 * imports. Checked over the module graph rather than over `dist/`: the same code, without a
 * 45-second build, and a hit names the source file.
 */

/** SQL statement shapes (upper-case keywords, as the code base writes SQL). */
const SQL_PATTERNS: RegExp[] = [
  /\bINSERT\s+INTO\s+["\w]+/,
  /\bUPDATE\s+["\w]+\s+SET\b/,
  /\bDELETE\s+FROM\s+["\w]+/,
  /\bSELECT\b[^;`'"]{0,300}?\bFROM\s+["\w]+/,
];

/** The first SQL statement in `code`, or undefined. */
export function sqlIn(code: string): string | undefined {
  for (const pattern of SQL_PATTERNS) {
    const m = pattern.exec(code);
    if (m) return m[0].slice(0, 120);
  }
  return undefined;
}

/**
 * The repository's files (relative paths) that the module graph of `entry` reaches.
 * @param entry a path relative to the repository root
 */
async function spaModules(entry: string): Promise<string[]> {
  return Object.keys(await spaInputs(entry)).filter((f) => !f.includes('node_modules'));
}

/** Each reached file that holds an SQL statement once compiled without comments: file -> the statement. */
async function sqlInSpa(entry: string): Promise<Record<string, string>> {
  const found: Record<string, string> = {};
  for (const file of await spaModules(entry)) {
    if (!/\.(ts|tsx|js|jsx)$/.test(file)) continue;
    const source = await readFile(`${ROOT}/${file}`, 'utf8');
    const { code } = await transform(source, { loader: file.endsWith('x') ? 'tsx' : 'ts', legalComments: 'none' });
    const sql = sqlIn(code);
    if (sql) found[file] = sql;
  }
  return found;
}

describe('the SPA carries no SQL', () => {
  it('finds the SQL statements it looks for, and not the words in prose or comments', async () => {
    expect(sqlIn("tx.query('INSERT INTO idea_votes (idea_id) VALUES ($1)')")).toBe('INSERT INTO idea_votes');
    expect(sqlIn('`UPDATE invoices SET total_amount = $2`')).toBe('UPDATE invoices SET');
    expect(sqlIn("'DELETE FROM idea_votes WHERE idea_id = $1'")).toBe('DELETE FROM idea_votes');
    expect(sqlIn("'(SELECT count(*)::int FROM idea_votes v WHERE v.idea_id = {row}.id)'")).toContain('SELECT count');
    expect(sqlIn("label: 'Select the matters to bill from the list'")).toBeUndefined();
    // a server room's module is found out, as it would be if the SPA imported it
    const room = await readFile(`${ROOT}/server/workspace/ideas.ts`, 'utf8');
    expect(sqlIn((await transform(room, { loader: 'ts' })).code)).toBeDefined();
  });

  it('no module src/main.tsx reaches holds an SQL statement', { timeout: 60_000 }, async () => {
    const modules = await spaModules('src/main.tsx');
    // the graph is the SPA's: the schemas and the screens are in it
    expect(modules).toContain('schemas/index.ts');
    expect(modules.some((f) => f.startsWith('src/'))).toBe(true);
    expect(await sqlInSpa('src/main.tsx')).toEqual({});
  });
});
