/**
 * Every table the migrations create, for `npm run db:generate` (`server/db/generate.ts`): the
 * entity tables derived from the registry ({@link drizzleTables}) and, re-exported here, the
 * tables of the spine's own rooms that are not entities. A room with a table of its own adds one
 * line below. (Kept apart from `tables.ts`, which those rooms import for their foreign keys.)
 */
export { drizzleTables } from './tables';
export * from '../auth/tables';
export * from '../history/tables';
export * from '../statuses/tables';
export * from '../jobs/tables';
export * from '../engagements/accessTables';
