import { LinearProgress } from '@mui/material';
import { useUiState } from '../shell/uiStore';

/** A thin bar at the top of the window while the route-loading flag is set (SHELL-08). */
export const RouteProgress = () =>
  useUiState('routeLoading') ? (
    <LinearProgress
      aria-label="Loading page"
      sx={{ position: 'fixed', top: 0, left: 0, right: 0, height: 3, zIndex: (t) => t.zIndex.appBar + 1 }}
    />
  ) : null;
