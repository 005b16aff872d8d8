/**
 * Stand-ins for `window.matchMedia`, which jsdom lacks and MUI's `useMediaQuery` needs. Stub one
 * per test with `vi.stubGlobal('matchMedia', matchMediaAt(375))` and `vi.unstubAllGlobals()` after.
 */

/** A `MediaQueryList` for `query` answering `matches`; its listeners are never called. */
const mediaQueryList = (query: string, matches: boolean) => ({
  matches,
  media: query,
  onchange: null,
  addListener: () => {},
  removeListener: () => {},
  addEventListener: () => {},
  removeEventListener: () => {},
  dispatchEvent: () => false,
});

/**
 * A `matchMedia` for a window `width` px wide (`min-width` / `max-width` queries) on a system
 * that prefers the `scheme` colour scheme (`prefers-color-scheme` queries).
 * @example matchMediaAt(375)('(min-width:600px)').matches // false
 */
export const matchMediaAt =
  (width = 1280, scheme: 'light' | 'dark' = 'light') =>
  (query: string) => {
    if (query.includes('prefers-color-scheme')) return mediaQueryList(query, query.includes(scheme));
    const min = /min-width:\s*([\d.]+)px/.exec(query);
    const max = /max-width:\s*([\d.]+)px/.exec(query);
    return mediaQueryList(query, (!min || width >= Number(min[1])) && (!max || width <= Number(max[1])));
  };

/** A 1280 px wide window on a system preferring light: {@link matchMediaAt} with its defaults. */
export const matchMedia = matchMediaAt();
