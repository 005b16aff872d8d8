import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { AdminContext, memoryStore, type DataProvider } from 'react-admin';
import { i18nProvider } from '../i18n';
import { signedInAs } from '../test/authProvider';
import { matchMedia } from '../test/matchMedia';
import { AppBar } from './AppBar';

/** The top bar's user menu button (src/app/AppBar.tsx) for a signed-in user named Ada Lovelace. */
const setup = () => {
  render(
    <MemoryRouter initialEntries={['/']}>
      <AdminContext
        dataProvider={{} as DataProvider}
        authProvider={signedInAs({ id: 'ada', fullName: 'Ada Lovelace' })}
        store={memoryStore()}
        i18nProvider={i18nProvider}
      >
        <AppBar />
      </AdminContext>
    </MemoryRouter>,
  );
};

describe('the top bar', () => {
  // a desktop window: react-admin's user menu shows the name on its button from `sm` up
  beforeEach(() => vi.stubGlobal('matchMedia', matchMedia));
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it("A11Y-05 the user menu button's accessible name starts with the name it shows (label in name)", async () => {
    setup();
    const button = await screen.findByRole('button', { name: 'Ada Lovelace, Profile' });
    expect(button.textContent).toBe('Ada Lovelace');
  });
});
