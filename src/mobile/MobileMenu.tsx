import { useEffect, useMemo, useState } from 'react';
import { AppBar, Box, Divider, Drawer, IconButton, Toolbar, Typography } from '@mui/material';
import MenuIcon from '@mui/icons-material/Menu';
import { Logout, memoryStore, StoreContextProvider, useGetIdentity } from 'react-admin';
import { AppMenu } from '../app/AppMenu';
import { uiStore, useUiState } from '../shell/uiStore';
import { useMobileText } from './text';

/** Width of the burger drawer: most of a phone, never wider than 320 px. */
const DRAWER_WIDTH = 'min(85vw, 320px)';

const setOpen = (burgerOpen: boolean) => uiStore.set({ burgerOpen });

/**
 * The mobile page's top bar and burger menu (SHELL-03). The drawer shows the shell's burger flag,
 * so the native app opens and closes it through the bridge (SHELL-13/14) and hears every change
 * (SHELL-15/16); it starts closed. The generated menu inside sees its own always-open sidebar
 * store, leaving the desktop sidebar's remembered state alone. Inside the native app (SHELL-19)
 * the app's own header carries the burger button, so the web bar hides its copy.
 */
export const MobileMenu = () => {
  const t = useMobileText();
  // Armed after the reset below, so a menu left open elsewhere never flashes open on arrival.
  const [armed, setArmed] = useState(false);
  const open = useUiState('burgerOpen') && armed;
  const menuStore = useMemo(() => memoryStore({ 'sidebar.open': true }), []);
  useEffect(() => {
    setOpen(false);
    setArmed(true);
    return () => setOpen(false);
  }, []);
  const inNativeApp = useUiState('mobileApplication');
  const { identity } = useGetIdentity();
  return (
    <>
      <AppBar position="sticky" color="primary" elevation={1}>
        <Toolbar sx={{ minHeight: 56, px: 1 }}>
          {inNativeApp ? null : (
            <IconButton
              color="inherit"
              edge="start"
              aria-label={t('open_menu')}
              onClick={() => setOpen(true)}
              sx={{ width: 48, height: 48, ml: 0 }}
            >
              <MenuIcon />
            </IconButton>
          )}
          <Typography variant="h6" component="h1" sx={{ fontWeight: 700, ml: 1, flexGrow: 1 }} noWrap>
            {t('title')}
          </Typography>
          {identity?.fullName ? (
            <Typography variant="body2" noWrap sx={{ opacity: 0.9, maxWidth: '45%' }}>
              {identity.fullName}
            </Typography>
          ) : null}
        </Toolbar>
      </AppBar>
      <Drawer open={open} onClose={() => setOpen(false)} slotProps={{ paper: { sx: { width: DRAWER_WIDTH } } }}>
        <Box
          role="navigation"
          aria-label={t('main_menu')}
          onClick={(e) => (e.target as HTMLElement).closest('a') && setOpen(false)}
          sx={{
            display: 'flex',
            flexDirection: 'column',
            minHeight: '100%',
            '& .RaMenuItemLink-root, & .MuiMenuItem-root': { minHeight: 48 },
          }}
        >
          <Toolbar sx={{ minHeight: 56 }}>
            <Typography variant="h6" sx={{ fontWeight: 700 }}>
              {t('title')}
            </Typography>
          </Toolbar>
          <Divider />
          <Box sx={{ flexGrow: 1, '& .RaMenu-root': { mt: 0 } }}>
            <StoreContextProvider value={menuStore}>
              <AppMenu />
            </StoreContextProvider>
          </Box>
          <Divider />
          <Logout sx={{ minHeight: 48 }} />
        </Box>
      </Drawer>
    </>
  );
};
