import { Faker, base, de, en, tr } from '@faker-js/faker';

/** The fixed "today" of the demo data: every generated date is relative to it, never `Date.now()`. */
export const REFERENCE_DATE = new Date('2026-11-01T00:00:00.000Z');

const DAY_MS = 86_400_000;

/**
 * A seeded English faker (names, companies) plus German and Turkish ones (local names), anchored on
 * {@link REFERENCE_DATE}. Each seed section gets its own pair, so adding rows in one section
 * never shifts the data of another.
 */
export interface Rng {
  en: Faker;
  /** Local-name fakers by language. */
  de: Faker;
  tr: Faker;
  /** `true` with the given probability (0..1). */
  chance(probability: number): boolean;
  /** An integer in `[min, max]`. */
  int(min: number, max: number): number;
  /** One element of a non-empty list. */
  pick<T>(items: readonly T[]): T;
  /** One element by weight: `[[weight, value], ...]`. */
  weighted<T>(items: ReadonlyArray<readonly [number, T]>): T;
  /** `count` distinct elements of a list (fewer when the list is shorter). */
  some<T>(items: readonly T[], count: number): T[];
  /** A timestamp uniformly between `from` and `to`. */
  between(from: Date, to: Date): Date;
  /** `n` random decimal digits as a string (leading zeros allowed). */
  digits(n: number): string;
}

/** Seeded random helpers for one seed section (`seed` is any fixed integer). */
export function makeRng(seed: number): Rng {
  const make = (locale: Faker['rawDefinitions'], offset: number): Faker => {
    const faker = new Faker({ locale: [locale, en, base] });
    faker.seed(seed + offset);
    faker.setDefaultRefDate(REFERENCE_DATE);
    return faker;
  };
  const fen = make(en, 0);
  return {
    en: fen,
    de: make(de, 2),
    tr: make(tr, 3),
    chance: (p) => fen.number.float({ min: 0, max: 1 }) < p,
    int: (min, max) => fen.number.int({ min, max }),
    pick: (items) => fen.helpers.arrayElement(items),
    weighted: (items) => fen.helpers.weightedArrayElement(items.map(([weight, value]) => ({ weight, value }))),
    some: (items, count) => fen.helpers.arrayElements(items, Math.min(count, items.length)),
    between: (from, to) =>
      new Date(fen.number.int({ min: from.getTime(), max: Math.max(from.getTime(), to.getTime()) })),
    digits: (n) => fen.string.numeric({ length: n, allowLeadingZeros: true }),
  };
}

/** `days` days before {@link REFERENCE_DATE}. */
export const daysAgo = (days: number): Date => new Date(REFERENCE_DATE.getTime() - days * DAY_MS);

/** `YYYY-MM-DD` of a date (UTC). */
export const isoDate = (d: Date): string => d.toISOString().slice(0, 10);

/** The last day of the month of `d`, `YYYY-MM-DD` (positions' `dateLte`, EMP-16). */
export const monthEnd = (d: Date): string => isoDate(new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)));

/** The `created` / `lastModified` audit pair: created in `[from, REFERENCE_DATE]`, modified after it. */
export function auditDates(rng: Rng, from: Date): { createdDate: string; lastModifiedDate: string } {
  const created = rng.between(from, REFERENCE_DATE);
  const modified = rng.chance(0.4) ? created : rng.between(created, REFERENCE_DATE);
  return { createdDate: created.toISOString(), lastModifiedDate: modified.toISOString() };
}

const TRANSLIT: Record<string, string> = {
  а: 'a',
  б: 'b',
  в: 'v',
  г: 'g',
  д: 'd',
  е: 'e',
  ё: 'e',
  ж: 'zh',
  з: 'z',
  и: 'i',
  й: 'y',
  к: 'k',
  л: 'l',
  м: 'm',
  н: 'n',
  о: 'o',
  п: 'p',
  р: 'r',
  с: 's',
  т: 't',
  у: 'u',
  ф: 'f',
  х: 'kh',
  ц: 'ts',
  ч: 'ch',
  ш: 'sh',
  щ: 'shch',
  ъ: '',
  ы: 'y',
  ь: '',
  э: 'e',
  ю: 'yu',
  я: 'ya',
};

/** Latin transliteration of a Cyrillic name (`Дмитрий` -> `Dmitriy`), for global names. */
export function transliterate(text: string): string {
  return [...text]
    .map((ch) => {
      const lower = ch.toLowerCase();
      const latin = TRANSLIT[lower];
      if (latin === undefined) return ch;
      return ch === lower ? latin : latin.charAt(0).toUpperCase() + latin.slice(1);
    })
    .join('');
}

/** Lower-case ASCII letters only, for e-mail local parts and slugs. */
export const slug = (text: string, sep = ''): string =>
  transliterate(text)
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim()
    .split(' ')
    .join(sep);

/**
 * A small seeded generator (mulberry32) for the bulk sections (hundreds of thousands of time
 * entries), where faker's per-call cost shows. Same seed, same sequence, on every platform.
 */
export interface FastRng {
  /** A float in `[0, 1)`. */
  next(): number;
  /** `true` with the given probability (0..1). */
  chance(probability: number): boolean;
  /** An integer in `[min, max]`. */
  int(min: number, max: number): number;
  /** One element of a non-empty list. */
  pick<T>(items: readonly T[]): T;
}

/** A {@link FastRng} for one section (`seed` is any fixed integer). */
export function makeFastRng(seed: number): FastRng {
  let state = seed >>> 0;
  const next = (): number => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    chance: (p) => next() < p,
    int: (min, max) => min + Math.floor(next() * (max - min + 1)),
    pick: (items) => items[Math.floor(next() * items.length)]!,
  };
}
