/**
 * Only the data provider (dataProvider/) and sign-in (src/auth/) speak HTTP: area code under src/
 * reaches the API through the data provider's verbs (react-admin's, `action`, `request`, `search`,
 * `excel`), never by writing the API's base into a URL or reading a HAL page's `_embedded` itself.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

// vitest runs from the repository's root (vitest.config.ts)
const root = process.cwd();
// spelled in pieces so this file does not name the base itself
const CORE_BASE = ['', 'core', 'api'].join('/');
const EMBEDDED = ['_', 'embedded'].join('');

/** Every .ts/.tsx file under `dir`, as paths relative to the repository. */
const sources = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return /\.tsx?$/.test(entry.name) ? [relative(root, path)] : [];
  });

const isTest = (path: string) => /\.test\.tsx?$/.test(path);
const isSignIn = (path: string) => path.startsWith('src/auth/');

describe('only the data provider and sign-in speak HTTP', () => {
  const files = sources(join(root, 'src')).filter((path) => !isSignIn(path));
  const mentioning = (word: string) => files.filter((path) => readFileSync(join(root, path), 'utf8').includes(word));

  // tests included: a screen's test fakes the data provider's verbs and asserts the calls it makes;
  // the addresses those calls become are the data provider's own tests (dataProvider/*.test.ts)
  it('no file under src/ outside sign-in, tests included, names the API base', () => {
    expect(files.length).toBeGreaterThan(100);
    expect(files.filter(isTest).length).toBeGreaterThan(50);
    expect(mentioning(CORE_BASE)).toEqual([]);
  });

  it('no source file under src/ outside sign-in reads a HAL page by hand', () => {
    expect(mentioning(EMBEDDED).filter((path) => !isTest(path))).toEqual([]);
  });
});
