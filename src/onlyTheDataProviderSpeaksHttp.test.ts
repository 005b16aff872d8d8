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

/**
 * Tests that still give their fake data provider a fake HTTP client answering by URL (with
 * `createHttpVerbs`, so the screen's calls go through the real verbs). A shrinking list: a test
 * added or rewritten mocks the data provider's verbs instead.
 */
const TESTS_STILL_MOCKING_URLS = [
  'src/billing/documents/DocumentButton.test.tsx',
  'src/billing/invoices/invoices.test.tsx',
  'src/billing/preInvoices/preInvoices.test.tsx',
  'src/budgets/budgets.test.tsx',
  'src/catalogs/CatalogsPage.test.tsx',
  'src/files/renderers.test.tsx',
  'src/resources/status/status.test.tsx',
  'src/resources/views/ImportDialog.test.tsx',
  'src/search/GlobalSearch.test.tsx',
  'src/shell/constPaging.test.ts',
  'src/times/listParts.test.tsx',
];

describe('only the data provider and sign-in speak HTTP', () => {
  const files = sources(join(root, 'src')).filter((path) => !isSignIn(path));
  const mentioning = (word: string) => files.filter((path) => readFileSync(join(root, path), 'utf8').includes(word));

  it('no source file under src/ outside sign-in names the API base', () => {
    expect(files.length).toBeGreaterThan(100);
    expect(mentioning(CORE_BASE).filter((path) => !isTest(path))).toEqual([]);
  });

  it('no source file under src/ outside sign-in reads a HAL page by hand', () => {
    expect(mentioning(EMBEDDED).filter((path) => !isTest(path))).toEqual([]);
  });

  it('no test beyond the listed ones mocks the API by URL', () => {
    expect(mentioning(CORE_BASE).filter((path) => isTest(path) && !TESTS_STILL_MOCKING_URLS.includes(path))).toEqual(
      [],
    );
  });
});
