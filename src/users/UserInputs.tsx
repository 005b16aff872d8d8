/**
 * The bespoke inputs of the user form (USR-10, USR-14): the username with its availability shown
 * while typing, and the password typed twice. With an external identity provider the account's
 * password lives there: the form says so instead of asking for one.
 */
import { Alert, Box, Stack } from '@mui/material';
import { useContext, useMemo, useRef } from 'react';
import { PasswordInput, useRecordContext, useTranslate, type Validator } from 'react-admin';
import { useWatch } from 'react-hook-form';
import { AppConfigContext } from '../app/AppConfigContext';
import { fieldInputs } from '../resources/fieldTypes/inputs';
import type { InputRenderProps } from '../resources/fieldTypes/types';
import { useHttpClient } from '../resources/status/hooks';
import { useUsernameStatus, type UsernameStatus } from './usernameCheck';

/** The form field holding the password's confirmation; never sent (the payload keeps schema fields). */
export const PASSWORD2 = 'password2';
export const PASSWORDS_DIFFER = 'Passwords do not match';
export const USERNAME_TAKEN = 'This username is already taken';

/**
 * Whether the SPA signs in at the embedded provider (`<origin>/oidc`), where Bureau sets passwords.
 * @example usesEmbeddedProvider('https://bureau.example/oidc', 'https://bureau.example') // true
 */
export const usesEmbeddedProvider = (issuer: string, origin = window.location.origin): boolean =>
  issuer.replace(/\/$/, '') === `${origin}/oidc`;

/** `password2` must equal the form's `password` (both blank passes: the password is unchanged). */
export const matchesPassword: Validator = (value: unknown, values: Record<string, unknown>) =>
  (value ?? '') === (values.password ?? '')
    ? undefined
    : { message: 'bureau.ui.passwords_differ', args: { _: PASSWORDS_DIFFER } };

/** The catalogue key of the text under the username for each check status. */
const STATUS_TEXT: Record<UsernameStatus, string | undefined> = {
  idle: undefined,
  checking: 'bureau.ui.username_checking',
  available: 'bureau.ui.username_available',
  taken: 'bureau.ui.username_taken',
  error: 'bureau.ui.username_unchecked',
};

/**
 * The username input: the generated text input with its availability under it (USR-14). A name
 * the check found taken is refused at the field on save; the server's unique constraint answers
 * for a name taken after the check.
 */
export const UsernameInput = (props: InputRenderProps) => {
  const http = useHttpClient();
  const record = useRecordContext();
  const stored = record?.[props.name];
  const value = useWatch({ name: props.name });
  const { status, name } = useUsernameStatus(http, value, stored);
  const known = useRef({ status, name });
  known.current = { status, name };
  const { validate: generated } = props;
  const validate = useMemo<Validator[]>(
    () => [
      ...generated,
      (v: unknown) =>
        known.current.status === 'taken' && typeof v === 'string' && v.trim() === known.current.name
          ? { message: 'bureau.ui.username_taken', args: { _: USERNAME_TAKEN } }
          : undefined,
    ],
    [generated],
  );
  const translate = useTranslate();
  const key = STATUS_TEXT[status];
  const text = key && translate(key);
  return (
    <Box sx={{ width: '100%' }}>
      {fieldInputs.text.input({ ...props, validate })}
      {text && (
        <Box
          role="status"
          aria-live="polite"
          data-testid="username-status"
          sx={{
            mt: -1,
            mb: 1,
            ml: 1.75,
            typography: 'caption',
            color: status === 'taken' ? 'error.main' : status === 'available' ? 'success.main' : 'text.secondary',
          }}
        >
          {text}
        </Box>
      )}
    </Box>
  );
};

/** The password and its confirmation (a field error at password2), or a note with an external provider. */
export const PasswordPairInput = (props: InputRenderProps) => {
  // outside the app (tests, previews) there is no configuration: the embedded provider is assumed
  const config = useContext(AppConfigContext);
  if (config && !usesEmbeddedProvider(config.oidcIssuer))
    return (
      <Alert severity="info" sx={{ width: '100%', mb: 2 }}>
        Passwords are managed by the identity provider ({config.oidcIssuer}). This account signs in there and is linked
        to Bureau by its username.
      </Alert>
    );
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ width: '100%' }}>
      {fieldInputs.password.input(props)}
      <PasswordInput
        source={PASSWORD2}
        label="bureau.ui.repeat_password"
        validate={matchesPassword}
        disabled={props.disabled}
        autoComplete="new-password"
      />
    </Stack>
  );
};
