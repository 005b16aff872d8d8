/**
 * Mask definitions (001 §2.11, §5, WID-47..54) as `react-imask` options, plus validators for the
 * masks whose completeness a keystroke filter cannot prove (email, url, ip, ...). Pure: no React.
 */
import type { Validator } from 'react-admin';

export type NumericMaskKind = 'currency' | 'decimal' | 'integer' | 'percentage';
export type TextMaskKind = 'date' | 'ip' | 'email' | 'url' | 'mac' | 'vin' | 'ssn';

/** IMask options of a numeric mask (WID-48): grouping, scale, bounds. */
export interface NumericMaskOptions {
  mask: NumberConstructor;
  scale: number;
  thousandsSeparator: string;
  radix: '.';
  mapToRadix: string[];
  padFractionalZeros: boolean;
  normalizeZeros: boolean;
  min?: number;
  max?: number;
}

/**
 * WID-48..52: currency = 2 fixed decimals with comma grouping, decimal = up to 6 decimals,
 * integer = no decimals, percentage = 0..100 (no minus: min 0), up to 2 decimals.
 */
export const numericMask = (kind: NumericMaskKind): NumericMaskOptions => {
  const base = { mask: Number, radix: '.' as const, mapToRadix: ['.'], normalizeZeros: true };
  switch (kind) {
    case 'currency':
      return { ...base, scale: 2, thousandsSeparator: ',', padFractionalZeros: true };
    case 'decimal':
      return { ...base, scale: 6, thousandsSeparator: ',', padFractionalZeros: false };
    case 'integer':
      return { ...base, scale: 0, thousandsSeparator: ',', padFractionalZeros: false };
    case 'percentage':
      return { ...base, scale: 2, thousandsSeparator: '', padFractionalZeros: false, min: 0, max: 100 };
  }
};

/** WID-53/54: the multiplier of a shortcut key (`k` x1000, `m` x1000000), else undefined. */
export const shortcutFactor = (key: string): number | undefined =>
  ({ k: 1_000, m: 1_000_000 })[key.toLowerCase() as 'k' | 'm'];

/**
 * WID-53/54: applies a trailing shortcut to a typed number: `'5k'` -> 5000, `'1.5m'` -> 1500000,
 * `'1,200'` -> 1200; not a number -> undefined. Rounded to 6 decimals (no 1.1*1000 = 1100.0000000001).
 */
export const applyShortcut = (text: string): number | undefined => {
  const m = /^\s*(-?[\d,]*\.?\d*)\s*([kKmM]?)\s*$/.exec(text);
  if (!m || !m[1] || m[1] === '-' || m[1] === '.') return undefined;
  const n = Number(m[1].replace(/,/g, ''));
  if (Number.isNaN(n)) return undefined;
  const factor = m[2] ? (shortcutFactor(m[2]) ?? 1) : 1;
  return Math.round(n * factor * 1e6) / 1e6;
};

/** IMask options of a text mask; `undefined` for masks checked by a validator only (email, url). */
export interface TextMaskOptions {
  mask: string | RegExp;
  definitions?: Record<string, RegExp>;
  prepareChar?: (ch: string) => string;
  lazy?: boolean;
}

const upper = (ch: string) => ch.toUpperCase();

/** WID-47: keystroke masks (date `YYYY-MM-DD`, ip, mac, vin, ssn); email and url have none. */
export const textMask = (kind: TextMaskKind): TextMaskOptions | undefined => {
  switch (kind) {
    case 'date':
      return { mask: '0000-00-00' };
    case 'ip':
      return { mask: /^[\d.]{0,15}$/ };
    case 'mac':
      return { mask: 'HH:HH:HH:HH:HH:HH', definitions: { H: /[0-9A-F]/ }, prepareChar: upper };
    case 'vin':
      // VIN characters exclude I, O and Q.
      return { mask: 'VVVVVVVVVVVVVVVVV', definitions: { V: /[A-HJ-NPR-Z0-9]/ }, prepareChar: upper };
    case 'ssn':
      return { mask: '000-00-0000' };
    default:
      return undefined;
  }
};

const PATTERNS: Record<TextMaskKind, RegExp> = {
  date: /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/,
  ip: /^((25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)\.){3}(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)$/,
  email: /^[^\s@]+@[^\s@]+\.[^\s@]+$/,
  url: /^(https?:\/\/)?[^\s/$.?#][^\s.]*\.[^\s]+$/i,
  mac: /^([0-9A-F]{2}:){5}[0-9A-F]{2}$/i,
  vin: /^[A-HJ-NPR-Z0-9]{17}$/i,
  ssn: /^\d{3}-\d{2}-\d{4}$/,
};

/** WID-47: the validator proving a masked value complete and well-formed; empty passes. */
export const maskValidator =
  (kind: TextMaskKind): Validator =>
  (value: unknown) => {
    if (value == null || value === '') return undefined;
    const ok = PATTERNS[kind].test(String(value)) && (kind !== 'date' || !Number.isNaN(Date.parse(String(value))));
    // the message's key; the form translates it (`bureau.ui.mask.<kind>` in both catalogues)
    return ok ? undefined : `bureau.ui.mask.${kind}`;
  };
