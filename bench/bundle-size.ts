/**
 * `npm run bench:bundle [-- --no-build]`: builds the SPA (`vite build`) unless `--no-build` and
 * `dist/` exists, then prints the gzip size of the initial JavaScript (the entry chunk plus every
 * chunk it imports statically, transitively) and of all JavaScript. The graph comes from
 * `dist/.vite/manifest.json` when the build writes one, otherwise from `dist/index.html`'s
 * `<script type="module">` and `<link rel="modulepreload">` tags. Sizes in bytes (gzip level 9).
 * `--smoke` (`npm run bench:smoke`) is `--no-build`: it measures the build the journeys made.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { gzipSync } from 'node:zlib';

const DIST = 'dist';

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}

interface Sizes {
  raw: number;
  gzip: number;
}

function sizeOf(file: string): Sizes {
  const bytes = readFileSync(join(DIST, file));
  return { raw: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length };
}

function sum(files: Iterable<string>): Sizes {
  let raw = 0;
  let gzip = 0;
  for (const file of files) {
    const s = sizeOf(file);
    raw += s.raw;
    gzip += s.gzip;
  }
  return { raw, gzip };
}

/** Initial JS files from Vite's manifest: entries and their static imports, transitively. */
function initialFromManifest(manifest: Record<string, ManifestChunk>): { js: string[]; css: string[] } {
  const js = new Set<string>();
  const css = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || js.has(chunk.file)) return;
    js.add(chunk.file);
    chunk.css?.forEach((c) => css.add(c));
    chunk.imports?.forEach(visit);
  };
  Object.entries(manifest)
    .filter(([, chunk]) => chunk.isEntry)
    .forEach(([key]) => visit(key));
  return { js: [...js], css: [...css] };
}

/** Initial JS and CSS files named by index.html (Vite lists static imports as modulepreload). */
function initialFromHtml(html: string): { js: string[]; css: string[] } {
  const attr = (tag: string, name: string) => new RegExp(`${name}="([^"]+)"`).exec(tag)?.[1];
  const local = (url: string) => url.replace(/^\//, '');
  const tags = html.match(/<(script|link)\b[^>]*>/g) ?? [];
  const js = tags
    .filter((t) => (t.startsWith('<script') && /type="module"/.test(t)) || /rel="modulepreload"/.test(t))
    .map((t) => attr(t, 'src') ?? attr(t, 'href'))
    .filter((u): u is string => !!u && !/^https?:/.test(u))
    .map(local);
  const css = tags
    .filter((t) => /rel="stylesheet"/.test(t))
    .map((t) => attr(t, 'href'))
    .filter((u): u is string => !!u && !/^https?:/.test(u))
    .map(local);
  return { js: [...new Set(js)], css: [...new Set(css)] };
}

function allFiles(dir: string, ext: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return allFiles(path, ext);
    return path.endsWith(ext) ? [relative(DIST, path)] : [];
  });
}

const kb = (n: number) => `${(n / 1024).toFixed(1)} KiB`;

function main(): void {
  const noBuild = process.argv.includes('--no-build') || process.argv.includes('--smoke');
  if (!noBuild || !existsSync(join(DIST, 'index.html'))) {
    execFileSync(process.execPath, ['node_modules/vite/bin/vite.js', 'build', '--logLevel', 'warn'], {
      stdio: 'inherit',
    });
  }
  const manifestPath = join(DIST, '.vite', 'manifest.json');
  const source = existsSync(manifestPath) ? 'dist/.vite/manifest.json' : 'dist/index.html';
  const initial = existsSync(manifestPath)
    ? initialFromManifest(JSON.parse(readFileSync(manifestPath, 'utf8')) as Record<string, ManifestChunk>)
    : initialFromHtml(readFileSync(join(DIST, 'index.html'), 'utf8'));
  if (initial.js.length === 0) throw new Error(`no entry chunk found in ${source}`);

  const allJs = allFiles(DIST, '.js');
  const rows: [string, Sizes, number][] = [
    ['initial JS', sum(initial.js), initial.js.length],
    ['initial CSS', sum(initial.css), initial.css.length],
    ['all JS', sum(allJs), allJs.length],
  ];
  console.log(`Bundle size (graph from ${source})`);
  console.log('| what | files | raw | gzip | gzip bytes |');
  console.log('|---|---:|---:|---:|---:|');
  for (const [what, s, files] of rows) console.log(`| ${what} | ${files} | ${kb(s.raw)} | ${kb(s.gzip)} | ${s.gzip} |`);
  console.log('\nInitial JS chunks (gzip):');
  for (const file of initial.js.sort()) console.log(`  ${file}  ${kb(sizeOf(file).gzip)}`);
}

main();
