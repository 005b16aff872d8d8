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
    ...Object.fromEntries(
      BESPOKE_PAGES.map((p) => [p.route, { name: `${p.label} |||| ${p.label}`, page: { list: p.label } }]),
    ),
  },
  ra: { ...englishMessages.ra, auth: { ...englishMessages.ra.auth, logout: 'Sign out' } },
  bureau: {
    product: 'Bureau',
    tagline: 'Back-office console',
    area: derived.area,
    locale: {
      menu: 'Language',
    },
    shell: {
      loading_page: 'Loading page',
      total_unavailable: 'Total unavailable',
      total_pending: 'Total …',
    },
    history: {
      tab: 'History',
      error: 'The history could not be read',
      empty: 'No changes recorded',
      when: 'When',
      who: 'Who',
      action: 'Action',
      field: 'Field',
      before: 'Before',
      after: 'After',
      hidden: 'changed (value not shown)',
      comment: 'Comment',
      from: 'From',
      to: 'To',
      status_tab: 'Status history',
      actions: { create: 'Create', update: 'Update', delete: 'Delete' },
      revert: 'Revert',
      revert_change: 'Revert this change',
      revert_field: 'Revert this field',
      reverted: 'The change was taken back',
    },
    board: {
      view: 'View',
      list: 'List',
      board: 'Board',
      load_failed: 'The records could not be loaded',
      drop_here: 'Drop here to move',
      move_refused: 'The move was refused',
      moved: 'Moved to "%{target}"',
      moves_allowed: 'Only the moves allowed from the current stage',
      no_move: 'No move allowed from here',
    },
    list: {
      empty: 'No %{name} yet.',
      invite_create: 'Create the first one to get started.',
      invite_none: 'Nothing has been added here so far.',
    },
    views: {
      button: 'Views',
      title: 'Saved views',
      mine: 'My views',
      shared: 'Shared with me',
      shared_by: 'Shared by %{owner}',
      empty: 'No saved views for this list yet.',
      save: 'Save current view',
      save_title: 'Save the current view',
      edit_title: 'Rename or share the view',
      name: 'Name',
      share_with: 'Share with roles',
      share_help: 'Users holding one of these roles see the view and can apply it.',
      edit: 'Rename or share %{name}',
      delete: 'Delete %{name}',
      delete_title: 'Delete the view',
      delete_content: 'Delete the view "%{name}"? Everyone it is shared with loses it too.',
      saved: 'View saved',
      updated: 'View updated',
      deleted: 'View deleted',
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
    search: {
      open: 'Search (Ctrl+K)',
      title: 'Search',
      label: 'Clients, contacts, matters, projects, invoices, people',
      searching: 'Searching',
      results: 'Search results',
      recent: 'Recent',
      no_recent: 'Nothing opened from here yet. Type a name, a number or a word.',
      no_results: 'Nothing found for "%{query}".',
      error: 'The search failed. Try again in a moment.',
      hint: '\u2191 \u2193 to move, Enter to open, Esc to close',
    },
    mobile: {
      title: 'Bureau mobile',
      text: 'The mobile workspace is coming soon.',
    },
  },
};
