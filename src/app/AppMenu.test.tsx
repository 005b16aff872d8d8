import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { AdminContext, memoryStore, useLocaleState, type DataProvider } from 'react-admin';
import { i18nProvider } from '../i18n';
import { signedInAs } from '../test/authProvider';
import { matchMedia } from '../test/matchMedia';
import { AppMenu } from './AppMenu';

let switchTo: (locale: string) => void = () => undefined;
const LocaleSwitch = () => {
  const [, setLocale] = useLocaleState();
  switchTo = setLocale;
  return null;
};

/** The side menu (src/app/AppMenu.tsx) of an administrator, its sidebar open. */
const setup = () =>
  render(
    <MemoryRouter initialEntries={['/']}>
      <AdminContext
        dataProvider={{} as DataProvider}
        authProvider={signedInAs({ id: 'ada', fullName: 'Ada Lovelace' })}
        store={memoryStore({ sidebar: { open: true } })}
        i18nProvider={i18nProvider}
      >
        <LocaleSwitch />
        <AppMenu />
      </AdminContext>
    </MemoryRouter>,
  );

/** The entries' texts between the heading `area` and the next heading. */
const entriesOf = (area: string): string[] => {
  const out: string[] = [];
  let inArea = false;
  for (const el of screen.getByRole('menu').children) {
    if (el.getAttribute('role') === 'presentation') {
      inArea = el.textContent === area;
      continue;
    }
    if (inArea) out.push(within(el as HTMLElement).getByText(/./).textContent ?? '');
  }
  return out;
};

const alphabetical = (texts: string[], locale: string) => [...texts].sort((a, b) => a.localeCompare(b, locale));

describe('the side menu', () => {
  beforeEach(() => vi.stubGlobal('matchMedia', matchMedia));
  afterEach(async () => {
    await act(() => i18nProvider.changeLocale('en'));
    cleanup();
    vi.unstubAllGlobals();
  });

  it("SHELL-03 lists an area's entries alphabetically in the user's language, English and Russian", async () => {
    setup();
    await screen.findByRole('menuitem', { name: /Clients/ });
    const english = entriesOf('Administration');
    expect(english.length).toBeGreaterThan(3);
    expect(english).toEqual(alphabetical(english, 'en'));

    await act(async () => {
      await i18nProvider.changeLocale('ru');
      switchTo('ru');
    });
    await screen.findByRole('menuitem', { name: /Клиенты/ });
    const russian = entriesOf('Администрирование');
    expect(russian).toHaveLength(english.length);
    expect(russian).toEqual(alphabetical(russian, 'ru'));
  });
});
