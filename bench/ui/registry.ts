/**
 * A larger registry for `npm run bench:ui -- --entities N`: copies of the product's schema files
 * (cycling through them) under new names, routes, tables and icons, written as source files to
 * `bench/.work/registry/` so that the build holds them as it would hand-written schemas, plus an
 * `index.ts` exporting the product's registry followed by the copies. `buildWithRegistry` builds
 * the SPA with that registry in place of `schemas/index.ts` (its icons in the icon chunk, its
 * entities in the schema manifest, `scripts/schemaManifest.ts`, from the generated `entities.ts`).
 */
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import type { Plugin, UserConfig } from 'vite';
import { schemaIcons } from '../../scripts/schemaIcons';
import { schemaManifest } from '../../scripts/schemaManifest';

const ROOT = resolve(import.meta.dirname, '../..');
const OUT = join(ROOT, 'bench/.work/registry');
const REAL_INDEX = join(ROOT, 'schemas/index.ts');

/** Distinct `@mui/icons-material` names for the copies (the product's own are not reused). */
const ICONS = (
  'Alarm Archive Assessment Assignment Attachment Audiotrack Autorenew Backup Book Bookmark Build Cake ' +
  'Camera Chat CheckCircle Cloud Code Dashboard Description Devices Directions Drafts Email Event Explore ' +
  'Extension Face Favorite Feedback Flag Flight Gavel Grade Group Handyman History Home Inbox Info ' +
  'Inventory Key Label Language Layers Lightbulb Link LocalShipping Lock Loyalty Map Memory Mic Money ' +
  'Mood Museum Note Palette Pets Receipt Schedule School Science Security Settings Store Work'
).split(' ');

const schemaFiles = (): string[] =>
  readdirSync(join(ROOT, 'schemas'), { withFileTypes: true })
    .filter((d) => d.isDirectory() && d.name !== 'fieldTypes')
    .flatMap((d) =>
      readdirSync(join(ROOT, 'schemas', d.name))
        .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))
        .map((f) => join(ROOT, 'schemas', d.name, f)),
    )
    .sort();

/** One copy of a schema file under the suffix `n`: new export, name, route, table, labels, icon. */
const copyOf = (file: string, n: number): { source: string; exportName: string } | null => {
  let source = readFileSync(file, 'utf8');
  const match = /export const (\w+) = defineEntity\(\{\s*name: '(\w+)'/.exec(source);
  if (!match) return null;
  const [, exportName, name] = match as unknown as [string, string, string];
  const copy = `${exportName}Bench${n}`;
  source = source
    // absolute, with the extension where a file is meant: `schemas/define` is a file and a folder
    .replace(/from '(\.\.?\/[^']+)'/g, (_, p: string) => {
      const target = resolve(dirname(file), p);
      return `from '${existsSync(`${target}.ts`) ? `${target}.ts` : target}'`;
    })
    .replace(`export const ${exportName} = defineEntity({`, `export const ${copy} = defineEntity({`)
    .replace(`name: '${name}'`, `name: '${name}Bench${n}'`)
    .replace(/(\n {2}(?:entityName|label): '[^']*)'/g, `$1 ${n}'`)
    .replace(/\n {2}route: '([^']*)'/, `\n  route: '$1-bench-${n}'`)
    .replace(/\n {2}table: '([^']*)'/, `\n  table: '$1_bench_${n}'`)
    .replace(/\n {2}icon: '[^']*'/, `\n  icon: '${ICONS[n % ICONS.length]}'`);
  if (!/\n {2}icon: /.test(source))
    source = source.replace(`name: '${name}Bench${n}'`, `$&, icon: '${ICONS[n % ICONS.length]}'`);
  return { source, exportName: copy };
};

/**
 * Writes `extra` schema copies and their registry index.
 * @returns the path of the generated `index.ts`.
 */
export const writeRegistry = (extra: number): string => {
  rmSync(OUT, { recursive: true, force: true });
  mkdirSync(OUT, { recursive: true });
  const files = schemaFiles();
  const exports: string[] = [];
  for (let n = 0, i = 0; exports.length < extra; i += 1, n += 1) {
    const copy = copyOf(files[i % files.length]!, n);
    if (!copy) continue;
    writeFileSync(join(OUT, `copy${n}.ts`), copy.source);
    exports.push(`import { ${copy.exportName} } from './copy${n}';`);
  }
  const names = exports.map((line) => /import \{ (\w+) \}/.exec(line)![1]);
  writeFileSync(
    join(OUT, 'index.ts'),
    [
      "import type { EntitySchema } from '" + join(ROOT, 'schemas/define') + "';",
      "import { schemas as product } from '" + REAL_INDEX.replace(/\.ts$/, '') + "';",
      ...exports,
      "export * from '" + REAL_INDEX.replace(/\.ts$/, '') + "';",
      `export const schemas: readonly EntitySchema[] = [...product, ${names.join(', ')}] as EntitySchema[];`,
      `export { ${names.join(', ')} };`,
    ].join('\n'),
  );
  // the manifest's list of declaring files: the product's lines (absolute) and the copies'
  const productLines = readFileSync(join(ROOT, 'schemas/entities.ts'), 'utf8')
    .split('\n')
    .filter((line) => /^export \{ \w+ \} from '\.\//.test(line))
    .map((line) => line.replace(/from '\.\/([^']+)'/, (_, path: string) => `from '${join(ROOT, 'schemas', path)}'`));
  writeFileSync(
    join(OUT, 'entities.ts'),
    [
      ...productLines,
      ...names.map((name, n) => `export { ${name} } from './${exports[n]!.match(/'\.\/(copy\d+)'/)![1]}';`),
    ].join('\n') + '\n',
  );
  return join(OUT, 'index.ts');
};

/** Resolves every import of `schemas/index.ts` (but the generated index's own) to the generated one. */
const registryRedirect = (index: string): Plugin => ({
  name: 'bench-registry',
  enforce: 'pre',
  async resolveId(source, importer, options) {
    if (!importer || importer === index || !/schemas\/index(\.ts)?$/.test(source)) return null;
    const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
    return resolved?.id === REAL_INDEX ? index : null;
  },
});

/** Builds the SPA with the registry at `index` into `outDir` (the product's Vite config otherwise). */
export const buildWithRegistry = async (index: string, outDir: string): Promise<void> => {
  const { build } = await import('vite');
  const base = (await import('../../vite.config')).default as UserConfig;
  const { schemas } = (await import(index)) as { schemas: Array<{ name: string; icon?: string }> };
  const ours = ['bureau-schema-icons', 'bureau-schema-manifest'];
  const plugins = (base.plugins ?? []).flat().filter((p) => !(p && 'name' in p && ours.includes(p.name)));
  const nodeEnv = process.env.NODE_ENV; // Vite's build sets 'production', which the server would inherit (SEED)
  await build({
    ...base,
    configFile: false,
    root: ROOT,
    logLevel: 'error',
    plugins: [
      registryRedirect(index),
      ...plugins,
      schemaIcons(async () => schemas),
      schemaManifest(() => import(index), join(dirname(index), 'entities.ts')),
    ],
    build: { ...base.build, outDir: join(ROOT, outDir), emptyOutDir: true },
  });
  if (nodeEnv === undefined) delete process.env.NODE_ENV;
  else process.env.NODE_ENV = nodeEnv;
  console.log(`built with ${schemas.length} entities into ${outDir}`);
};
