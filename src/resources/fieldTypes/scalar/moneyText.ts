/**
 * The currency mask of money inputs as pure string functions (WID-51..54): 2 fixed decimals,
 * digit grouping, `k` x1,000 and `m` x1,000,000 shortcuts. Values stay decimal strings computed
 * with decimal.js (`schemas/money.ts`), never floats, so 15 integer digits keep every cent.
 *
 * What the user sees follows the locale's separators ({@link MoneySeparators}): `1,234,567.89` in
 * English, `1 234 567,89` in Russian. The "plain" texts these functions exchange and the stored
 * value always use a dot and no grouping, whatever the locale.
 */
import { toMoney } from '../../../../schemas/money';

/** The characters a locale groups thousands with and marks decimals with. */
export interface MoneySeparators {
  group: string;
  decimal: string;
}

/** English separators (WID-52): `1,234.50`. */
export const EN_SEPARATORS: MoneySeparators = { group: ',', decimal: '.' };

/**
 * The separators `Intl` uses for `locale`: `{ group: ',', decimal: '.' }` for `en`,
 * `{ group: '\u00a0', decimal: ',' }` (a no-break space and a comma) for `ru`.
 */
export function moneySeparators(locale: string): MoneySeparators {
  const parts = new Intl.NumberFormat(locale).formatToParts(1234567.5);
  return {
    group: parts.find((p) => p.type === 'group')?.value ?? EN_SEPARATORS.group,
    decimal: parts.find((p) => p.type === 'decimal')?.value ?? EN_SEPARATORS.decimal,
  };
}

/**
 * Groups the integer part of a plain decimal text and writes the locale's decimal mark:
 * `'-1234567.8'` -> `'-1,234,567.8'` (English), `'-1 234 567,8'` (Russian).
 */
export function groupDigits(plain: string, sep: MoneySeparators = EN_SEPARATORS): string {
  const m = /^(-?)(\d*)(\.?)(\d*)$/.exec(plain);
  if (!m) return plain;
  return `${m[1]}${m[2]!.replace(/\B(?=(\d{3})+(?!\d))/g, sep.group)}${m[3] ? sep.decimal : ''}${m[4]}`;
}

/**
 * What a keystroke leaves of the typed text, as a plain decimal (no grouping, a dot): digits, one
 * decimal mark, a leading minus, at most 2 decimals (WID-51); anything else is dropped. The decimal
 * mark is the locale's; where that is a comma (Russian) a typed dot counts as one too, as on a
 * numeric keypad, and spaces are grouping.
 * @example cleanTyped('1,234.567') // '1234.56'; cleanTyped('12a.3') // '12.3'
 * cleanTyped('1 234,5', { group: '\u00a0', decimal: ',' }) // '1234.5'
 */
export function cleanTyped(text: string, sep: MoneySeparators = EN_SEPARATORS): string {
  const negative = text.trimStart().startsWith('-');
  const marked = sep.decimal === '.' ? text : text.replaceAll(sep.decimal, '.');
  const kept = marked.replace(/[^\d.]/g, '');
  const dot = kept.indexOf('.');
  const plain =
    dot < 0
      ? kept
      : `${kept.slice(0, dot)}.${kept
          .slice(dot + 1)
          .replace(/\./g, '')
          .slice(0, 2)}`;
  return `${negative ? '-' : ''}${plain}`;
}

/**
 * The stored value of a plain typed text: a decimal string with 2 places, or null when empty or
 * only a sign or a dot.
 * @example moneyOf('1234.5') // '1234.50'; moneyOf('') // null
 */
export function moneyOf(plain: string): string | null {
  if (!/\d/.test(plain)) return null;
  return toMoney(plain.endsWith('.') ? plain.slice(0, -1) : plain).toFixed(2);
}

/** WID-53/54: the factor of a shortcut key (`k`, `m`, either case), else undefined. */
export const moneyShortcut = (key: string): string | undefined =>
  ({ k: '1000', m: '1000000' })[key.toLowerCase() as 'k' | 'm'];

/**
 * WID-53/54: the typed text times a shortcut's factor, exactly, at 2 places; null when nothing
 * was typed.
 * @example applyMoneyShortcut('1.5', 'k') // '1500.00'; applyMoneyShortcut('2', 'm') // '2000000.00'
 */
export function applyMoneyShortcut(typed: string, key: string, sep: MoneySeparators = EN_SEPARATORS): string | null {
  const factor = moneyShortcut(key);
  const value = moneyOf(cleanTyped(typed, sep));
  if (factor === undefined || value === null) return value;
  return toMoney(value).times(factor).toFixed(2);
}

/**
 * WID-51/52: a stored money value (a decimal string with a dot) as the input shows it: grouping
 * and 2 fixed decimals, exactly, with the locale's separators.
 * @example showMoney('1234567.891') // '1,234,567.89'; showMoney(null) // ''
 * showMoney('1234.5', { group: '\u00a0', decimal: ',' }) // '1 234,50'
 */
export function showMoney(value: unknown, sep: MoneySeparators = EN_SEPARATORS): string {
  if (value === null || value === undefined || value === '') return '';
  try {
    return groupDigits(toMoney(String(value).replace(/,/g, '')).toFixed(2), sep);
  } catch {
    return String(value);
  }
}
