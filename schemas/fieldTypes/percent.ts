import { numeric, sampleWithin } from './numeric';

/**
 * `percent`: a fraction (0.21 = 21 %) in `numeric(12,8)`, on the wire and in the database
 * (CONST-06). Read back as a JavaScript number: 12 significant digits are exact in a double.
 * Sums on the server go through `schemas/money.ts` (`sumExact`), never floats.
 */
export const percent = numeric({
  type: 'percent',
  limits: () => ({ integer: false, digits: 4, scale: 8 }),
  output: (_fd, v) => Number(v),
  bound: () => 1e4 - 1e-8,
  note: 'a fraction (0.21 = 21 %), 8 decimal places',
  sample: (fd, seed) => sampleWithin(fd, [0.25, 0.12, 0.2, 0.05][seed % 4]!),
});
