import { createElement, useMemo } from 'react';
import { Box, ListSubheader, useMediaQuery, type Theme } from '@mui/material';
import { useLocation, useNavigate } from 'react-router-dom';
import { Menu, useEvent, useLocaleState, usePermissions, useSidebarState, useTranslate } from 'react-admin';
import { entries } from '../resources/schemaLoader';
import type { Permissions } from '../access/canAccess';
import { areaKey, listTitleKey } from '../i18n/keys';
import { useIcons } from './icons';
import { MenuEntry } from './MenuEntry';
import { buildMenu, inDisplayOrder } from './menuModel';
import { BESPOKE_PAGES } from './bespokePages';

/**
 * The side menu generated from the schemas, grouped by area (SHELL-03, `buildMenu`), with the
 * texts of the translation catalogue (`resources.<route>.name`, `bureau.area.<area>`). Within an
 * area the entries (schemas and bespoke pages alike) come in the alphabetical order of their text
 * in the user's language, so a Russian menu reads alphabetically in Russian.
 *
 * A navigation re-renders this component (it reads the location) but none of its entries except
 * the one that stops and the one that starts being active: the entries are memoised
 * (`MenuEntry`) and get stable props (icon elements made once, a stable `go`). The icons come in
 * their own chunk after the first page (`useIcons`).
 *
 * The area headings are presentational inside the `menu` (its children may only be menu items):
 * their text stays readable, the arrow keys skip them.
 */
export const AppMenu = () => {
  const { permissions } = usePermissions<Permissions>();
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const [open, setOpen] = useSidebarState();
  const isSmall = useMediaQuery((t: Theme) => t.breakpoints.down('md'));
  const navigate = useNavigate();
  const section = useLocation().pathname.split('/')[1] ?? '';
  const iconFor = useIcons();
  const groups = useMemo(
    () =>
      (permissions ? buildMenu(entries, permissions, BESPOKE_PAGES) : []).map((g) => ({
        area: translate(areaKey(g.area)),
        items: inDisplayOrder(
          g.items.map((item) => ({
            route: item.route,
            // a bespoke page has no catalogue entry of its own: its label is the default
            label: translate(listTitleKey(item.route), { _: item.label }),
            // until the icons' chunk arrives, a blank of an icon's size holds the place
            icon: iconFor ? createElement(iconFor(item.icon)) : <Box sx={{ width: 24, height: 24 }} />,
          })),
          (item) => item.label,
          locale,
        ),
      })),
    [permissions, translate, iconFor, locale],
  );
  // react-admin's menu item behaviour: a tap on a small screen also closes the sidebar
  const go = useEvent((route: string) => {
    if (isSmall) setOpen(false);
    navigate(`/${route}`);
  });
  return (
    <Menu>
      {groups.map((g) => [
        open ? (
          <ListSubheader
            key={`area-${g.area}`}
            role="presentation"
            disableSticky
            sx={{ lineHeight: '32px', mt: 1, bgcolor: 'transparent' }}
          >
            {g.area}
          </ListSubheader>
        ) : null,
        ...g.items.map((item) => (
          <MenuEntry key={item.route} {...item} active={item.route === section} open={open} go={go} />
        )),
      ])}
    </Menu>
  );
};
