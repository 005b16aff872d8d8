import type { EntitySchema } from '../../schemas/define';
import { canViewPage, type Permissions } from '../access/canAccess';

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
 * and presets' hidden ones. Areas come in the order the registry first names them (`schemas/index.ts`);
 * empty groups are dropped.
 */
export const buildMenu = (schemas: readonly EntitySchema[], perms: Permissions): MenuGroup[] => {
  const groups = new Map<string, MenuItem[]>();
  for (const s of schemas) {
    if (s.hideFromMenu || !canViewPage(s, perms)) continue;
    const items = groups.get(s.area) ?? [];
    items.push({ route: s.route, label: s.label, icon: s.icon });
    groups.set(s.area, items);
  }
  return [...groups.entries()].map(([area, items]) => ({ area, items }));
};
