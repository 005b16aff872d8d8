/**
 * The browser build's `jsonexport/dist/index.js` (vite.config.ts alias): react-admin's
 * default CSV exporter imports it with every list, though Bureau offers no export button yet. The
 * real converter (~3 KB gzip) loads when an export first runs; its callback API is asynchronous
 * already, so callers see no difference.
 */
export default function jsonExport(...args) {
  import('jsonexport/dist').then(
    (m) => (m.default ?? m)(...args),
    (error) => {
      const callback = args[args.length - 1];
      if (typeof callback === 'function') callback(error);
    },
  );
}
