'use strict';

/**
 * The browser build's `object.entries` (vite.config.ts alias): node-polyglot only calls
 * `entries(object)`, which every supported browser has natively; the polyfill pulled
 * get-intrinsic and a dozen helpers into the first load.
 */
module.exports = function entries(object) {
  return Object.entries(object);
};
