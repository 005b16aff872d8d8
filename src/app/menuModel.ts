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

/** Areas shown first, in this order; other areas follow in registry order. */
const AREA_ORDER = ['crm', 'organisation', 'finance', 'publisher', 'administration'];

/**
 * The side menu generated from the schemas (SHELL-03): grouped by `schema.area`, one entry per
 * schema the user may view (`access.page`, NAV-51/52), skipping `hideFromMenu` (child collections)
 * and presets' hidden ones. Empty groups are dropped.
 */
export const buildMenu = (schemas: readonly EntitySchema[], perms: Permissions): MenuGroup[] => {
  const groups = new Map<string, MenuItem[]>();
  for (const s of schemas) {
    if (s.hideFromMenu || !canViewPage(s, perms)) continue;
    const items = groups.get(s.area) ?? [];
    items.push({ route: s.route, label: s.label, icon: s.icon });
    groups.set(s.area, items);
  }
  const rank = (area: string) => {
    const i = AREA_ORDER.indexOf(area);
    return i === -1 ? AREA_ORDER.length : i;
  };
  return [...groups.entries()].map(([area, items]) => ({ area, items })).sort((a, b) => rank(a.area) - rank(b.area));
};
