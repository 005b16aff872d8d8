import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { uiStore } from '../shell/uiStore';
import { rememberStartLocation } from './startLocation';

/** The flag is cleared by the next successful API answer (SHELL-09), or after this long at most. */
export const ROUTE_LOADING_MAX_MS = 10_000;

/** The data provider's `onSuccess`: any 2xx answer clears the route-loading flag (SHELL-09). */
export const clearRouteLoading = (): void => uiStore.set({ routeLoading: false });

/**
 * Mounted once inside the router: on every route change sets the route-loading flag (SHELL-08),
 * which `clearRouteLoading` (or a 10 s safety timeout, for pages that call nothing) clears, and
 * remembers the start location (NAV-08).
 */
export const RouteWatcher = () => {
  const { pathname, search } = useLocation();
  useEffect(() => {
    rememberStartLocation(pathname + search);
    uiStore.set({ routeLoading: true });
    const timer = setTimeout(clearRouteLoading, ROUTE_LOADING_MAX_MS);
    return () => clearTimeout(timer);
  }, [pathname, search]);
  return null;
};
