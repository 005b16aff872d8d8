import { z } from 'zod';
import type { Field } from '../define';
import { fallbackOf, LANGUAGES, type Language } from '../languages';
import { hasNul } from './checks';
import { sampleText } from './textual';
import type { FieldTypeModule } from './types';

/** Characters per language when the field declares no `maxLength`: a line, or several lines. */
const maxLengthOfTranslated = (fd: Field): number => fd.maxLength ?? (fd.multiline ? 1000 : 255);

/** The fallback language of a translated field (declared in `schemas/languages.ts`). */
export { fallbackOf };

/** A sample text in a language, marked so tests can tell the languages apart. */
const sampleIn = (fd: Field, seed: number, language: Language): string => {
  const max = maxLengthOfTranslated(fd);
  const base = sampleText({ ...fd, type: 'text' }, seed, max);
  return (language === 'en' ? base : `${base} ${language}`).slice(0, max);
};

/**
 * `translated`: text per language in one `jsonb` column. The wire value is an object whose keys
 * are languages (`LANGUAGES`) and whose values are strings (or null): `{ "en": "News", "ru":
 * "Новости" }`. Each text is checked as a `text` is (no NUL, within `minLength..maxLength`,
 * `pattern`); blank or null texts are dropped, and an object left empty is stored as null. A
 * required field needs its fallback language's text (the issue names `<field>.<language>`). It is
 * answered as stored; filters and sort read the request's language with the fallback
 * (`server/rest/model.ts`).
 */
export const translated: FieldTypeModule<'translated'> = {
  type: 'translated',
  nullable: true,
  maxLength: 255,
  wire: (fd) => {
    const max = maxLengthOfTranslated(fd);
    const min = fd.minLength;
    const pattern = fd.pattern ? new RegExp(fd.pattern) : undefined;
    const fallback = fallbackOf(fd);
    return z.unknown().transform((v, ctx) => {
      if (typeof v !== 'object' || v === null || Array.isArray(v)) {
        ctx.addIssue({
          code: 'custom',
          message: `must be an object of texts by language (${LANGUAGES.join(', ')})`,
          input: v,
        });
        return z.NEVER;
      }
      const out: Record<string, string> = {};
      let refused = false;
      for (const [k, text] of Object.entries(v as Record<string, unknown>)) {
        const issue = (message: string) => {
          refused = true;
          ctx.addIssue({ code: 'custom', message, path: [k], input: text });
        };
        if (!(LANGUAGES as readonly string[]).includes(k)) issue(`unknown language (known: ${LANGUAGES.join(', ')})`);
        else if (text === null || text === undefined) continue;
        else if (typeof text !== 'string') issue('must be a string');
        else if (hasNul(text)) issue('must not contain a NUL character');
        else if (text.trim() === '') continue;
        else if (text.length > max || (min !== undefined && text.length < min))
          issue(`size must be between ${min ?? 0} and ${max}`);
        else if (pattern && !pattern.test(text)) issue(`must match "${fd.pattern}"`);
        else out[k] = text;
      }
      if (fd.required && out[fallback] === undefined && !refused)
        ctx.addIssue({ code: 'custom', message: 'must not be blank', path: [fallback], input: v });
      return Object.keys(out).length === 0 ? null : out;
    });
  },
  output: (_fd, v) => (typeof v === 'string' ? JSON.parse(v) : v),
  filter: {
    ops: ['eq', 'ne', 'in', 'nin', 'gt', 'gte', 'lt', 'lte', 'like', 'isNull'],
    parse: (_fd, raw) => ({ value: raw }),
  },
  jsonSchema: (fd, base) => ({
    ...base,
    type: 'object',
    additionalProperties: false,
    description: `${base.description ? `${String(base.description)} ` : ''}Text per language; shown in the reader's language, else in ${fallbackOf(fd)}.`,
    properties: Object.fromEntries(
      LANGUAGES.map((l) => [
        l,
        {
          anyOf: [
            {
              type: 'string',
              maxLength: maxLengthOfTranslated(fd),
              ...(fd.minLength ? { minLength: fd.minLength } : {}),
              ...(fd.pattern ? { pattern: fd.pattern } : {}),
            },
            { type: 'null' },
          ],
        },
      ]),
    ),
    ...(fd.required ? { required: [fallbackOf(fd)] } : {}),
  }),
  sample: (fd, seed) => Object.fromEntries(LANGUAGES.map((l) => [l, sampleIn(fd, seed, l)])),
  invalid: (fd) => [
    'plain text',
    42,
    ['en'],
    { de: 'Nachrichten' },
    { en: 42 },
    { en: 'a\u0000b' },
    { en: 'x'.repeat(maxLengthOfTranslated(fd) + 1) },
  ],
};
