import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { createTheme, getContrastRatio, useTheme as useMuiTheme, type ThemeOptions } from '@mui/material/styles';
import { Checkbox } from '@mui/material';
import { AdminContext, memoryStore, ToggleThemeButton } from 'react-admin';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18nProvider } from '../i18n';
import { darkTheme, theme, tint } from './theme';
import { matchMediaAt } from '../test/matchMedia';

const Mode = () => <p data-testid="mode">{useMuiTheme().palette.mode}</p>;

/** The admin's providers with the product's two themes, as `BureauAdmin` passes them. */
const renderThemed = (store = memoryStore()) =>
  render(
    <AdminContext theme={theme} darkTheme={darkTheme} store={store} i18nProvider={i18nProvider}>
      <Mode />
      <ToggleThemeButton />
    </AdminContext>,
  );

describe('the theme choice', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('NARROW-12 follows the system: light by default, dark when the system prefers dark', () => {
    vi.stubGlobal('matchMedia', matchMediaAt(1280, 'light'));
    renderThemed();
    expect(screen.getByTestId('mode')).toHaveTextContent('light');
    cleanup();
    vi.stubGlobal('matchMedia', matchMediaAt(1280, 'dark'));
    renderThemed();
    expect(screen.getByTestId('mode')).toHaveTextContent('dark');
  });

  it('NARROW-12 a choice made with the toggle is stored and wins over the system', () => {
    vi.stubGlobal('matchMedia', matchMediaAt(1280, 'dark'));
    const store = memoryStore();
    renderThemed(store);
    fireEvent.click(screen.getByRole('button', { name: 'Toggle light/dark mode' }));
    expect(store.getItem('theme')).toBe('light');
    expect(screen.getByTestId('mode')).toHaveTextContent('light');
    cleanup();
    // a later visit: the stored choice (localStorage in the app) against the system's dark
    renderThemed(memoryStore({ theme: 'light' }));
    expect(screen.getByTestId('mode')).toHaveTextContent('light');
  });

  it('NARROW-13 a tint is the light shade in light mode and a translucent colour in dark mode', () => {
    let light = '';
    let dark = '';
    const Probe = ({ set }: { set: (v: string) => void }) => {
      set(tint('warning')(useMuiTheme()));
      return null;
    };
    vi.stubGlobal('matchMedia', matchMediaAt(1280, 'light'));
    render(
      <AdminContext theme={theme} darkTheme={darkTheme} store={memoryStore()}>
        <Probe set={(v) => (light = v)} />
      </AdminContext>,
    );
    cleanup();
    vi.stubGlobal('matchMedia', matchMediaAt(1280, 'dark'));
    render(
      <AdminContext theme={theme} darkTheme={darkTheme} store={memoryStore()}>
        <Probe set={(v) => (dark = v)} />
      </AdminContext>,
    );
    expect(light).toMatch(/^#[0-9a-f]{6}$/i);
    expect(dark).toMatch(/^rgba\(.*0\.28\)$/);
  });
});

describe('accessible names and contrast in both themes', () => {
  afterEach(cleanup);

  it.each([
    ['light', theme],
    ['dark', darkTheme],
  ] as const)(
    'A11Y-03 %s: a Checkbox given an aria-label names its input, not the span around it; inputProps still reach the input',
    (_, t) => {
      render(
        <AdminContext theme={t} store={memoryStore()} i18nProvider={i18nProvider}>
          <Checkbox aria-label="Select this row" />
          <Checkbox slotProps={{ input: { 'aria-label': 'Own name' } }} />
          <Checkbox inputProps={{ 'aria-label': 'Legacy name', id: 'legacy' }} />
        </AdminContext>,
      );
      const row = screen.getByRole('checkbox', { name: 'Select this row' });
      expect(row.tagName).toBe('INPUT');
      expect(row.parentElement).not.toHaveAttribute('aria-label');
      expect(screen.getByRole('checkbox', { name: 'Own name' }).tagName).toBe('INPUT');
      expect(screen.getByRole('checkbox', { name: 'Legacy name' })).toHaveAttribute('id', 'legacy');
    },
  );

  it.each([
    ['light', theme],
    ['dark', darkTheme],
  ] as const)('A11Y-04 %s: the text on every filled palette colour reaches 4.5:1', (_, t) => {
    const { palette } = createTheme(t as ThemeOptions);
    for (const color of ['primary', 'secondary', 'error', 'warning', 'info', 'success'] as const) {
      const { main, contrastText } = palette[color];
      expect(getContrastRatio(main, contrastText), `${color} ${main} / ${contrastText}`).toBeGreaterThanOrEqual(4.5);
    }
  });
});
