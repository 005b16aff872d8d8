import { randomUUID } from 'node:crypto';
import Decimal from 'decimal.js';
import type { FastifyInstance } from 'fastify';

/**
 * JSON replies with exact decimals: a `Decimal` (money values, `schemas/money.ts`) is written as
 * a JSON number with every digit (`123456789012345.1234`, which a float would round), as the wire
 * contract wants numbers, not strings.
 *
 * One pass of the native `JSON.stringify`: while it runs, a decimal's `toJSON` writes its digits
 * behind a mark made for this reply (a NUL and a random UUID, which no text of the payload can
 * hold), and the marked strings are then unquoted into numbers. A reply without decimals is the
 * native text as it is.
 */

/** decimal.js shares one prototype between all its configurations (`Decimal.clone`). */
const decimalPrototype = Decimal.prototype as unknown as { toJSON: () => string };

/**
 * The JSON text of a reply payload, decimals as exact JSON numbers.
 * @example serializeJson({ amount: toMoney('123456789012345.1234') }) // '{"amount":123456789012345.1234}'
 */
export function serializeJson(payload: unknown): string {
  const toJSON = decimalPrototype.toJSON;
  let mark: string | undefined;
  let text: string;
  decimalPrototype.toJSON = function (this: Decimal) {
    mark ??= `\u0000${randomUUID()}:`;
    return mark + this.toFixed();
  };
  try {
    text = JSON.stringify(payload);
  } finally {
    decimalPrototype.toJSON = toJSON;
  }
  if (mark === undefined) return text;
  // in the JSON text the mark reads `\u0000<uuid>:` inside the string's quotes
  const quoted = JSON.stringify(mark).slice(1, -1).replaceAll('\\', '\\\\');
  return text.replace(new RegExp(`"${quoted}(-?\\d+(?:\\.\\d+)?)"`, 'g'), '$1');
}

/** Makes {@link serializeJson} the serializer of every JSON reply of `app`. */
export function registerJsonReplies(app: FastifyInstance): void {
  app.setReplySerializer((payload) => serializeJson(payload));
}
