import { numeric, sampleWithin } from './numeric';

/** `number`: an integer (`bigint`, safe integers) or an unconstrained decimal (`numeric`). */
export const number = numeric({
  type: 'number',
  limits: (fd) => (fd.integer ? { integer: true, digits: 16 } : { integer: false, digits: 1000 }),
  output: (_fd, v) => Number(v),
  bound: (fd) => (fd.integer ? Number.MAX_SAFE_INTEGER : 1e15),
  sample: (fd, seed) => sampleWithin(fd, fd.unique ? 9000 + seed : 1 + (seed % 7)),
});
