import { memo, useDeferredValue, useLayoutEffect, type ComponentProps, type ReactNode } from 'react';
import { Box, Card, CardContent, Typography, useMediaQuery, type Theme } from '@mui/material';
import { CLOSED_DRAWER_WIDTH, DRAWER_WIDTH, Layout, Sidebar, useSidebarState, useTranslate } from 'react-admin';
import { BurgerSync } from '../shell/BurgerSync';
import { ConfirmProvider } from '../shell/useConfirm';
import { ToastBridge } from '../shell/ToastBridge';
import { AppBar } from './AppBar';
import { AppMenu } from './AppMenu';
import { ResourceRouteGuard } from './ResourceRouteGuard';
import { RouteProgress } from './RouteProgress';

/** Windows narrower than this show the side menu collapsed to its icons, the page getting the room. */
export const NARROW_WINDOW = '(max-width:1023.95px)';

/** Pieces every layout carries: toasts, the confirm dialog and the route progress bar. */
const ShellChrome = ({ children }: { children: ReactNode }) => (
  <ConfirmProvider>
    <RouteProgress />
    <ToastBridge />
    {children}
  </ConfirmProvider>
);

/**
 * react-admin's sidebar, rendered in a second, interruptible pass (React's deferred value): its
 * drawer and the generated menu (a score of entries with tooltips, and a scroll check that forces
 * a layout) come right after the page's own content instead of before it (the first row shows
 * sooner). Until then an empty column of the sidebar's width holds its place, so nothing moves.
 * On a phone the sidebar is a modal drawer (a `dialog`), named "Main menu" for screen readers. A
 * page opened on a phone starts with that drawer closed: react-admin keeps one `sidebar.open` for
 * every width, and a wider window's expanded sidebar must not come back as a drawer covering the
 * page (nor cost its rendering) at the next load. The store is set before the drawer's first pass.
 * Between a phone and 1,024 px the menu collapses to its icons (`NARROW_WINDOW`), so tables keep
 * their width; a wider window keeps the user's choice.
 */
const DeferredSidebar = (props: ComponentProps<typeof Sidebar>) => {
  const ready = useDeferredValue(true, false);
  const translate = useTranslate();
  const [open, setOpen] = useSidebarState();
  const isXSmall = useMediaQuery((t: Theme) => t.breakpoints.down('sm'));
  const isNarrow = useMediaQuery(NARROW_WINDOW);
  useLayoutEffect(() => {
    if (isXSmall && open) setOpen(false);
    // once, when the layout mounts: afterwards the drawer opens and closes as the user asks
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  // below 1,024 px the expanded menu (240 px) would squeeze the page: it collapses to its icons
  // when the window becomes that narrow (at load or on resizing); the user may still expand it
  useLayoutEffect(() => {
    if (isNarrow && !isXSmall) setOpen(false);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [isNarrow]);
  if (ready)
    return isXSmall ? (
      <Sidebar {...props} slotProps={{ paper: { 'aria-label': translate('bureau.shell.menu') } }} />
    ) : (
      <Sidebar {...props} />
    );
  if (isXSmall) return null;
  return (
    <Box
      aria-hidden
      sx={(t) => {
        const widths = (t as Theme & { sidebar?: { width?: number; closedWidth?: number } }).sidebar;
        return {
          flexShrink: 0,
          width: open ? (widths?.width ?? DRAWER_WIDTH) : (widths?.closedWidth ?? CLOSED_DRAWER_WIDTH),
        };
      }}
    />
  );
};

/**
 * The sidebar with the generated menu, rendered again only when `appBarAlwaysOn` changes: react-admin
 * renders the layout anew on every navigation (a new page element), and `Layout` hands the sidebar
 * a new menu element each time; the menu here is the sidebar's own (`AppMenu`, which follows the
 * location itself and re-renders only the entries whose active state changes).
 */
const MenuSidebar = memo(
  ({ appBarAlwaysOn }: ComponentProps<typeof Sidebar>) => (
    <DeferredSidebar appBarAlwaysOn={appBarAlwaysOn}>
      <AppMenu />
    </DeferredSidebar>
  ),
  (a, b) => a.appBarAlwaysOn === b.appBarAlwaysOn,
);

/** The app bar, rendered again only when its props change (not on every navigation). */
const StableAppBar = memo(AppBar);

/**
 * The default layout (SHELL-06, NAV-05): app bar, generated side menu, guarded resource routes.
 * The app bar stays in place on scroll, so long lists keep their title and user menu in reach.
 */
export const DefaultLayout = ({ children }: { children: ReactNode }) => (
  <Layout appBar={StableAppBar} sidebar={MenuSidebar} appBarAlwaysOn>
    <ShellChrome>
      <BurgerSync />
      <ResourceRouteGuard>{children}</ResourceRouteGuard>
    </ShellChrome>
  </Layout>
);

/** The auth layout (NAV-10): a centred card under the product name. */
export const AuthLayout = ({ children }: { children: ReactNode }) => {
  const translate = useTranslate();
  return (
    <ShellChrome>
      <Box
        sx={{
          minHeight: '100vh',
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'center',
          bgcolor: 'background.default',
          p: 2,
        }}
      >
        <Card sx={{ width: '100%', maxWidth: 400 }} elevation={3}>
          <CardContent sx={{ p: 4 }}>
            <Typography variant="h5" component="h1" sx={{ fontWeight: 700 }}>
              {translate('bureau.product')}
            </Typography>
            <Typography variant="body2" color="text.secondary" sx={{ mb: 3 }}>
              {translate('bureau.tagline')}
            </Typography>
            {children}
          </CardContent>
        </Card>
      </Box>
    </ShellChrome>
  );
};

/** The plain layout: no chrome (the mobile entry, embedded in the native web view). */
export const PlainLayout = ({ children }: { children: ReactNode }) => <ShellChrome>{children}</ShellChrome>;
