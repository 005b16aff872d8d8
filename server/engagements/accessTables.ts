import { bigint, foreignKey, index, pgTable, text } from 'drizzle-orm/pg-core';
import { tables } from '../db/tables';

/**
 * The access lists of matters and projects, stored (MAT-12, PROJ-03, docs/decisions.md "Access
 * lists of projects and matters"): one row per position on a record's list, and one row naming its
 * creator's user name. The rows are written by the database itself: triggers on `matters`,
 * `matter_teams`, `projects` and `project_managers` rebuild the lists of the records a write
 * touches, in the transaction of that write, whoever writes (the REST routes, nested writes,
 * imports, seeds, raw SQL); the migration that creates them fills them from the rows already there
 * (`refresh_matter_access` / `refresh_project_access`, see the migration `access_lists`).
 *
 * Access rules read them through `rule.accessList` (schemas/accessRule.ts): a row is on the list of
 * the user when its id is among `SELECT matter_id FROM matter_access WHERE position_id IN (the
 * user's positions) OR created_by = (the user name)` - a semi-join on an index instead of an
 * `EXISTS` per row over teams, managers and projects.
 *
 * Exactly one of `position_id` and `created_by` is set. No primary key: a list is rebuilt by
 * delete-then-insert, and duplicates (a position that is both responsible and on the team) are
 * removed by the rebuild's `DISTINCT`.
 */
export const matterAccess = pgTable(
  'matter_access',
  {
    matterId: bigint('matter_id', { mode: 'number' }).notNull(),
    positionId: bigint('position_id', { mode: 'number' }),
    createdBy: text('created_by'),
  },
  (t) => [
    index('matter_access_position_idx').on(t.positionId, t.matterId),
    index('matter_access_created_by_idx').on(t.createdBy, t.matterId),
    index('matter_access_matter_idx').on(t.matterId),
    foreignKey({
      name: 'matter_access_matter_fk',
      columns: [t.matterId],
      foreignColumns: [tables.matters!.id],
    }).onDelete('cascade'),
  ],
);

/** The access lists of projects, as {@link matterAccess} for matters. */
export const projectAccess = pgTable(
  'project_access',
  {
    projectId: bigint('project_id', { mode: 'number' }).notNull(),
    positionId: bigint('position_id', { mode: 'number' }),
    createdBy: text('created_by'),
  },
  (t) => [
    index('project_access_position_idx').on(t.positionId, t.projectId),
    index('project_access_created_by_idx').on(t.createdBy, t.projectId),
    index('project_access_project_idx').on(t.projectId),
    foreignKey({
      name: 'project_access_project_fk',
      columns: [t.projectId],
      foreignColumns: [tables.projects!.id],
    }).onDelete('cascade'),
  ],
);
