import {
  bigint,
  boolean,
  date,
  jsonb,
  numeric,
  text,
  timestamp,
  varchar,
  type PgColumnBuilderBase,
} from 'drizzle-orm/pg-core';
import type { Field, FieldType } from '../../schemas/define';
import { hashPassword } from '../auth/passwords';

/**
 * The server-side half of each field type (the isomorphic half is `schemas/fieldTypes/`): the
 * drizzle column its values live in, and what happens to a parsed value before it is stored.
 * Exhaustive: a field type without an entry here is a type error.
 */
export interface ColumnType {
  /** The column builder of a field named `column`; null for types stored elsewhere (join tables, child rows). */
  column: ((column: string, fd: Field) => PgColumnBuilderBase) | null;
  /** Turns the parsed value into the stored one (a password into its bcrypt hash). */
  store?: (value: unknown) => Promise<unknown>;
}

/** Text, or `varchar(n)` when the field declares a `maxLength` (the column follows the declaration, not the type's default). */
const textual = (column: string, fd: Field) =>
  fd.maxLength ? varchar(column, { length: fd.maxLength }) : text(column);
/** A foreign key or a whole number that travels as a JSON number. */
const id = (column: string) => bigint(column, { mode: 'number' });

/** The column of every field type. */
export const COLUMN_TYPES: Record<FieldType, ColumnType> = {
  text: { column: textual },
  longText: { column: (c) => text(c) },
  number: {
    column: (c, fd) =>
      fd.integer ? id(c) : fd.scale !== undefined ? numeric(c, { precision: 19, scale: fd.scale }) : numeric(c),
  },
  money: { column: (c) => numeric(c, { precision: 19, scale: 4 }) },
  percent: { column: (c) => numeric(c, { precision: 12, scale: 8 }) },
  boolean: { column: (c) => boolean(c) },
  date: { column: (c) => date(c) },
  month: { column: (c) => date(c) },
  dateTime: { column: (c) => timestamp(c, { withTimezone: true }) },
  durationMs: { column: id },
  email: { column: textual },
  phone: { column: textual },
  url: { column: textual },
  password: {
    column: (c) => text(c),
    store: async (v) => (typeof v === 'string' ? hashPassword(v) : v),
  },
  enum: { column: textual },
  ref: { column: id },
  refId: { column: id },
  refList: { column: null },
  dictionary: { column: id },
  dictionaryList: { column: null },
  embedded: { column: (c) => jsonb(c) },
  embeddedList: { column: (c) => jsonb(c) },
  children: { column: null },
  file: { column: id },
  files: { column: null },
  translated: { column: (c) => jsonb(c) },
};
