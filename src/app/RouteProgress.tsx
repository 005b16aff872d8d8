import { LinearProgress } from '@mui/material';
import { useTranslate } from 'react-admin';
import { useUiState } from '../shell/uiStore';

/** A thin bar at the top of the window while the route-loading flag is set (SHELL-08). */
export const RouteProgress = () => {
  const translate = useTranslate();
  return useUiState('routeLoading') ? (
    <LinearProgress
      aria-label={translate('bureau.shell.loading_page')}
      sx={{ position: 'fixed', top: 0, left: 0, right: 0, height: 3, zIndex: (t) => t.zIndex.appBar + 1 }}
    />
  ) : null;
};
