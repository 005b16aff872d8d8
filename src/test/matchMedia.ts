/**
 * A `matchMedia` for a window `width` px wide (1280 by default): MUI's `useMediaQuery` needs one
 * (jsdom has none). Stub it with `vi.stubGlobal('matchMedia', matchMedia)`.
 */
export const matchMedia = (query: string, width = 1280) => {
  const min = /min-width:\s*([\d.]+)px/.exec(query);
  const max = /max-width:\s*([\d.]+)px/.exec(query);
  const matches = (!min || width >= Number(min[1])) && (!max || width <= Number(max[1]));
  return {
    matches,
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  };
};
