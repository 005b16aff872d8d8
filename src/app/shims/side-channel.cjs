'use strict';

/**
 * The browser build's `side-channel` (vite.config.ts alias): qs only needs get/set/has/
 * delete keyed by objects, which a WeakMap gives without object-inspect and get-intrinsic (~9 KB
 * gzip of the first load). Primitive keys fall back to a Map. Same API as side-channel 1.x.
 */
module.exports = function getSideChannel() {
  var weak = new WeakMap();
  var plain = new Map();
  var store = function (key) {
    return key !== null && (typeof key === 'object' || typeof key === 'function') ? weak : plain;
  };
  var channel = {
    assert: function (key) {
      if (!store(key).has(key)) throw new TypeError('Side channel does not contain the given key');
    },
    delete: function (key) {
      return store(key).delete(key);
    },
    get: function (key) {
      return store(key).get(key);
    },
    has: function (key) {
      return store(key).has(key);
    },
    set: function (key, value) {
      store(key).set(key, value);
    },
  };
  return channel;
};
