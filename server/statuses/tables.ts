import { bigint, bigserial, foreignKey, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { tables } from '../db/tables';

/**
 * The history of every declared status (`status` in `schemas/define.ts`): one row per change,
 * written in the transaction of the write that made it. `collection` and `record_id` name the
 * record (any collection, so no foreign key: the history outlives a deleted record); `from_id` is
 * null for the row a create writes; `changed_by` is the user name, as `created_by` elsewhere.
 */
export const statusChanges = pgTable(
  'status_changes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    collection: text('collection').notNull(),
    recordId: bigint('record_id', { mode: 'number' }).notNull(),
    field: text('field').notNull(),
    fromId: bigint('from_id', { mode: 'number' }),
    toId: bigint('to_id', { mode: 'number' }).notNull(),
    comment: text('comment'),
    changedBy: text('changed_by'),
    changedDate: timestamp('changed_date', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('status_changes_record_idx').on(t.collection, t.recordId, t.changedDate),
    foreignKey({ name: 'status_changes_from_fk', columns: [t.fromId], foreignColumns: [tables.baseDictionaries!.id] }),
    foreignKey({ name: 'status_changes_to_fk', columns: [t.toId], foreignColumns: [tables.baseDictionaries!.id] }),
  ],
);
