import { useDeferredValue } from 'react';
import { AppBar as RaAppBar, Logout, TitlePortal, UserMenu } from 'react-admin';
import { Typography } from '@mui/material';
import { GlobalSearch } from '../search/GlobalSearch';

const userMenu = (
  <UserMenu>
    <Logout />
  </UserMenu>
);

/**
 * The top bar: the page title, the global search (its button and shortcuts) and the user menu, whose button shows the signed-in user's name
 * (`employeeName` or username, from `getIdentity`) and holds the sign-out entry (AUTH-28).
 * The user menu and react-admin's toolbar (the loading indicator) come in a second, deferred pass,
 * after the page's own content (the first row shows sooner); the bar's height does not change.
 */
export const AppBar = () => {
  const ready = useDeferredValue(true, false);
  return (
    <RaAppBar userMenu={ready ? userMenu : false} {...(ready ? {} : { toolbar: null })}>
      <Typography variant="subtitle1" sx={{ fontWeight: 600, mr: 2 }}>
        Bureau
      </Typography>
      <TitlePortal />
      <GlobalSearch />
    </RaAppBar>
  );
};
