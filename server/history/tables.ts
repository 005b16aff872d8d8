import { bigint, bigserial, index, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The record history: one row per record written (created, updated, deleted), inserted in the
 * write's own transaction, so a rolled-back write leaves none. `changes` is a JSON array of
 * {@link HistoryChange}; `changed_at` is the transaction's start (`now()`), the same for every
 * record one request writes.
 */
export const recordHistory = pgTable(
  'record_history',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** The collection name (`clients`), as on the wire. */
    collection: text('collection').notNull(),
    recordId: bigint('record_id', { mode: 'number' }).notNull(),
    /** `create`, `update` or `delete`. */
    action: text('action').notNull(),
    /** The user name of the signed-in user who wrote. */
    changedBy: text('changed_by'),
    changedAt: timestamp('changed_at', { withTimezone: true }).notNull().defaultNow(),
    changes: jsonb('changes').notNull(),
  },
  (t) => [index('record_history_record_idx').on(t.collection, t.recordId, t.id)],
);

/**
 * One field a write changed, in wire units (references as `{ id }`, lists as `[{ id }]`).
 * A write-only field (a password) is recorded as changed without its values.
 */
export interface HistoryChange {
  field: string;
  before?: unknown;
  after?: unknown;
  writeOnly?: true;
}
