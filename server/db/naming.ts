import type { EntitySchema, Field } from '../../schemas/define';
import { shapeOf, snakeCase } from '../../schemas/define';

/**
 * How schemas map to SQL names. Every part of the server (tables, REST queries, seed, auth)
 * derives names from here, never by hand.
 *
 * - table: `schema.table` (snake_case of the collection name unless the schema sets one);
 * - system columns: `id bigserial`, `version integer` (the lock, whatever its wire name, H1),
 *   `created_date`, `last_modified_date` (timestamptz), `created_by`, `last_modified_by` (text);
 * - scalar field `firstPhoneNumber` -> `first_phone_number` (or `field.column`, H10);
 * - `ref` / `dictionary` field `country` -> `country_id` (bigint FK);
 * - `refId` field `officeId` -> `office_id` (bigint FK);
 * - `refList` / `dictionaryList` without `via` -> join table `<table>_<snake field>` with
 *   columns `owner_id`, `target_id` (primary key both);
 * - `embedded` / `embeddedList` -> one `jsonb` column;
 * - `children` and `refList` with `via` -> no column (the child's FK).
 */
export const LOCK_COLUMN = 'version';

export function columnName(fieldName: string, fd: Field): string {
  if (fd.column) return fd.column;
  if (shapeOf(fd) === 'toOne') return `${snakeCase(fieldName)}_id`;
  if (shapeOf(fd) === 'flatId') return snakeCase(fieldName).replace(/_id$/, '') + '_id';
  return snakeCase(fieldName);
}

export function joinTableName(schema: EntitySchema, fieldName: string): string {
  return `${schema.table}_${snakeCase(fieldName)}`;
}

export const SYSTEM_COLUMNS = {
  id: 'id',
  createdDate: 'created_date',
  lastModifiedDate: 'last_modified_date',
  createdBy: 'created_by',
  lastModifiedBy: 'last_modified_by',
} as const;
