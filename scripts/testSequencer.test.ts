// @vitest-environment node
import { describe, expect, it } from 'vitest';
import type { TestSpecification, Vitest } from 'vitest/node';
import LongestFirstSequencer from '../server/test/sequencer';

/** A file of project `project` (isolated or not) as the sequencer sees it. */
const spec = (project: string, path: string, isolate = false) =>
  ({
    moduleId: `/repo/${path}`,
    project: { name: project, config: { isolate, sequence: { groupOrder: 0 } } },
  }) as unknown as TestSpecification;

/** A sequencer over `cached` (the last run's durations in Vitest's cache) and `hints` (the committed ones). */
function sequencer(cached: Record<string, { duration: number; failed?: boolean }>, hints: Record<string, number>) {
  const ctx = {
    config: { root: '/repo' },
    cache: { getFileTestResults: (key: string) => cached[key] },
  } as unknown as Vitest;
  const s = new LongestFirstSequencer(ctx);
  (s as unknown as { hints: Record<string, number> }).hints = hints;
  return s;
}

const order = async (s: LongestFirstSequencer, files: TestSpecification[]) =>
  (await s.sort(files)).map((f) => `${f.project.name}:${f.moduleId.slice('/repo/'.length)}`);

describe('the test files order (server/test/sequencer.ts)', () => {
  it('on a clean clone (no cache) starts the files longest first by the committed durations, a file with none first', async () => {
    const files = [
      spec('api', 'a.test.ts'),
      spec('api', 'b.test.ts'),
      spec('api', 'new.test.ts'),
      spec('api', 'c.test.ts'),
    ];
    const s = sequencer({}, { 'api:a.test.ts': 1_000, 'api:b.test.ts': 90_000, 'api:c.test.ts': 5_000 });
    expect(await order(s, files)).toEqual(['api:new.test.ts', 'api:b.test.ts', 'api:c.test.ts', 'api:a.test.ts']);
  });

  it("prefers the cache's durations to the committed ones, runs failed files first, and keeps projects in turn with isolated files first", async () => {
    const files = [
      spec('api', 'a.test.ts'),
      spec('api', 'b.test.ts'),
      spec('api', 'broken.test.ts'),
      spec('api-isolated', 'i.test.ts', true),
      spec('api', 'iso.test.ts', true),
    ];
    const s = sequencer(
      {
        'api:a.test.ts': { duration: 50_000 },
        'api:b.test.ts': { duration: 2_000 },
        'api:broken.test.ts': { duration: 1, failed: true },
        'api:iso.test.ts': { duration: 1 },
      },
      { 'api:a.test.ts': 1, 'api:b.test.ts': 99_000, 'api-isolated:i.test.ts': 5 },
    );
    expect(await order(s, files)).toEqual([
      'api:iso.test.ts',
      'api:broken.test.ts',
      'api:a.test.ts',
      'api:b.test.ts',
      'api-isolated:i.test.ts',
    ]);
  });
});
