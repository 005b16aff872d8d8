import type { ReactNode } from 'react';
import { Box, Card, CardContent, Typography } from '@mui/material';
import { Layout, useTranslate } from 'react-admin';
import { BurgerSync } from '../shell/BurgerSync';
import { ConfirmProvider } from '../shell/useConfirm';
import { ToastBridge } from '../shell/ToastBridge';
import { AppBar } from './AppBar';
import { AppMenu } from './AppMenu';
import { ResourceRouteGuard } from './ResourceRouteGuard';
import { RouteProgress } from './RouteProgress';

/** Pieces every layout carries: toasts, the confirm dialog and the route progress bar. */
const ShellChrome = ({ children }: { children: ReactNode }) => (
  <ConfirmProvider>
    <RouteProgress />
    <ToastBridge />
    {children}
  </ConfirmProvider>
);

/**
 * The default layout (SHELL-06, NAV-05): app bar, generated side menu, guarded resource routes.
 * The app bar stays in place on scroll, so long lists keep their title and user menu in reach.
 */
export const DefaultLayout = ({ children }: { children: ReactNode }) => (
  <Layout appBar={AppBar} menu={AppMenu} appBarAlwaysOn>
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
      <Box sx={{ minHeight: '100vh', display: 'flex', alignItems: 'center', justifyContent: 'center', bgcolor: 'background.default', p: 2 }}>
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
