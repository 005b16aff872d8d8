/**
 * The entity DSL: one declaration per entity, from which the database table, the server's
 * validation and Spring-Data-REST routes, the OpenAPI document, the data provider's payload
 * rules and the react-admin Resource are all derived (docs/architecture.md).
 *
 * This module is the DSL's public face: it re-exports the modules of `schemas/define/`, one per
 * concern - `fields.ts` (field types and the builders `f.*`), `access.ts` (access levels and the
 * user access rules read), `views.ts` (projections, list, form, card tabs, Excel export),
 * `actions.ts` (actions and their buttons), `workflow.ts` (statuses, approval chains, documents,
 * global search, translations), `entity.ts` (`EntityConfig`, `EntitySchema`), `contexts.ts`
 * (what the server's bodies are told) and `defineEntity.ts`. They are isomorphic: they import
 * neither React nor Node APIs.
 *
 * Units on the wire (docs/api.md):
 * - `percent` is a fraction (0.21) on the wire and in the database, shown x100 (CONST-06);
 * - `money` is `numeric(19,4)`; decimal strings are accepted, numbers are returned;
 * - `durationMs` is an integer number of milliseconds;
 * - `date` is `YYYY-MM-DD`, `month` is the first day of a month (`YYYY-MM-DD`), `dateTime` ISO 8601.
 *
 * @example
 * // schemas/crm/currencies.ts - a whole entity in one file
 * export const currencies = defineEntity({
 *   name: 'currencies',
 *   entityName: 'Currency',
 *   label: 'Currencies',
 *   area: 'administration',
 *   access: { read: 'signedIn', write: 'admin' },
 *   fields: {
 *     code: f.text({ required: true, maxLength: 3, unique: true }),
 *     gname: f.text({ required: true, label: 'Name' }),
 *     lname: f.text({ label: 'Local name' }),
 *   },
 *   search: ['code', 'gname'],
 *   list: { columns: ['code', 'gname', 'lname'] },
 * });
 */
export { rule, type AccessCondition, type AccessRule, type ComputedField, type RowModule } from './accessRule';
export * from './define/fields';
export * from './define/access';
export * from './define/views';
export * from './define/actions';
export * from './define/workflow';
export * from './define/entity';
export * from './define/contexts';
export * from './define/defineEntity';
