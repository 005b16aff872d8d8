import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import fakeRestProvider from 'ra-data-fakerest';
import type { User } from 'oidc-client-ts';
import { schemas } from '../../schemas/index';
import { createAuthProvider, type OidcClient } from '../auth/authProvider';
import { en } from './en';
import { ru } from './ru';
import { i18nProvider } from './index';
import { areaKey, fieldKey, resourceNameKey, stepKey, tabKey } from './keys';
import { matchMedia } from '../test/matchMedia';

/** Every key the UI asked the i18n provider for. */
const asked = new Set<string>();
vi.mock('./index', async (original) => {
  const m = await original<typeof import('./index')>();
  return {
    ...m,
    i18nProvider: {
      ...m.i18nProvider,
      translate: (key: string, options?: unknown) => {
        asked.add(key);
        return m.i18nProvider.translate(key, options);
      },
    },
  };
});

/** The catalogue's texts by key as polyglot reads them (nested objects joined with dots). */
const entriesOf = (value: unknown, prefix = '', out = new Map<string, string>()): Map<string, string> => {
  if (typeof value === 'string') out.set(prefix, value);
  else if (value && typeof value === 'object')
    for (const [k, v] of Object.entries(value)) entriesOf(v, prefix ? `${prefix}.${k}` : k, out);
  return out;
};
const entries = { en: entriesOf(en), ru: entriesOf(ru) };
const catalogue = new Set(entries.en.keys());
const catalogues = { en: catalogue, ru: new Set(entries.ru.keys()) };
/**
 * The catalogues' texts: react-admin's column chooser (`ColumnsButton`) passes each column's
 * label, already translated, through translate again (its `FieldTitle`), as a text, not a key.
 */
const texts = { en: new Set(entries.en.values()), ru: new Set(entries.ru.values()) };

/**
 * The user menu's label (src/app/AppBar.tsx): the signed-in user's name and the translated
 * `ra.auth.user_menu`, which react-admin's UserMenu passes through translate as a text, not a key.
 */
const isUserMenuLabel = (text: string) => text.startsWith('Ada Lovelace, ');

const renderApp = async (path: string) => {
  const { App } = await import('../app/App');
  const authProvider = createAuthProvider({
    userManager: {
      getUser: async () => ({ id_token: 'id', expires_in: 300 }) as unknown as User,
      removeUser: async () => undefined,
    } as unknown as OidcClient,
    schemas,
    fetchUserInfo: async () => ({
      username: 'ada',
      employeeId: 1,
      employeeOfficeId: 1,
      employeeName: 'Ada Lovelace',
      roleList: [{ name: 'ADMIN', privilegeList: [] }],
      positionList: [],
    }),
  });
  const rows = [{ id: 1, gname: 'Row 1', lastModifiedDate: '2026-11-05T10:00:00Z' }];
  const dataProvider = fakeRestProvider(Object.fromEntries(schemas.map((s) => [s.route, rows])), false);
  render(
    <MemoryRouter initialEntries={[path]}>
      <App
        config={{ oidcIssuer: 'http://localhost/oidc', oidcClientId: 'bureau-spa' }}
        authProvider={authProvider}
        dataProvider={dataProvider}
      />
    </MemoryRouter>,
  );
};

describe('translation catalogue', { timeout: 120_000 }, () => {
  beforeEach(() => {
    localStorage.setItem('token', 'access');
    vi.stubGlobal('matchMedia', matchMedia);
  });
  afterEach(async () => {
    cleanup();
    await i18nProvider.changeLocale('en');
    vi.unstubAllGlobals();
    localStorage.clear();
  });

  it.each([
    ['en', 'English', 'Clients'],
    ['ru', 'Russian', 'Клиенты'],
  ] as const)(
    'translation keys: every key the shell, the menu and a list ask for is in the %s catalogue (%s)',
    async (locale, _language, clientsTitle) => {
      asked.clear();
      if (locale !== 'en') localStorage.setItem('RaStore.locale', JSON.stringify(locale));
      await renderApp('/clients');
      await screen.findAllByText('Row 1', {}, { timeout: 40_000 });
      await screen.findAllByRole('menuitem', {}, { timeout: 40_000 });
      await act(() => new Promise((resolve) => setTimeout(resolve, 1500))); // the toolbar and its filters
      expect(i18nProvider.getLocale()).toBe(locale);
      expect(screen.getAllByText(clientsTitle).length).toBeGreaterThan(0);
      expect(asked.size).toBeGreaterThan(10);
      expect(asked).toContain('ra.auth.user_menu');
      // the app bar's lazy parts rendered too, so their keys were asked
      expect(asked).toContain('bureau.search.open');
      expect(asked).toContain('bureau.jobs.title');
      expect(
        [...asked].filter((key) => !catalogues[locale].has(key) && !texts[locale].has(key) && !isUserMenuLabel(key)),
      ).toEqual([]);
    },
  );

  it('I18N-01 a card shows its tabs and an edit form its groups in Russian', async () => {
    localStorage.setItem('RaStore.locale', JSON.stringify('ru'));
    await renderApp('/clients/1');
    expect(await screen.findByRole('tab', { name: 'Основное' }, { timeout: 40_000 })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Контакты' })).toBeTruthy();
    expect(screen.queryByRole('tab', { name: 'Main' })).toBeNull();
  });

  it('translation keys: every schema name, field, tab, form step and menu area has its English text', () => {
    const keys = schemas.flatMap((s) => [
      resourceNameKey(s.route),
      areaKey(s.area),
      ...Object.keys(s.fields).map((f) => fieldKey(s.route, f)),
      ...(s.list?.filters ?? []).map((f) => fieldKey(s.route, f.source)),
      ...(s.show?.tabs ?? []).map((t) => tabKey(s.route, t.name)),
      ...(s.form?.groups ?? []).map((g) => stepKey(s.route, g.name)),
    ]);
    expect(keys.filter((key) => !catalogue.has(key))).toEqual([]);
    expect(en.bureau.area.crm).toBe('CRM');
    expect(en.resources.clients!.name).toBe('Client |||| Clients');
  });
});
