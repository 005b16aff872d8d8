import englishMessages from 'ra-language-english';

/** English messages: react-admin's own plus the shell's (`bureau.*`). */
export const en = {
  ...englishMessages,
  ra: { ...englishMessages.ra, auth: { ...englishMessages.ra.auth, logout: 'Sign out' } },
  bureau: {
    product: 'Bureau',
    tagline: 'Back-office console',
    area: {
      crm: 'CRM',
      organisation: 'Organisation',
      administration: 'Administration',
      finance: 'Finance',
      publisher: 'Publisher',
    },
    auth: {
      sign_in: 'Sign in',
      signing_in: 'Redirecting to sign-in…',
      sign_out: 'Sign out',
      forgot_password: 'Forgot password?',
      forgot_password_title: 'Forgot your password?',
      forgot_password_text:
        'Your password is managed by the firm\u2019s sign-in service. Continue there to receive a reset link by e-mail.',
      reset_password_title: 'Reset your password',
      reset_password_text: 'Password resets are done on the sign-in service. Continue there to choose a new password.',
      continue: 'Continue',
      back_to_sign_in: 'Back to sign in',
      callback_failed: 'Sign-in failed. Please try again.',
    },
    not_found: {
      title: 'Page not found',
      text: 'The page you asked for does not exist, or you do not have access to it.',
      home: 'Go to the start page',
    },
    mobile: {
      title: 'Bureau mobile',
      text: 'The mobile workspace is coming soon.',
    },
  },
};
