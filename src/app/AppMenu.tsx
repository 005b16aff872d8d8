import { createElement, useDeferredValue, useMemo } from 'react';
import { ListSubheader } from '@mui/material';
import { Menu, usePermissions, useSidebarState, useTranslate } from 'react-admin';
import { schemas } from '../../schemas/index';
import type { Permissions } from '../access/canAccess';
import { iconFor } from './icons';
import { buildMenu } from './menuModel';

const NO_GROUPS: ReturnType<typeof buildMenu> = [];

/** The side menu generated from the schemas, grouped by area (SHELL-03, `buildMenu`). */
export const AppMenu = () => {
  const { permissions } = usePermissions<Permissions>();
  const translate = useTranslate();
  const [open] = useSidebarState();
  const built = useMemo(() => (permissions ? buildMenu(schemas, permissions) : []), [permissions]);
  // The entries render in a second, interruptible pass (React's deferred value): the page's own
  // content, e.g. a list's first rows, is not held back by some twenty menu entries (issue 4).
  const groups = useDeferredValue(built, NO_GROUPS);
  return (
    <Menu>
      {groups.map((g) => [
        open ? (
          <ListSubheader key={`area-${g.area}`} disableSticky sx={{ lineHeight: '32px', mt: 1, bgcolor: 'transparent' }}>
            {translate(`bureau.area.${g.area}`, { _: g.area })}
          </ListSubheader>
        ) : null,
        ...g.items.map((item) => (
          <Menu.Item key={item.route} to={`/${item.route}`} primaryText={item.label} leftIcon={createElement(iconFor(item.icon))} />
        )),
      ])}
    </Menu>
  );
};
