import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/** Where the committed durations live (`scripts/testDurations.ts` writes them). */
export const DURATIONS_FILE = new URL('./durations.json', import.meta.url);

/** `project:path` -> milliseconds, as measured by a full run (the committed hints). */
function readHints(): Record<string, number> {
  try {
    return JSON.parse(readFileSync(DURATIONS_FILE, 'utf8')) as Record<string, number>;
  } catch {
    return {};
  }
}

/**
 * The order Vitest starts test files in, two at a time: the longest first, so no long file starts
 * last and leaves one worker idle while the other finishes it. Vitest's own order does that only
 * from its cache of the last run (`node_modules/.vite/vitest`), which a clean clone - CI - lacks:
 * it then starts the largest files first, and small but slow files (the authorization matrix's
 * parts, a fuzz group, the files that start servers) ran at the end of the PGlite leg. This
 * sequencer takes a file's duration from the cache when it has one, else from the committed
 * hints (`server/test/durations.json`), and keeps Vitest's rules otherwise: projects in turn,
 * isolated files first, failed files first, a file with no duration at all (a new one) first.
 */
export default class LongestFirstSequencer extends BaseSequencer {
  private readonly hints = readHints();

  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const cache = this.ctx.cache;
    const root = this.ctx.config.root;
    const key = (f: TestSpecification) => `${f.project.name}:${relative(root, f.moduleId)}`;
    const known = (f: TestSpecification) => {
      const state = cache.getFileTestResults(key(f));
      return { failed: state?.failed ?? false, duration: state?.duration ?? this.hints[key(f)] };
    };
    return [...files].sort((a, b) => {
      const groupOrder = a.project.config.sequence.groupOrder - b.project.config.sequence.groupOrder;
      if (groupOrder !== 0) return groupOrder;
      if (a.project.name !== b.project.name) return a.project.name < b.project.name ? -1 : 1;
      if (a.project.config.isolate !== b.project.config.isolate) return a.project.config.isolate ? -1 : 1;
      const [x, y] = [known(a), known(b)];
      if (x.failed !== y.failed) return x.failed ? -1 : 1;
      if (x.duration === undefined || y.duration === undefined)
        return x.duration === undefined ? (y.duration === undefined ? 0 : -1) : 1;
      return y.duration - x.duration;
    });
  }
}
