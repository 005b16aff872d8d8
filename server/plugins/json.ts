import Decimal from 'decimal.js';
import type { FastifyInstance } from 'fastify';
import { stringify } from 'lossless-json';
import { isDecimal } from '../../schemas/money';

/**
 * JSON replies with exact decimals: a `Decimal` (money values, `schemas/money.ts`) is written as
 * a JSON number with every digit (`123456789012345.1234`, which a float would round), as the wire
 * contract wants numbers, not strings.
 *
 * Most replies hold no decimal, so they take the native `JSON.stringify`; while it runs, the
 * decimals' `toJSON` only notes that one was met. A reply that held one is written again by
 * `lossless-json` with a number stringifier for decimals.
 */

/** decimal.js shares one prototype between all its configurations (`Decimal.clone`). */
const decimalPrototype = Decimal.prototype as unknown as { toJSON: () => string };

/** Writes a decimal as the digits of a JSON number. */
const decimalNumber = { test: isDecimal, stringify: (v: unknown) => (v as Decimal).toFixed() };

/**
 * The JSON text of a reply payload, decimals as exact JSON numbers.
 * @example serializeJson({ amount: toMoney('123456789012345.1234') }) // '{"amount":123456789012345.1234}'
 */
export function serializeJson(payload: unknown): string {
  const toJSON = decimalPrototype.toJSON;
  let decimals = false;
  let text: string;
  decimalPrototype.toJSON = function (this: Decimal) {
    decimals = true;
    return this.toFixed();
  };
  try {
    text = JSON.stringify(payload);
  } finally {
    decimalPrototype.toJSON = toJSON;
  }
  return decimals ? (stringify(payload, undefined, undefined, [decimalNumber]) as string) : text;
}

/** Makes {@link serializeJson} the serializer of every JSON reply of `app`. */
export function registerJsonReplies(app: FastifyInstance): void {
  app.setReplySerializer((payload) => serializeJson(payload));
}
