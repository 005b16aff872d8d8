import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Every identifier the code cites can be looked up inside the repository: `AREA-NN` in
 * docs/requirements.md, `Hn` in docs/decisions.md, `PROBE-n` in docs/hardening.md.
 */

const ROOTS = ['schemas', 'server', 'src', 'dataProvider', 'e2e', 'scripts', 'bench'];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (name === 'node_modules' || name === 'migrations') return [];
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.(ts|tsx)$/.test(name) ? [path] : [];
  });
}

const requirements = readFileSync('docs/requirements.md', 'utf8');
const decisions = readFileSync('docs/decisions.md', 'utf8');
const hardening = readFileSync('docs/hardening.md', 'utf8');

/** The area prefixes docs/requirements.md defines, from its `### AREA - title` headings. */
const areas = [...requirements.matchAll(/^### ([A-Z0-9]+) - /gm)].map((m) => m[1]!);

/** `[identifier, first file citing it]` for every identifier of the given pattern in the code. */
function cited(pattern: RegExp): Map<string, string> {
  const found = new Map<string, string>();
  for (const file of ROOTS.flatMap(sourceFiles)) {
    for (const match of readFileSync(file, 'utf8').matchAll(pattern)) {
      if (!found.has(match[0])) found.set(match[0], file);
    }
  }
  return found;
}

describe('requirement identifiers cited in the code', () => {
  it('docs/requirements.md defines the areas it lists', () => {
    expect(areas).toEqual(expect.arrayContaining(['INV', 'TIME', 'NAV', 'A11Y', 'VIEWS']));
  });

  it('every AREA-NN cited is defined in docs/requirements.md', () => {
    const pattern = new RegExp(`\\b(?:${areas.join('|')})-\\d{2,3}\\b`, 'g');
    const citations = cited(pattern);
    expect(citations.size).toBeGreaterThan(500);
    const undefinedIds = [...citations].filter(([id]) => !requirements.includes(`**${id}**`));
    expect(undefinedIds.map(([id, file]) => `${id} (${file})`)).toEqual([]);
  });

  it('every Hn cited is a shape in docs/decisions.md', () => {
    const citations = cited(/(?<=[(\s,;])H\d{1,2}(?=[)\s,;.:])/g);
    expect(citations.size).toBeGreaterThan(5);
    const undefinedIds = [...citations].filter(([id]) => !decisions.includes(`**${id} `));
    expect(undefinedIds.map(([id, file]) => `${id} (${file})`)).toEqual([]);
  });

  it('every PROBE-n cited is a finding in docs/hardening.md', () => {
    const citations = cited(/\bPROBE-\d+\b/g);
    expect(citations.size).toBeGreaterThan(5);
    const undefinedIds = [...citations].filter(([id]) => !new RegExp(`\\|\\s*${id}\\s*\\|`).test(hardening));
    expect(undefinedIds.map(([id, file]) => `${id} (${file})`)).toEqual([]);
  });
});
