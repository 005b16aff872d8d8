import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * `npm start` builds the SPA only when its sources changed since the last build: the build writes
 * a stamp (`dist/.build-stamp`, a SHA-256 of every source the build reads) and a start whose
 * sources hash to the same value serves the existing `dist/` as it is.
 */

/** What the SPA build reads, relative to the repository root: folders are hashed recursively. */
export const BUILD_INPUTS = [
  'src',
  'schemas',
  'dataProvider',
  'public',
  'index.html',
  'vite.config.ts',
  'package-lock.json',
] as const;

/** The stamp file, inside the build's output folder. */
export const STAMP_FILE = '.build-stamp';

/** Test files (`*.test.ts`, `*.test.tsx`) sit beside the sources but never reach the build. */
const isTest = (name: string) => /\.test\.[cm]?[jt]sx?$/.test(name);

/** Every file under `path` (itself when a file) except tests, sorted; none when it does not exist. */
function filesUnder(path: string): string[] {
  if (!existsSync(path)) return [];
  if (!statSync(path).isDirectory()) return [path];
  return readdirSync(path, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() || !isTest(entry.name))
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
    .flatMap((entry) => filesUnder(join(path, entry.name)));
}

/**
 * The hash of the build's inputs under `root`: each file's path (relative, `/`-separated) and
 * content. Any edit, addition, removal or rename of a source changes it; timestamps do not.
 */
export function sourceHash(root: string, inputs: readonly string[] = BUILD_INPUTS): string {
  const hash = createHash('sha256');
  for (const input of inputs) {
    for (const file of filesUnder(join(root, input))) {
      hash.update(relative(root, file).split('\\').join('/')).update('\0').update(readFileSync(file)).update('\0');
    }
  }
  return hash.digest('hex');
}

/** Whether `outDir` holds a build of exactly the sources whose hash is `hash`. */
export function isBuildCurrent(outDir: string, hash: string): boolean {
  const stamp = join(outDir, STAMP_FILE);
  return existsSync(join(outDir, 'index.html')) && existsSync(stamp) && readFileSync(stamp, 'utf8').trim() === hash;
}

/** Records that `outDir` was built from sources hashing to `hash`. */
export function writeStamp(outDir: string, hash: string): void {
  writeFileSync(join(outDir, STAMP_FILE), `${hash}\n`);
}

/**
 * Builds the SPA into `<root>/dist` with `build` unless the stamp matches the sources.
 * The hash is taken before the build, so a source edited during the build triggers the next one.
 *
 * @returns whether it built
 * @throws Error when the build fails (the stamp is left as it was, so the next start retries)
 */
export function buildIfChanged(
  root: string,
  build: () => void,
  log: (line: string) => void = () => undefined,
): boolean {
  const outDir = join(root, 'dist');
  const hash = sourceHash(root);
  if (isBuildCurrent(outDir, hash)) {
    log('SPA build is up to date (sources unchanged since the last build)');
    return false;
  }
  build();
  writeStamp(outDir, hash);
  return true;
}

/** `vite build` in `root`, output shown; throws on failure. */
const viteBuild = (root: string) => () => {
  const result = spawnSync(process.execPath, [join(root, 'node_modules/vite/bin/vite.js'), 'build'], {
    cwd: root,
    stdio: 'inherit',
  });
  if (result.status !== 0) throw new Error(`vite build failed (exit ${result.status ?? result.signal})`);
};

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const root = resolve(fileURLToPath(new URL('..', import.meta.url)));
  try {
    // `--stamp`: `npm run build` has just built; record its sources so the next start skips the build
    if (process.argv.includes('--stamp')) writeStamp(join(root, 'dist'), sourceHash(root));
    else buildIfChanged(root, viteBuild(root), (line) => console.log(line));
  } catch (e) {
    console.error((e as Error).message);
    process.exit(1);
  }
}
