import { toMoney } from '../money';
import { numeric, sampleWithin } from './numeric';

/**
 * `number`: an integer (`bigint`, safe integers), a fixed-point decimal (`numeric(19, scale)` when
 * the field declares `scale`, answered exactly as a `Decimal`), or an unconstrained decimal
 * (`numeric`, answered as a JavaScript number).
 */
export const number = numeric({
  type: 'number',
  limits: (fd) =>
    fd.integer
      ? { integer: true, digits: 16 }
      : fd.scale !== undefined
        ? { integer: false, digits: 19 - fd.scale, scale: fd.scale }
        : { integer: false, digits: 1000 },
  output: (fd, v) => (fd.scale !== undefined && !fd.integer ? toMoney(v as string) : Number(v)),
  bound: (fd) =>
    fd.integer ? Number.MAX_SAFE_INTEGER : fd.scale !== undefined ? 10 ** (19 - fd.scale) - 10 ** -fd.scale : 1e15,
  sample: (fd, seed) => sampleWithin(fd, fd.unique ? 9000 + seed : 1 + (seed % 7)),
});
