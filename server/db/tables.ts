import {
  bigint,
  bigserial,
  foreignKey,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  type AnyPgColumn,
  type PgColumnBuilderBase,
  type PgTableWithColumns,
} from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import type { EntitySchema, Field } from '../../schemas/define';
import { hasTrash, isColumnField, isLinkList, isToOne } from '../../schemas/define';
import { getSchema, storedSchemas } from '../../schemas/index';
import { COLUMN_TYPES } from './columns';
import { columnName, joinTableName, LOCK_COLUMN, SYSTEM_COLUMNS } from './naming';
import { searchDocument, searchIndexName } from '../search/vector';
import { TRASH_COLUMNS } from '../trash/columns';

/**
 * The database tables, derived from the entity schemas (`schemas/`, the single source of truth).
 * `npm run db:generate` hands {@link drizzleTables} to drizzle-kit to write migrations; the REST layer
 * builds its SQL from the schemas and `naming.ts`, not from these objects.
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyTable = PgTableWithColumns<any>;

const FK_ACTION = { restrict: 'restrict', cascade: 'cascade', setNull: 'set null' } as const;

/** The drizzle column builder of a field stored in its entity's table (`columns.ts`). */
function columnFor(name: string, fd: Field): PgColumnBuilderBase {
  const build = COLUMN_TYPES[fd.type].column;
  if (!build) throw new Error(`field ${name}: type ${fd.type} has no column`);
  return build(columnName(name, fd), fd);
}

/** Whether a default is a constant the database can hold (functions and references are applied by the server). */
const sqlDefault = (fd: Field): unknown =>
  fd.default === undefined ||
  typeof fd.default === 'function' ||
  (typeof fd.default === 'object' && fd.default !== null)
    ? undefined
    : fd.default;

/** Tables by collection name (stored schemas only; presets have none). */
export const tables: Record<string, AnyTable> = {};

/** Join tables of `refList`/`dictionaryList` fields without `via`, by `<collection>.<field>`. */
export const joinTables: Record<string, AnyTable> = {};

function buildTable(schema: EntitySchema): AnyTable {
  const fields = Object.entries(schema.fields).filter(([, fd]) => isColumnField(fd));
  const columns: Record<string, PgColumnBuilderBase> = {
    id: bigserial(SYSTEM_COLUMNS.id, { mode: 'number' }).primaryKey(),
    [LOCK_COLUMN === schema.lockProperty ? LOCK_COLUMN : '__lock']: integer(LOCK_COLUMN).notNull().default(0),
    createdDate: timestamp(SYSTEM_COLUMNS.createdDate, { withTimezone: true }).notNull().defaultNow(),
    lastModifiedDate: timestamp(SYSTEM_COLUMNS.lastModifiedDate, { withTimezone: true }).notNull().defaultNow(),
    createdBy: text(SYSTEM_COLUMNS.createdBy),
    lastModifiedBy: text(SYSTEM_COLUMNS.lastModifiedBy),
  };
  // a trash-enabled entity's deleted rows (server/trash/columns.ts); keys no field can take
  if (hasTrash(schema)) {
    columns.__deletedAt = timestamp(TRASH_COLUMNS.deletedAt, { withTimezone: true });
    columns.__deletedBy = text(TRASH_COLUMNS.deletedBy);
    columns.__deletedWith = text(TRASH_COLUMNS.deletedWith);
  }
  for (const [name, fd] of fields) {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    let b = columnFor(name, fd) as any;
    const d = sqlDefault(fd);
    if (d !== undefined) b = b.default(d);
    columns[name] = b as PgColumnBuilderBase;
  }
  return pgTable(schema.table, columns, (t) => {
    const extras = [];
    const col = (field: string): AnyPgColumn => {
      const c = (t as Record<string, AnyPgColumn>)[field];
      if (!c) throw new Error(`schema ${schema.name}: no column for field "${field}"`);
      return c;
    };
    extras.push(index(`${schema.table}_last_modified_date_idx`).on(col('lastModifiedDate')));
    // the trash list and the retention purge read the few deleted rows only
    if (hasTrash(schema))
      extras.push(
        index(`${schema.table}_deleted_at_idx`)
          .on(col('__deletedAt'))
          .where(sql.raw(`${TRASH_COLUMNS.deletedAt} IS NOT NULL`)),
      );
    for (const [name, fd] of fields) {
      const cname = columnName(name, fd);
      if (isToOne(fd)) {
        const target = getSchema(fd.target!);
        extras.push(
          foreignKey({
            name: `${schema.table}_${cname}_fk`,
            columns: [col(name)],
            foreignColumns: [tableOf(target).id as AnyPgColumn],
          }).onDelete(FK_ACTION[fd.onDelete ?? 'restrict']),
        );
        extras.push(index(`${schema.table}_${cname}_idx`).on(col(name)));
      } else if (fd.index) {
        extras.push(index(`${schema.table}_${cname}_idx`).on(col(name)));
      }
      if (fd.unique) {
        const scope = Array.isArray(fd.unique) ? fd.unique : [];
        const cols = [name, ...scope];
        const names = cols.map((c) => columnName(c, schema.fields[c]!));
        extras.push(
          unique(`${schema.table}_${names.join('_')}_unique`).on(...(cols.map(col) as [AnyPgColumn, ...AnyPgColumn[]])),
        );
      }
    }
    for (const idx of schema.indexes ?? []) {
      const names = idx.map((c) =>
        schema.fields[c] ? columnName(c, schema.fields[c]) : (SYSTEM_COLUMNS[c as keyof typeof SYSTEM_COLUMNS] ?? c),
      );
      extras.push(
        index(`${schema.table}_${names.join('_')}_idx`).on(...(idx.map(col) as [AnyPgColumn, ...AnyPgColumn[]])),
      );
    }
    // the global search's full-text document (schemas' `globalSearch`, server/search/vector.ts)
    if (schema.globalSearch) extras.push(index(searchIndexName(schema)).using('gin', sql.raw(searchDocument(schema))));
    return extras;
  });
}

function tableOf(schema: EntitySchema): AnyTable {
  const t = tables[schema.name];
  if (!t) throw new Error(`no table for ${schema.name}`);
  return t;
}

function buildJoinTable(owner: EntitySchema, fieldName: string, fd: Field): AnyTable {
  const name = joinTableName(owner, fieldName);
  return pgTable(
    name,
    {
      ownerId: bigint('owner_id', { mode: 'number' }).notNull(),
      targetId: bigint('target_id', { mode: 'number' }).notNull(),
    },
    (t) => [
      primaryKey({ name: `${name}_pk`, columns: [t.ownerId, t.targetId] }),
      foreignKey({
        name: `${name}_owner_fk`,
        columns: [t.ownerId],
        foreignColumns: [tableOf(owner).id as AnyPgColumn],
      }).onDelete('cascade'),
      foreignKey({
        name: `${name}_target_fk`,
        columns: [t.targetId],
        foreignColumns: [tableOf(getSchema(fd.target!)).id as AnyPgColumn],
      }).onDelete('cascade'),
      index(`${name}_target_id_idx`).on(t.targetId),
    ],
  );
}

/**
 * Builds the tables of the registered schemas not built yet (all of them when this module loads;
 * a schema added with `registerSchema` before migrations are generated, in tests).
 */
export function buildTables(schemas: readonly EntitySchema[] = storedSchemas()): void {
  for (const schema of schemas) tables[schema.name] ??= buildTable(schema);
  for (const schema of schemas) {
    for (const [name, fd] of Object.entries(schema.fields)) {
      if (isLinkList(fd) && !fd.via) joinTables[`${schema.name}.${name}`] ??= buildJoinTable(schema, name, fd);
    }
  }
}

buildTables();

/**
 * Every table the migrations create, by a unique name, derived from the registry (never listed by
 * hand): the entity tables by collection name and the join tables as `<collection>.<field>`.
 * `npm run db:generate` (`scripts/db-generate.ts`) hands these to drizzle-kit, with every table
 * `server/db/allTables.ts` exports (the tables that are not entities).
 *
 * @example generateDrizzleJson({ ...drizzleTables(), ...otherTables })
 */
export function drizzleTables(): Record<string, unknown> {
  buildTables();
  return { ...tables, ...joinTables };
}
