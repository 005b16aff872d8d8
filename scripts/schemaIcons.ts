import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { Plugin } from 'vite';

const require = createRequire(import.meta.url);

/** What the plugin reads of a schema: its name and menu icon. */
export interface IconUser {
  name: string;
  icon?: string;
}

const iconsDir = () => dirname(require.resolve('@mui/icons-material/Folder'));

/**
 * The `@mui/icons-material` names the schemas use (sorted, once each), `Folder` (the icon of a
 * schema without one) included.
 * @throws Error naming the schema and the icon when `@mui/icons-material` has no such icon.
 */
export const schemaIconNames = (schemas: readonly IconUser[]): string[] => {
  const dir = iconsDir();
  const names = new Set(['Folder']);
  for (const s of schemas) {
    if (!s.icon) continue;
    if (!/^[A-Z][A-Za-z0-9]*$/.test(s.icon) || !existsSync(join(dir, `${s.icon}.js`)))
      throw new Error(`schema "${s.name}": unknown icon "${s.icon}" (@mui/icons-material has no ${s.icon})`);
    names.add(s.icon);
  }
  return [...names].sort();
};

const ENTRY = 'virtual:schema-icons';
const SET = 'virtual:schema-icons/set';

/**
 * A Vite plugin serving the SPA's menu icons from the schemas' `icon` names:
 * `virtual:schema-icons` exports `loadIcons()`, which imports `virtual:schema-icons/set` (one
 * lazy chunk importing `@mui/icons-material/<Name>` for each name the registry uses, nothing
 * else of the icon set) and resolves to `{ [name]: component }`. A schema naming an icon the
 * package lacks fails the build with a message naming the schema.
 *
 * @example
 * // vite.config.ts
 * plugins: [schemaIcons(() => import('./schemas/index').then((m) => m.schemas))]
 */
export const schemaIcons = (registry: () => Promise<readonly IconUser[]>): Plugin => {
  let names: string[] | undefined;
  const iconNames = async () => (names ??= schemaIconNames(await registry()));
  return {
    name: 'bureau-schema-icons',
    async buildStart() {
      await iconNames(); // an unknown icon stops the build here
    },
    resolveId(id) {
      if (id === ENTRY || id === SET) return `\0${id}`;
      return null;
    },
    async load(id) {
      if (id === `\0${ENTRY}`)
        return `export const loadIcons = () => import(${JSON.stringify(SET)}).then((m) => m.default);`;
      if (id !== `\0${SET}`) return null;
      const list = await iconNames();
      return [
        ...list.map((n) => `import ${n} from '@mui/icons-material/${n}';`),
        `export default { ${list.join(', ')} };`,
      ].join('\n');
    },
  };
};
