import { Link as RouterLink, useLocation } from 'react-router-dom';
import { Button, Link, Stack, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { AuthLayout } from '../app/layouts';
import { useAppConfig } from '../app/AppConfigContext';

/**
 * `/authorization/forgot-password` and `/authorization/reset-password` (NAV-11/12): public
 * (docs/decisions.md, NAV-01); the identity provider owns passwords, so both lead to its forgot-password
 * page (`<issuer>/forgot-password`, embedded: `/oidc/forgot-password`), keeping any query (a reset token).
 */
export default function PasswordHelpPage({ kind }: { kind: 'forgot' | 'reset' }) {
  const translate = useTranslate();
  const { oidcIssuer } = useAppConfig();
  const { search } = useLocation();
  const href = `${oidcIssuer.replace(/\/$/, '')}/forgot-password${search}`;
  return (
    <AuthLayout>
      <Stack spacing={2}>
        <Typography variant="h6" component="h2">
          {translate(kind === 'forgot' ? 'bureau.auth.forgot_password_title' : 'bureau.auth.reset_password_title')}
        </Typography>
        <Typography variant="body2">
          {translate(kind === 'forgot' ? 'bureau.auth.forgot_password_text' : 'bureau.auth.reset_password_text')}
        </Typography>
        <Button variant="contained" href={href}>
          {translate('bureau.auth.continue')}
        </Button>
        <Link component={RouterLink} to="/authorization/login" variant="body2" sx={{ alignSelf: 'center' }}>
          {translate('bureau.auth.back_to_sign_in')}
        </Link>
      </Stack>
    </AuthLayout>
  );
}
