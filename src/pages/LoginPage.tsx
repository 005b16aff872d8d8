import { useEffect, useRef, useState } from 'react';
import { Navigate, useLocation, Link as RouterLink } from 'react-router-dom';
import { Alert, Button, CircularProgress, Link, Stack } from '@mui/material';
import { useAuthProvider, useTranslate } from 'react-admin';
import { AuthLayout } from '../app/layouts';
import { getStartLocation } from '../app/startLocation';
import { NO_ACCESS_REASON } from '../auth/authProvider';
import { getToken } from '../auth/tokenStorage';

/** The words of the sign-out reasons the page knows (`?reason=`); any other value is ignored. */
const REASONS: Record<string, string> = {
  [NO_ACCESS_REASON]:
    'This account has no access to Bureau. Sign in with another account, or ask an administrator for access.',
};

interface LoginState {
  nextPathname?: string;
  nextSearch?: string;
}

/**
 * `/authorization/login` (NAV-09/10): the product name and a "Sign in" button that starts the
 * OpenID redirect (AUTH-26). Arriving from a protected page (react-admin passes `nextPathname`),
 * the redirect starts by itself and comes back to that page. Signed-in users go to the start page.
 * Sent back with `?reason=noaccess` (a NO_ACCESS account signed out, AUTH-13), it says so and goes
 * on to the provider's sign-in form with the same reason, which says it there too.
 */
export default function LoginPage() {
  const authProvider = useAuthProvider();
  const translate = useTranslate();
  const location = useLocation();
  const state = (location.state ?? {}) as LoginState;
  const reasonKey = new URLSearchParams(location.search).get('reason') ?? '';
  const reason = Object.hasOwn(REASONS, reasonKey) ? reasonKey : undefined;
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  const started = useRef(false);
  const returnTo = state.nextPathname ? state.nextPathname + (state.nextSearch ?? '') : undefined;

  const signIn = () => {
    if (started.current || !authProvider) return;
    started.current = true;
    setBusy(true);
    authProvider.login({ returnTo, ...(reason ? { reason } : {}) }).catch((e: unknown) => {
      console.error('sign-in redirect failed', e);
      started.current = false;
      setBusy(false);
      setFailed(true);
    });
  };

  useEffect(() => {
    if ((returnTo || reason) && !getToken()) signIn();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, on arrival
  }, []);

  if (getToken()) return <Navigate to={getStartLocation() ?? '/'} replace />;

  return (
    <AuthLayout>
      <Stack spacing={2}>
        {reason ? (
          <Alert severity="warning" role="alert">
            {REASONS[reason]}
          </Alert>
        ) : null}
        {failed ? <Alert severity="error">{translate('bureau.auth.callback_failed')}</Alert> : null}
        <Button
          variant="contained"
          size="large"
          onClick={signIn}
          disabled={busy}
          startIcon={busy ? <CircularProgress size={18} color="inherit" /> : null}
        >
          {translate(busy ? 'bureau.auth.signing_in' : 'bureau.auth.sign_in')}
        </Button>
        <Link component={RouterLink} to="/authorization/forgot-password" variant="body2" sx={{ alignSelf: 'center' }}>
          {translate('bureau.auth.forgot_password')}
        </Link>
      </Stack>
    </AuthLayout>
  );
}
