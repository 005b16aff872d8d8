import { numeric, sampleWithin } from './numeric';

/** `durationMs`: whole milliseconds (`bigint`), a JSON integer on the wire. */
export const durationMs = numeric({
  type: 'durationMs',
  limits: () => ({ integer: true, digits: 16 }),
  output: (_fd, v) => Number(v),
  bound: () => Number.MAX_SAFE_INTEGER,
  note: 'milliseconds',
  sample: (fd, seed) => sampleWithin(fd, 900_000 + 60_000 * (seed % 10)),
});
