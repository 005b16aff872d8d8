import { AppBar as RaAppBar, Logout, TitlePortal, UserMenu } from 'react-admin';
import { Typography } from '@mui/material';

/**
 * The top bar: the page title and the user menu, whose button shows the signed-in user's name
 * (`employeeName` or username, from `getIdentity`) and holds the sign-out entry (AUTH-28).
 */
export const AppBar = () => (
  <RaAppBar
    userMenu={
      <UserMenu>
        <Logout />
      </UserMenu>
    }
  >
    <Typography variant="subtitle1" sx={{ fontWeight: 600, mr: 2 }}>
      Bureau
    </Typography>
    <TitlePortal />
  </RaAppBar>
);
