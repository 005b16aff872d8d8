import { defaultDarkTheme, defaultTheme, type RaThemeOptions } from 'react-admin';
import { alpha, type Theme } from '@mui/material/styles';
import { deepmerge } from '@mui/utils';

/** The app bar's colour in both modes: the brand blue (light), a dark slate (dark). */
const APP_BAR = { light: '#1f4e79', dark: '#1a2632' } as const;

/**
 * A checkbox's `aria-label` names its `<input>`, not the `<span>` around it: react-admin's row
 * checkbox (`SelectRowCheckbox`) passes the label as a prop of MUI's `Checkbox`, which puts it on
 * the span (a name on an element without a role, and an input without a name, for screen readers
 * and axe). A default `slotProps.input` replaces the legacy `inputProps` in MUI's `Checkbox`, so
 * the function passes those on; a checkbox given its own `slotProps.input` keeps it.
 */
type CheckboxOwnerState = { 'aria-label'?: string; inputProps?: object };
const checkboxNameOnInput = {
  root: (ownerState: CheckboxOwnerState) => (ownerState['aria-label'] ? { 'aria-label': undefined } : {}),
  input: (ownerState: CheckboxOwnerState) => ({
    ...ownerState.inputProps,
    ...(ownerState['aria-label'] ? { 'aria-label': ownerState['aria-label'] } : {}),
  }),
};

/**
 * What both modes share: 13 px body text, small table cells and inputs (dense enough for long
 * lists), and the width rule (no page scrolls sideways, docs/architecture.md "Narrow windows and
 * phones"):
 * - react-admin's layout grows to its widest content (`min-width: fit-content`); here it keeps to
 *   the window, and its content column may shrink below its children's width;
 * - a generated table scrolls inside its own wrapper (`RaDataTable-tableWrapper`), and so does any
 *   MUI `TableContainer`;
 * - tab bars scroll inside themselves (scroll buttons on touch screens too);
 * - a toolbar's buttons (list actions, card actions) wrap onto a second line instead of widening it.
 * Both palettes set `contrastThreshold: 4.5` (WCAG AA for text): the text on a filled palette
 * colour (a warning or info chip, a contained button) is white only where white reaches 4.5:1 on
 * it, else dark.
 */
const shared = {
  shape: { borderRadius: 6 },
  typography: { fontSize: 13, fontFamily: ['Inter', 'Roboto', 'Helvetica', 'Arial', 'sans-serif'].join(',') },
  sidebar: { width: 232, closedWidth: 52 },
  components: {
    MuiTableCell: { styleOverrides: { sizeSmall: { padding: '4px 12px' } } },
    MuiCheckbox: { defaultProps: { slotProps: checkboxNameOnInput } },
    MuiTextField: { defaultProps: { size: 'small', variant: 'outlined' } },
    MuiFormControl: { defaultProps: { size: 'small', variant: 'outlined' } },
    MuiPaper: { styleOverrides: { root: { backgroundImage: 'none' } } },
    MuiTabs: { defaultProps: { variant: 'scrollable', scrollButtons: 'auto', allowScrollButtonsMobile: true } },
    MuiTableContainer: { styleOverrides: { root: { overflowX: 'auto' } } },
    RaLayout: { styleOverrides: { root: { minWidth: 0, '& .RaLayout-content': { minWidth: 0 } } } },
    RaList: { styleOverrides: { root: { '& .RaList-main': { minWidth: 0 } } } },
    RaTopToolbar: { styleOverrides: { root: { flexWrap: 'wrap' } } },
    // react-admin's "Skip to content" (the first Tab stop) writes the primary colour's contrast
    // text on the page background: white on pale grey in light mode; the primary colour on paper
    // reads in both modes
    RaSkipNavigationButton: {
      styleOverrides: {
        root: ({ theme }: { theme: Theme }) => ({
          color: theme.palette.primary.main,
          backgroundColor: theme.palette.background.paper,
          '&:hover': { backgroundColor: theme.palette.background.paper },
        }),
      },
    },
    RaDataTable: { styleOverrides: { root: { '& .RaDataTable-tableWrapper': { overflowX: 'auto' } } } },
    RaDatagrid: { styleOverrides: { root: { '& .RaDatagrid-tableWrapper': { overflowX: 'auto' } } } },
  },
};

/**
 * The light theme (the default when the system asks for no dark one): react-admin's default with
 * a sober palette on a pale grey page.
 */
export const theme: RaThemeOptions = deepmerge(defaultTheme, {
  ...shared,
  palette: {
    mode: 'light',
    contrastThreshold: 4.5,
    primary: { main: '#1f4e79' },
    secondary: { main: '#3d5a80' },
    background: { default: '#f5f6f8' },
  },
  components: {
    ...shared.components,
    MuiAppBar: { styleOverrides: { colorSecondary: { backgroundColor: APP_BAR.light } } },
  },
} as RaThemeOptions);

/**
 * The dark theme (`darkTheme` of the admin): react-admin's dark one with the same shapes and
 * density on a near-black page, the brand blues lightened so that links, buttons and chips keep
 * their contrast.
 */
export const darkTheme: RaThemeOptions = deepmerge(defaultDarkTheme, {
  ...shared,
  palette: {
    mode: 'dark',
    contrastThreshold: 4.5,
    primary: { main: '#8fb8e0' },
    secondary: { main: '#a9bcd6' },
    background: { default: '#121417', paper: '#1b1e23' },
  },
  components: {
    ...shared.components,
    MuiAppBar: { styleOverrides: { colorSecondary: { backgroundColor: APP_BAR.dark, color: '#e8edf2' } } },
  },
} as RaThemeOptions);

/** A palette colour a row or cell may be tinted with. */
export type TintColor = 'error' | 'warning' | 'success' | 'info';

/**
 * A background tint of a palette colour that keeps the text on it readable in both modes: the
 * colour's `light` shade under dark text (light mode), the colour at 28 % opacity under light text
 * (dark mode). For `sx` values (`bgcolor: tint('error')`), which hand it the MUI theme (typed
 * `unknown` here so that it fits react-admin's theme-less `SxProps` as well).
 * @example <TableRow sx={{ bgcolor: tint('warning') }} /> // pale orange (light), dim orange (dark)
 */
export const tint =
  (color: TintColor) =>
  (theme: unknown): string => {
    const { palette } = theme as Theme;
    return palette.mode === 'dark' ? alpha(palette[color].main, 0.28) : palette[color].light;
  };
