import { createElement, useMemo } from 'react';
import { ListSubheader } from '@mui/material';
import { Menu, usePermissions, useSidebarState, useTranslate } from 'react-admin';
import { schemas } from '../../schemas/index';
import type { Permissions } from '../access/canAccess';
import { iconFor } from './icons';
import { buildMenu } from './menuModel';

/** The side menu generated from the schemas, grouped by area (SHELL-03, `buildMenu`). */
export const AppMenu = () => {
  const { permissions } = usePermissions<Permissions>();
  const translate = useTranslate();
  const [open] = useSidebarState();
  const groups = useMemo(() => (permissions ? buildMenu(schemas, permissions) : []), [permissions]);
  return (
    <Menu>
      {groups.map((g) => [
        open ? (
          <ListSubheader
            key={`area-${g.area}`}
            disableSticky
            sx={{ lineHeight: '32px', mt: 1, bgcolor: 'transparent' }}
          >
            {translate(`bureau.area.${g.area}`, { _: g.area })}
          </ListSubheader>
        ) : null,
        ...g.items.map((item) => (
          <Menu.Item
            key={item.route}
            to={`/${item.route}`}
            primaryText={item.label}
            leftIcon={createElement(iconFor(item.icon))}
          />
        )),
      ])}
    </Menu>
  );
};
