// @vitest-environment node
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { delimiter, join } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * One runtime: the product runs on the `node` dependency's Node 24 whatever Node the machine has
 * (docs/testing.md, "One runtime"). npm puts `node_modules/.bin` first in PATH for every script
 * and `npm exec`, and that folder holds the dependency's `node`.
 */

const root = join(import.meta.dirname, '..');
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
  engines: { node: string };
  dependencies: Record<string, string>;
};
const bundled = (JSON.parse(readFileSync(join(root, 'node_modules/node/package.json'), 'utf8')) as { version: string })
  .version;
const major = (version: string) => Number(/(\d+)/.exec(version)![1]);

describe('one runtime', () => {
  it('the tests run on the node dependency, Node 24', () => {
    expect(process.versions.node).toBe(bundled);
    expect(major(bundled)).toBe(24);
  });

  it('engines and the node dependency name the same major', () => {
    expect(pkg.engines.node).toBe(`^${major(bundled)}.0.0`);
    expect(major(pkg.dependencies.node!)).toBe(major(bundled));
  });

  it("an npm command started from a shell whose PATH has the machine's Node runs the dependency's Node", () => {
    // the PATH of a shell outside npm: without any node_modules/.bin that the test runner added
    const PATH = (process.env.PATH ?? '')
      .split(delimiter)
      .filter((dir) => !dir.includes('node_modules/.bin') && !dir.includes('node_modules/node/bin'))
      .join(delimiter);
    const run = spawnSync('npm', ['exec', '--', 'node', '--version'], {
      cwd: root,
      encoding: 'utf8',
      env: { ...process.env, PATH },
    });
    expect(run.stderr).not.toMatch(/EBADENGINE|Unsupported/);
    expect(run.stdout.trim()).toBe(`v${bundled}`);
  });
});
