import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import type { Plugin } from 'vite';
import type { EntitySchema } from '../schemas/define';

/** Where one entity is declared: its export name and absolute file (from an `entities.ts`). */
export interface EntityModule {
  exportName: string;
  file: string;
}

/**
 * The entity modules an `entities.ts` lists, one `export { name } from './area/file';` line each,
 * with the files made absolute against the list's folder.
 * @throws Error when the file has no such line (a list the parser does not understand)
 * @example entityModules('/repo/schemas/entities.ts')[0] // { exportName: 'clients', file: '/repo/schemas/crm/clients.ts' }
 */
export const entityModules = (entitiesFile: string): EntityModule[] => {
  const text = readFileSync(entitiesFile, 'utf8');
  const out = [...text.matchAll(/^export \{ (\w+) \} from '([^']+)';$/gm)].map(([, exportName, path]) => ({
    exportName: exportName!,
    file: resolve(dirname(entitiesFile), path!.endsWith('.ts') ? path! : `${path}.ts`),
  }));
  if (out.length === 0) throw new Error(`${entitiesFile}: no "export { name } from './file';" line`);
  return out;
};

/** Every string anywhere in a schema (functions skipped), to find the entity names it mentions. */
const stringsOf = (value: unknown, out: Set<string>, seen: Set<object>): void => {
  if (typeof value === 'string') out.add(value);
  else if (Array.isArray(value)) for (const v of value) stringsOf(v, out, seen);
  else if (value && typeof value === 'object' && !seen.has(value)) {
    seen.add(value);
    for (const v of Object.values(value)) stringsOf(v, out, seen);
  }
};

/**
 * The other entities each schema names anywhere (reference targets, related tabs' collections, a
 * preset's collection, a transfer's target): the entities its views may read synchronously
 * (`findSchema`). The SPA loads their closure (`src/resources/schemaLoader.ts`), since a related
 * tab's child form reads its own targets and a column path reads the targets' targets.
 * Over-inclusive on purpose: an extra schema costs bytes, a missing one a broken page.
 */
export const schemaMentions = (schemas: readonly EntitySchema[]): Map<string, string[]> => {
  const names = new Set(schemas.map((s) => s.name));
  return new Map(
    schemas.map((s) => {
      const found = new Set<string>();
      stringsOf(s, found, new Set());
      return [s.name, [...found].filter((n) => n !== s.name && names.has(n)).sort()];
    }),
  );
};

/** The facts of an entity the shell reads before its schema loads (menu, guard, access, titles). */
export const manifestFacts = (s: EntitySchema) => ({
  name: s.name,
  route: s.route,
  label: s.label,
  entityName: s.entityName,
  area: s.area,
  ...(s.icon ? { icon: s.icon } : {}),
  access: s.access,
  ...(s.module ? { module: s.module } : {}),
  ...(s.rowModules?.length ? { rowModules: s.rowModules } : {}),
  ...(s.hideFromMenu ? { hideFromMenu: true } : {}),
  ...(s.routeAliases?.length ? { routeAliases: s.routeAliases } : {}),
  ...(s.verification ? { verificationOwnerType: s.verification.ownerType } : {}),
});

/**
 * The source of `virtual:schema-manifest`: `manifest`, one entry per entity in the registry's
 * order (the menu's), each with its facts ({@link manifestFacts}), `deps` (the entities it names,
 * {@link schemaMentions}; the SPA loads their closure) and `load`, a dynamic import of its declaring file resolving to the schema.
 */
export const manifestSource = (
  schemas: readonly EntitySchema[],
  modules: ReadonlyMap<string, EntityModule>,
): string => {
  const mentions = schemaMentions(schemas);
  const lines = schemas.map((s) => {
    const m = modules.get(s.name);
    if (!m) throw new Error(`schema "${s.name}": no line in the entities list declares it`);
    const facts = JSON.stringify({ ...manifestFacts(s), deps: mentions.get(s.name) });
    return `  { ...${facts}, load: () => import(${JSON.stringify(m.file)}).then((m) => m[${JSON.stringify(m.exportName)}]) },`;
  });
  return ['export const manifest = [', ...lines, '];'].join('\n');
};

const ID = 'virtual:schema-manifest';

/**
 * A Vite plugin serving `virtual:schema-manifest` (see {@link manifestSource}): what the SPA's
 * shell knows of every entity without loading its schema, and how to load it (NAV, SHELL-03; the
 * first load holds the manifest, an entity's schema comes with its first route).
 *
 * @param registry the entities by export name (the namespace of `schemas/index.ts` or a bench's copy)
 * @param entitiesFile the `entities.ts` whose lines say which file declares each export
 * @example plugins: [schemaManifest(() => import('./schemas/index'), 'schemas/entities.ts')]
 */
export const schemaManifest = (
  registry: () => Promise<{ schemas: readonly EntitySchema[] } & Record<string, unknown>>,
  entitiesFile: string | (() => string),
): Plugin => {
  let source: string | undefined;
  const build = async () => {
    if (source) return source;
    const ns = await registry();
    const file = typeof entitiesFile === 'function' ? entitiesFile() : entitiesFile;
    const byName = new Map<string, EntityModule>();
    for (const m of entityModules(file)) {
      const s = ns[m.exportName] as EntitySchema | undefined;
      if (s?.name) byName.set(s.name, m);
    }
    return (source = manifestSource(ns.schemas, byName));
  };
  return {
    name: 'bureau-schema-manifest',
    resolveId(id) {
      return id === ID ? `\0${ID}` : null;
    },
    async load(id) {
      return id === `\0${ID}` ? build() : null;
    },
  };
};
