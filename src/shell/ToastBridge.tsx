import { useEffect } from 'react';
import { Alert, AlertTitle } from '@mui/material';
import { useNotify } from 'react-admin';
import { onToast } from './toasts';

/**
 * Mounted once inside react-admin: shows toasts posted with `showToast()` through react-admin's
 * notification area (top-right, SHELL-10). The detail keeps its spacing (`pre-wrap`) because the
 * forbidden text has two spaces on purpose (PERM-13).
 */
export const ToastBridge = () => {
  const notify = useNotify();
  useEffect(
    () =>
      onToast((t) =>
        notify(
          <Alert severity={t.severity} variant="filled" sx={{ minWidth: 300 }}>
            <AlertTitle>{t.summary}</AlertTitle>
            {t.detail ? <span style={{ whiteSpace: 'pre-wrap' }}>{t.detail}</span> : null}
          </Alert>,
          { type: t.severity, autoHideDuration: t.life },
        ),
      ),
    [notify],
  );
  return null;
};
