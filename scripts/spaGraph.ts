import { existsSync, readdirSync } from 'node:fs';
import { basename, dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, type Metafile, type Plugin } from 'esbuild';

/**
 * The SPA's module graph as esbuild resolves it from an entry (the same graph Vite cuts its chunks
 * from, without a build): the inputs of esbuild's metafile, npm packages external. Read by the
 * checks of what the SPA carries (`scripts/spaNoSql.test.ts`, `scripts/spaFirstLoad.test.ts`).
 */

/** The repository root (absolute). */
export const ROOT = fileURLToPath(new URL('..', import.meta.url));

/** A file's path if it exists with exactly this case (`weekGrid.ts` and `WeekGrid.tsx` live side by side). */
function exactFile(path: string): string | undefined {
  const dir = dirname(path);
  return existsSync(dir) && readdirSync(dir).includes(basename(path)) ? path : undefined;
}

/** Resolves relative imports by exact file name, as Vite does on a case-sensitive disk. */
const exactCase: Plugin = {
  name: 'exact-case',
  setup(b) {
    b.onResolve({ filter: /^\.\.?\// }, (args) => {
      const base = resolve(args.resolveDir, args.path);
      for (const ext of ['', '.ts', '.tsx', '.js', '.jsx', '/index.ts', '/index.tsx']) {
        const hit = exactFile(base + ext);
        if (hit && !(ext === '' && !/\.\w+$/.test(base))) return { path: hit };
      }
      return undefined;
    });
  },
};

/**
 * The metafile inputs of `entry`'s bundle: each repository module (path relative to {@link ROOT})
 * and npm package import with what it imports and how (`import-statement`, `dynamic-import`, ...).
 * @param entry a path relative to the repository root, e.g. `src/main.tsx`
 * @example
 * const inputs = await spaInputs('src/main.tsx');
 * Object.keys(inputs).filter((f) => !f.includes('node_modules')); // the SPA's own files
 */
export async function spaInputs(entry: string): Promise<Metafile['inputs']> {
  const result = await build({
    absWorkingDir: ROOT,
    entryPoints: [entry],
    bundle: true,
    write: false,
    metafile: true,
    platform: 'browser',
    format: 'esm',
    packages: 'external',
    external: ['virtual:*'],
    logLevel: 'silent',
    plugins: [exactCase],
    loader: { '.css': 'empty', '.svg': 'empty', '.png': 'empty', '.woff2': 'empty', '.woff': 'empty' },
  });
  return result.metafile.inputs;
}
