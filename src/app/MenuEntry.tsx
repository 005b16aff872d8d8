import { memo, type MouseEvent, type ReactElement } from 'react';
import { ListItemIcon, MenuItem, Tooltip, Typography, styled } from '@mui/material';
import { MenuItemLinkClasses } from 'react-admin';

/**
 * react-admin's menu item look (`RaMenuItemLink-*` classes, secondary text, primary when active)
 * without its router subscriptions: react-admin's `MenuItemLink` matches the location itself, so
 * every entry re-rendered on every navigation, a cost that grows with each entity.
 */
const Item = styled(MenuItem)(({ theme }) => ({
  color: theme.palette.text.secondary,
  [`& .${MenuItemLinkClasses.icon}`]: { color: theme.palette.text.secondary, minWidth: theme.spacing(5) },
  [`&.${MenuItemLinkClasses.active}`]: { color: theme.palette.text.primary },
})) as typeof MenuItem;

export interface MenuEntryProps {
  /** The resource route the entry opens (`clients` opens `/clients`). */
  route: string;
  /** The translated entry text. */
  label: string;
  /** The entry's icon element (kept the same between renders by the menu). */
  icon: ReactElement;
  /** Whether the current page is under `route`. */
  active: boolean;
  /** Whether the sidebar is open (closed: the label shows as a tooltip). */
  open: boolean;
  /** Opens `route` in the app (a stable function: the entry re-renders only when its own state changes). */
  go: (route: string) => void;
}

/** A plain left click opens the page in the app; modified clicks keep the link's browser behaviour. */
const isPlainClick = (e: MouseEvent) => e.button === 0 && !e.metaKey && !e.ctrlKey && !e.shiftKey && !e.altKey;

/**
 * One side-menu entry: a link (`role="menuitem"`) to `/<route>`, re-rendered only when one of its
 * props changes, i.e. when it becomes or stops being the active entry, not on every navigation.
 *
 * @example
 * <MenuEntry route="clients" label="Clients" icon={<Domain />} active open go={(r) => navigate(`/${r}`)} />
 */
export const MenuEntry = memo(function MenuEntry({ route, label, icon, active, open, go }: MenuEntryProps) {
  const item = (
    <Item
      component="a"
      href={`/${route}`}
      className={active ? `${MenuItemLinkClasses.root} ${MenuItemLinkClasses.active}` : MenuItemLinkClasses.root}
      aria-current={active ? 'page' : undefined}
      tabIndex={0}
      onClick={(e: MouseEvent) => {
        if (!isPlainClick(e)) return;
        e.preventDefault();
        go(route);
      }}
    >
      <ListItemIcon className={MenuItemLinkClasses.icon}>{icon}</ListItemIcon>
      <Typography variant="inherit" noWrap sx={{ flexGrow: 1 }}>
        {label}
      </Typography>
    </Item>
  );
  return open ? (
    item
  ) : (
    <Tooltip title={label} placement="right">
      {item}
    </Tooltip>
  );
});
