import type { EntitySchema } from '../../schemas/define';
import { canViewPage, type Permissions } from '../access/canAccess';
import { canViewBespokePage, type BespokePage } from './bespokePages';

export interface MenuItem {
  /** react-admin resource name = the schema's route (`/base-types`). */
  route: string;
  label: string;
  /** `@mui/icons-material` export name from the schema (`Domain`). */
  icon?: string;
}

export interface MenuGroup {
  area: string;
  items: MenuItem[];
}

/**
 * The side menu generated from the schemas (SHELL-03): grouped by `schema.area`, one entry per
 * schema the user may view (`access.page`, NAV-51/52), skipping `hideFromMenu` (child collections)
 * and presets' hidden ones, then the bespoke `pages` the user may open. Groups and items keep the
 * order of `schemas`: the registry's is areas in `AREA_ORDER`, then English label within an area
 * (`schemas/registry.ts`). Empty groups are dropped.
 */
export const buildMenu = (
  schemas: readonly Pick<EntitySchema, 'route' | 'label' | 'icon' | 'area' | 'access' | 'module' | 'hideFromMenu'>[],
  perms: Permissions,
  pages: readonly BespokePage[] = [],
): MenuGroup[] => {
  const groups = new Map<string, MenuItem[]>();
  for (const s of schemas) {
    if (s.hideFromMenu || !canViewPage(s, perms)) continue;
    const items = groups.get(s.area) ?? [];
    items.push({ route: s.route, label: s.label, icon: s.icon });
    groups.set(s.area, items);
  }
  // bespoke pages (`bespokePages.ts`) follow the schemas of their area
  for (const p of pages) {
    if (!canViewBespokePage(p, perms)) continue;
    const items = groups.get(p.area) ?? [];
    items.push({ route: p.route, label: p.label, icon: p.icon });
    groups.set(p.area, items);
  }
  return [...groups.entries()].map(([area, items]) => ({ area, items }));
};

/**
 * The entries of one menu group in the order the side menu shows them: alphabetically by their
 * text in the user's language (`text`, the translated label), so a Russian menu reads
 * alphabetically in Russian. Shared by the menu and by `/`, which leads to the first entry.
 * @example inDisplayOrder(group.items, (i) => translate(listTitleKey(i.route), { _: i.label }), 'ru')
 */
export const inDisplayOrder = <T>(items: readonly T[], text: (item: T) => string, locale: string): T[] =>
  items
    .map((item) => ({ item, text: text(item) }))
    .sort((a, b) => a.text.localeCompare(b.text, locale))
    .map((x) => x.item);
