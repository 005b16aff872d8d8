import { toMoney } from '../money';
import { numeric, sampleWithin } from './numeric';

/**
 * `money`: `numeric(19,4)`. Parsed from the wire exactly (decimal strings and JSON numbers, rounded
 * half-up to 4 places), written as a decimal string, read back as a `Decimal` (`schemas/money.ts`)
 * that the server's reply serializer writes as a JSON number with every digit.
 */
export const money = numeric({
  type: 'money',
  limits: () => ({ integer: false, digits: 15, scale: 4 }),
  output: (_fd, v) => toMoney(v as string),
  bound: () => 1e15 - 0.0001,
  note: 'numeric(19,4); decimal strings accepted',
  sample: (fd, seed) =>
    fd.min === undefined && fd.max === undefined
      ? toMoney('12.34').plus(seed).toFixed(4)
      : String(sampleWithin(fd, 12)),
});
