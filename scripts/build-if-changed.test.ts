// @vitest-environment node
import { mkdirSync, mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildIfChanged, sourceHash } from './build-if-changed';

describe('npm start builds only when the sources changed', () => {
  let root: string;
  let builds: number;
  const build = () => {
    builds++;
    mkdirSync(join(root, 'dist'), { recursive: true });
    writeFileSync(join(root, 'dist/index.html'), `<html>build ${builds}</html>`);
  };

  beforeEach(() => {
    root = mkdtempSync(join(tmpdir(), 'bureau-stamp-'));
    builds = 0;
    mkdirSync(join(root, 'src/app'), { recursive: true });
    mkdirSync(join(root, 'schemas'), { recursive: true });
    writeFileSync(join(root, 'src/app/App.tsx'), 'export const App = 1;');
    writeFileSync(join(root, 'schemas/index.ts'), 'export const schemas = [];');
    writeFileSync(join(root, 'index.html'), '<html></html>');
    writeFileSync(join(root, 'package-lock.json'), '{}');
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it('builds the first time, then not again while nothing changed', () => {
    expect(buildIfChanged(root, build)).toBe(true);
    expect(buildIfChanged(root, build)).toBe(false);
    expect(builds).toBe(1);
  });

  it('rebuilds after an edit, an added file, a renamed file or a new lock file; not after a touch', () => {
    buildIfChanged(root, build);
    writeFileSync(join(root, 'src/app/App.tsx'), 'export const App = 1;'); // same content, new mtime
    expect(buildIfChanged(root, build)).toBe(false);
    writeFileSync(join(root, 'src/app/App.tsx'), 'export const App = 2;');
    expect(buildIfChanged(root, build)).toBe(true);
    writeFileSync(join(root, 'schemas/ideas.ts'), 'export const ideas = {};');
    expect(buildIfChanged(root, build)).toBe(true);
    renameSync(join(root, 'schemas/ideas.ts'), join(root, 'schemas/idea.ts'));
    expect(buildIfChanged(root, build)).toBe(true);
    writeFileSync(join(root, 'package-lock.json'), '{"lockfileVersion":3}');
    expect(buildIfChanged(root, build)).toBe(true);
    expect(builds).toBe(5);
  });

  it('ignores files outside the build inputs (server code) and test files beside the sources', () => {
    buildIfChanged(root, build);
    mkdirSync(join(root, 'server'));
    writeFileSync(join(root, 'server/main.ts'), 'listen();');
    writeFileSync(join(root, 'schemas/index.test.ts'), 'it("x", () => {});');
    writeFileSync(join(root, 'src/app/App.test.tsx'), 'it("y", () => {});');
    expect(buildIfChanged(root, build)).toBe(false);
  });

  it('rebuilds when dist lost its page, and retries after a failed build', () => {
    buildIfChanged(root, build);
    rmSync(join(root, 'dist/index.html'));
    expect(buildIfChanged(root, build)).toBe(true);
    writeFileSync(join(root, 'index.html'), '<html>changed</html>');
    expect(() =>
      buildIfChanged(root, () => {
        throw new Error('vite build failed');
      }),
    ).toThrow('vite build failed');
    expect(buildIfChanged(root, build)).toBe(true);
  });

  it('hashes paths as well as contents', () => {
    const before = sourceHash(root);
    renameSync(join(root, 'schemas/index.ts'), join(root, 'schemas/registry.ts'));
    expect(sourceHash(root)).not.toBe(before);
  });
});
