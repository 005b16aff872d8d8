import { numeric, sampleWithin } from './numeric';

const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'}`;

/**
 * A duration in hours and minutes, as a user reads it in a message (H2-09: the 24 h cap of a time
 * entry says `24 hours`, not `86400000`); seconds are dropped.
 * @example durationText(86_400_000) // '24 hours'; durationText(5_400_000) // '1 hour 30 minutes'; durationText(0) // '0 minutes'
 */
export function durationText(ms: number): string {
  const minutes = Math.floor(Math.abs(ms) / 60_000);
  const [h, m] = [Math.floor(minutes / 60), minutes % 60];
  const text = [h > 0 ? plural(h, 'hour') : '', m > 0 || h === 0 ? plural(m, 'minute') : ''].filter(Boolean).join(' ');
  return ms < 0 ? `-${text}` : text;
}

/** `durationMs`: whole milliseconds (`bigint`), a JSON integer on the wire. */
export const durationMs = numeric({
  type: 'durationMs',
  limits: () => ({ integer: true, digits: 16 }),
  output: (_fd, v) => Number(v),
  bound: () => Number.MAX_SAFE_INTEGER,
  note: 'milliseconds',
  boundText: durationText,
  sample: (fd, seed) => sampleWithin(fd, 900_000 + 60_000 * (seed % 10)),
});
