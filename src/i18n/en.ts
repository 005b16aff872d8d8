import englishMessages from 'ra-language-english';
import { schemas } from '../../schemas/index';
import { BESPOKE_PAGES } from '../app/bespokePages';
import { schemaMessages } from './schemaMessages';

const derived = schemaMessages(schemas);

/**
 * The English catalogue: react-admin's own (ra-language-english), the texts derived from the
 * schemas (`resources.<route>.*`, `bureau.area.<area>`: `schemaMessages`) and Bureau's own
 * texts (`bureau.*`). A new text of Bureau's own gets a key here; schema texts never do.
 */
export const en = {
  ...englishMessages,
  // bespoke pages (`src/app/bespokePages.ts`) are named like resources, for the menu
  resources: {
    ...derived.resources,
    ...Object.fromEntries(BESPOKE_PAGES.map((p) => [p.route, { name: `${p.label} |||| ${p.label}` }])),
  },
  ra: { ...englishMessages.ra, auth: { ...englishMessages.ra.auth, logout: 'Sign out' } },
  bureau: {
    product: 'Bureau',
    tagline: 'Back-office console',
    area: derived.area,
    list: {
      empty: 'No %{name} yet.',
      invite_create: 'Create the first one to get started.',
      invite_none: 'Nothing has been added here so far.',
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
    transfer: {
      export: 'Export',
      csv: 'CSV',
      xlsx: 'Excel (xlsx)',
      exporting: 'Exporting',
      received: '%{size} received',
      export_failed: 'The export failed',
      import: 'Import',
      title: 'Import into %{name}',
      pick: 'Choose a file',
      pick_text: 'A CSV (UTF-8) or Excel file whose first row names the columns; at most 10,000 rows and 10 MB.',
      mapping: 'Column mapping',
      mapping_text: '%{name}: %{rows} rows. Choose the field each column fills.',
      column: 'Column',
      field: 'Field',
      skip: 'Leave out',
      check: 'Check the rows',
      progress: 'Import progress',
      rows_done: '%{done} of %{total} rows',
      checked: '%{created} of %{total} rows can be imported; %{rejected} rejected.',
      rejected: 'Rejected rows',
      row: 'Row',
      reasons: 'Reasons',
      more_rejected: 'and %{count} more in the downloadable list',
      download_rejected: 'Download the rejected rows',
      another_file: 'Choose another file',
      commit: 'Import %{count} rows',
      done: '%{created} rows imported.',
      failed: 'The import failed; nothing was written',
      close: 'Close',
      cancel: 'Cancel',
    },
  },
};
