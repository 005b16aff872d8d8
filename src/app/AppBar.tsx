import { useDeferredValue } from 'react';
import {
  AppBar as RaAppBar,
  LoadingIndicator,
  Logout,
  TitlePortal,
  ToggleThemeButton,
  UserMenu,
  useGetIdentity,
  useLocaleState,
  useLocales,
  useThemesContext,
  useTranslate,
  useUserMenu,
} from 'react-admin';
import { Divider, ListItemIcon, ListItemText, ListSubheader, MenuItem, Typography } from '@mui/material';
import Check from '@mui/icons-material/Check';
import { lazyPart } from '../resources/lazyPart';

// The search (its dialog, shortcuts and history) and the jobs button (the download machinery behind
// it) load in chunks of their own, beside the page's first request rather than before it.
const GlobalSearch = lazyPart(() => import('../search/GlobalSearch').then((m) => m.GlobalSearch));
const JobsButton = lazyPart(() => import('../jobs/JobsButton').then((m) => m.JobsButton));

/**
 * The user menu's language items: a heading and one item per locale of the i18n provider
 * (`getLocales()`), the active one checked. Picking one sets react-admin's locale, which the store
 * keeps (`RaStore.locale`) across reloads and sign-out (`src/app/BureauAdmin.tsx`).
 */
export const LocaleMenuItems = () => {
  const locales = useLocales();
  const [locale, setLocale] = useLocaleState();
  const translate = useTranslate();
  const userMenu = useUserMenu();
  if (locales.length < 2) return null;
  return (
    <>
      <ListSubheader sx={{ lineHeight: '32px' }}>{translate('bureau.locale.menu')}</ListSubheader>
      {locales.map((l) => (
        <MenuItem
          key={l.locale}
          role="menuitemradio"
          aria-checked={l.locale === locale}
          lang={l.locale}
          onClick={() => {
            userMenu?.onClose();
            if (l.locale !== locale) setLocale(l.locale);
          }}
        >
          <ListItemIcon>{l.locale === locale ? <Check fontSize="small" /> : null}</ListItemIcon>
          <ListItemText>{l.name}</ListItemText>
        </MenuItem>
      ))}
      <Divider />
    </>
  );
};

/**
 * react-admin's user menu with the language items and sign-out. Its button shows the user's name,
 * so its accessible name starts with that name ("Anna Petrova, Profile"): a voice-control user
 * says what they see (WCAG 2.5.3, label in name).
 */
const BureauUserMenu = () => {
  const translate = useTranslate();
  const { identity } = useGetIdentity();
  const profile = translate('ra.auth.user_menu');
  return (
    <UserMenu label={identity?.fullName ? `${identity.fullName}, ${profile}` : 'ra.auth.user_menu'}>
      <LocaleMenuItems />
      <Logout />
    </UserMenu>
  );
};
const userMenu = <BureauUserMenu />;

/** react-admin's default toolbar without its locales button (the languages are in the user menu). */
const Toolbar = () => {
  const { darkTheme } = useThemesContext();
  return (
    <>
      {darkTheme && <ToggleThemeButton />}
      <JobsButton />
      <LoadingIndicator />
    </>
  );
};
const toolbar = <Toolbar />;

/**
 * The top bar: the page title, the global search (its button and shortcuts) and the user menu,
 * whose button shows the signed-in user's name (`employeeName` or username, from `getIdentity`)
 * and holds the language items and the sign-out entry (AUTH-28). The user menu and react-admin's
 * toolbar (the loading indicator) come in a second, deferred pass, after the page's own content
 * (the first row shows sooner); the bar's height does not change.
 */
export const AppBar = () => {
  const ready = useDeferredValue(true, false);
  const translate = useTranslate();
  return (
    <RaAppBar userMenu={ready ? userMenu : false} toolbar={ready ? toolbar : null}>
      <Typography variant="subtitle1" sx={{ fontWeight: 600, mr: 2 }}>
        {translate('bureau.product')}
      </Typography>
      <TitlePortal />
      <GlobalSearch />
    </RaAppBar>
  );
};
