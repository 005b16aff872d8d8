import { z } from 'zod';
import type { Field, FieldType } from '../define';
import { hasNul } from './checks';
import { ALL_OPS, type FieldTypeModule, type Json } from './types';

/** What sets one text-like type apart: its length bound, its format check, its JSON Schema and samples. */
export interface TextualSpec<T extends FieldType> {
  type: T;
  /** Characters allowed when the field declares no `maxLength` (also bounds the format check's work). */
  maxLength: number;
  /** A blank value (`''`, spaces) is stored as null rather than checked (e-mail, phone, URL). */
  blankIsNull?: boolean;
  /** The format check, with its message. */
  format?: { test: (s: string) => boolean; message: string };
  /** Extra JSON Schema keywords (`format`, `pattern`, a description). */
  json?: Json;
  /** A valid value for seed `seed`. */
  sample: (fd: Field, seed: number) => string;
  /** Values of the right JSON type that the format refuses. */
  invalid?: string[];
}

/** The effective maximum length of a text-like field: its own `maxLength`, else the type's. */
export const maxLengthOf = (fd: Field, typeMax: number): number => fd.maxLength ?? typeMax;

/** Three letters that differ for every seed below 26^3 (`AAA`, `BAA`, ...). */
export const letters = (seed: number): string =>
  [seed % 26, Math.floor(seed / 26) % 26, Math.floor(seed / 676) % 26].map((i) => String.fromCharCode(65 + i)).join('');

/**
 * A text-like field type module: a string without NUL, within `minLength..maxLength` (the type's
 * bound when the field has none), passing the type's format check and the field's `pattern`.
 */
export function textual<T extends FieldType>(spec: TextualSpec<T>): FieldTypeModule<T> {
  return {
    type: spec.type,
    nullable: true,
    maxLength: spec.maxLength,
    wire: (fd) => {
      const max = maxLengthOf(fd, spec.maxLength);
      const min = fd.minLength;
      const pattern = fd.pattern ? new RegExp(fd.pattern) : undefined;
      const size = `size must be between ${min ?? 0} and ${max}`;
      const s = z
        .string({ error: 'must be a string' })
        .refine((v) => !hasNul(v), { error: 'must not contain a NUL character', abort: true });
      // e-mail, phone and URL store a blank value as null, unchecked
      const skip = (v: string) => spec.blankIsNull === true && v.trim() === '';
      const checked = s
        .refine((v) => skip(v) || (v.length <= max && (min === undefined || v === '' || v.length >= min)), {
          error: size,
          abort: true,
        })
        .refine((v) => skip(v) || !spec.format || spec.format.test(v), {
          error: spec.format?.message ?? '',
          abort: true,
        })
        .refine((v) => !fd.singleLine || !/[\r\n]/.test(v), {
          error: 'must be one line, without line breaks',
          abort: true,
        })
        .refine((v) => skip(v) || !pattern || v === '' || pattern.test(v), { error: `must match "${fd.pattern}"` });
      return spec.blankIsNull ? checked.transform((v) => (skip(v) ? null : v)) : checked;
    },
    output: (_fd, v) => v,
    filter: { ops: ALL_OPS, parse: (_fd, raw) => ({ value: raw }) },
    jsonSchema: (fd, base) => ({
      ...base,
      type: 'string',
      maxLength: maxLengthOf(fd, spec.maxLength),
      ...(fd.minLength ? { minLength: fd.minLength } : {}),
      ...(fd.pattern ? { pattern: fd.pattern } : fd.singleLine ? { pattern: '^[^\\r\\n]*$' } : {}),
      ...spec.json,
    }),
    sample: spec.sample,
    invalid: (fd) => [
      42,
      true,
      { text: 'x' },
      'a\u0000b',
      'x'.repeat(maxLengthOf(fd, spec.maxLength) + 1),
      ...(fd.singleLine ? ['two\r\nlines'] : []),
      ...(spec.invalid ?? []),
    ],
  };
}

/** A sample text for a plain text field: fits its length and pattern; unique fields differ per seed. */
export function sampleText(fd: Field, seed: number, typeMax: number): string {
  const max = maxLengthOf(fd, typeMax);
  const tag = letters(seed);
  const candidates = fd.pattern
    ? [fd.unique ? `Q${tag}`.slice(0, 3) : 'QQQ', tag, 'Q', 'Q1', '1', 'q', 'sample', `${tag.toLowerCase()}@example.kz`]
    : [`Sample ${fd.unique ? `${tag}${seed}` : tag}`];
  const fit = (s: string) => (s.length > max ? s.slice(s.length - max) : s);
  const ok = candidates
    .map(fit)
    .find((s) => (!fd.pattern || new RegExp(fd.pattern).test(s)) && s.length >= (fd.minLength ?? 0));
  if (ok === undefined) throw new Error(`no sample text fits pattern ${fd.pattern}`);
  return ok;
}
