import { describe, expect, it } from 'vitest';
import { createRoutesFromElements, matchRoutes, Route } from 'react-router-dom';
import { findSchema, schemas } from '../../schemas/index';
import type { EntitySchema } from '../../schemas/define';
import { resourceRoutes } from './resource';
import { entries, isSchemaLoaded, loadSchema, manifestEntry } from './schemaLoader';

/** The closure of an entry's `deps`, as `loadSchema` loads it. */
const closureOf = (name: string): Set<string> => {
  const reach = new Set<string>();
  const todo = [...manifestEntry(name)!.deps];
  while (todo.length) {
    const n = todo.pop()!;
    if (reach.has(n)) continue;
    reach.add(n);
    todo.push(...(manifestEntry(n)?.deps ?? []));
  }
  return reach;
};

/** The entities a schema's generated views read synchronously (`findSchema`) besides itself. */
const readByViews = (s: EntitySchema): string[] => {
  const names = new Set<string>();
  for (const fd of Object.values(s.fields) as Array<{ target?: string }>) if (fd.target) names.add(fd.target);
  for (const tab of s.show?.tabs ?? []) if (tab.related) names.add(tab.related.collection);
  if (s.preset) names.add(s.preset.collection);
  names.delete(s.name);
  // only registered entities: a target the registry does not serve (a drive's items) has no schema
  return [...names].filter((n) => schemas.some((x) => x.name === n));
};

describe('the schema manifest and loader (the SPA first load holds no schema)', () => {
  it('lists every registered entity once, in the registry (menu) order, with the facts the shell reads', () => {
    expect(entries.map((e) => e.name)).toEqual(schemas.map((s) => s.name));
    for (const s of schemas) {
      const e = manifestEntry(s.route)!;
      expect(manifestEntry(s.name)).toBe(e);
      expect({
        route: e.route,
        label: e.label,
        entityName: e.entityName,
        area: e.area,
        icon: e.icon,
        access: e.access,
        module: e.module,
        hideFromMenu: e.hideFromMenu,
        routeAliases: e.routeAliases,
        verificationOwnerType: e.verificationOwnerType,
      }).toEqual({
        route: s.route,
        label: s.label,
        entityName: s.entityName,
        area: s.area,
        icon: s.icon,
        access: s.access,
        module: s.module,
        hideFromMenu: s.hideFromMenu || undefined,
        routeAliases: s.routeAliases?.length ? s.routeAliases : undefined,
        verificationOwnerType: s.verification?.ownerType,
      });
      expect(e.rowModules ?? []).toEqual(s.rowModules ?? []);
    }
  });

  it('loads with every entity the schemas its views read: reference targets, related tabs, preset, and those of the related tabs', () => {
    const missing: string[] = [];
    for (const s of schemas) {
      const deps = closureOf(s.name);
      const wanted = readByViews(s);
      for (const tab of s.show?.tabs ?? []) {
        const child = schemas.find((x) => x.name === tab.related?.collection);
        if (child) wanted.push(...readByViews(child));
      }
      for (const n of wanted) if (n !== s.name && !deps.has(n)) missing.push(`${s.name} -> ${n}`);
    }
    expect(missing).toEqual([]);
  });

  it('every entity module resolves to its schema, and loadSchema marks it and its deps loaded', async () => {
    for (const e of entries) expect(await e.load()).toBe(schemas.find((s) => s.name === e.name));
    const times = await loadSchema('times');
    expect(times?.route).toBe('times');
    expect(isSchemaLoaded('times')).toBe(true);
    for (const d of closureOf('times')) expect(findSchema(d)?.name).toBe(d);
    expect(await loadSchema('no-such-route')).toBeUndefined();
  });

  it('NAV-14..19 a deep link to every entity list, create form, card and edit form meets its route once the schema is loaded', async () => {
    const wrong: string[] = [];
    for (const e of entries) {
      const schema = (await loadSchema(e.route))!;
      const { list, create, routes } = resourceRoutes(schema, () => true);
      const table = createRoutesFromElements(
        <Route path={`/${e.route}/*`}>
          <Route path="create/*" element={create} />
          {routes}
          <Route path="*" element={list} />
        </Route>,
      );
      const expected: Array<[string, string]> = [
        [`/${e.route}`, '*'],
        [`/${e.route}/create`, 'create/*'],
        [`/${e.route}/12`, ':id/*'],
        [`/${e.route}/12/edit`, ':id/edit'],
      ];
      for (const [path, want] of expected) {
        const got = matchRoutes(table, path)?.at(-1)?.route.path;
        if (got !== want) wrong.push(`${path}: ${String(got)} (want ${want})`);
      }
    }
    expect(wrong).toEqual([]);
  });
});
