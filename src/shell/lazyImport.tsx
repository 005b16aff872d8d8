import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { Box, Button, Typography } from '@mui/material';

/** The text a failed layout or page import reports (SHELL-12; Vite's own wording for it). */
export const DYNAMIC_IMPORT_ERROR = 'Unknown variable dynamic import';

/** Shown in place of a page whose code could not be loaded (e.g. after a deploy removed a chunk). */
const ImportFailed = () => (
  <Box role="alert" sx={{ p: 4, textAlign: 'center' }}>
    <Typography variant="h6" component="p" gutterBottom>
      This page could not be loaded.
    </Typography>
    <Button variant="contained" onClick={() => window.location.reload()} sx={{ minHeight: 44 }}>
      Reload
    </Button>
  </Box>
);

/**
 * `React.lazy` for layouts and pages whose import failure is reported, not thrown (SHELL-12):
 * logs `Unknown variable dynamic import: <name>` with the cause and renders a "could not be
 * loaded" note with a reload button instead of crashing the tree.
 * @example const LoginPage = lazyReported('pages/LoginPage', () => import('../pages/LoginPage'));
 */
export const lazyReported = <P extends object>(
  name: string,
  load: () => Promise<{ default: ComponentType<P> }>,
  log: (...args: unknown[]) => void = console.error,
): LazyExoticComponent<ComponentType<P>> =>
  lazy(() =>
    load().catch((error: unknown) => {
      log(`${DYNAMIC_IMPORT_ERROR}: ${name}`, error);
      return { default: ImportFailed as ComponentType<P> };
    }),
  );

/** The spec's layout names (SHELL-06). */
export type LayoutName = 'default' | 'auth' | 'plain';
export const LAYOUT_NAMES: readonly LayoutName[] = ['default', 'auth', 'plain'];

/**
 * Checks a route's layout name (SHELL-06/12): the name itself, or a rejection with
 * `Unknown variable dynamic import: ./layouts/<name>` for a name that is not a layout.
 */
export const resolveLayoutName = async (name: string): Promise<LayoutName> => {
  if ((LAYOUT_NAMES as readonly string[]).includes(name)) return name as LayoutName;
  throw new Error(`${DYNAMIC_IMPORT_ERROR}: ./layouts/${name}`);
};
