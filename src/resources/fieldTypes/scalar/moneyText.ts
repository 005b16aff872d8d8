/**
 * The currency mask of money inputs as pure string functions (WID-51..54): 2 fixed decimals,
 * comma grouping, `k` x1,000 and `m` x1,000,000 shortcuts. Values stay decimal strings computed
 * with decimal.js (`schemas/money.ts`), never floats, so 15 integer digits keep every cent.
 */
import { toMoney } from '../../../../schemas/money';

/** Groups the integer part of a plain decimal text with commas: `'-1234567.8'` -> `'-1,234,567.8'`. */
export function groupDigits(plain: string): string {
  const m = /^(-?)(\d*)(\.?\d*)$/.exec(plain);
  if (!m) return plain;
  return `${m[1]}${m[2]!.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}${m[3]}`;
}

/**
 * What a keystroke leaves of the typed text, as a plain decimal (no grouping): digits, one dot,
 * a leading minus, at most 2 decimals (WID-51); anything else is dropped.
 * @example cleanTyped('1,234.567') // '1234.56'; cleanTyped('12a.3') // '12.3'
 */
export function cleanTyped(text: string): string {
  const negative = text.trimStart().startsWith('-');
  const kept = text.replace(/[^\d.]/g, '');
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
export function applyMoneyShortcut(typed: string, key: string): string | null {
  const factor = moneyShortcut(key);
  const value = moneyOf(cleanTyped(typed));
  if (factor === undefined || value === null) return value;
  return toMoney(value).times(factor).toFixed(2);
}

/**
 * WID-51/52: a money value as the input shows it: comma grouping and 2 fixed decimals, exactly.
 * @example showMoney('1234567.891') // '1,234,567.89'; showMoney(null) // ''
 */
export function showMoney(value: unknown): string {
  if (value === null || value === undefined || value === '') return '';
  try {
    return groupDigits(toMoney(String(value).replace(/,/g, '')).toFixed(2));
  } catch {
    return String(value);
  }
}
