import { humanize, SYSTEM_FIELDS, type EntitySchema } from '../../schemas/define';
import { listColumns } from '../resources/columns';
import { labelOf } from '../resources/schemaUtils';

/** The English heading of a menu area: its name humanised; a name of up to three letters is an acronym (`crm` -> `CRM`). */
export const areaLabel = (area: string): string => (area.length <= 3 ? area.toUpperCase() : humanize(area));

/** System columns' labels (every row has them). */
const systemFieldLabels: Record<(typeof SYSTEM_FIELDS)[number], string> = {
  id: 'ID',
  createdDate: 'Created',
  lastModifiedDate: 'Last modified',
  createdBy: 'Created by',
  lastModifiedBy: 'Last modified by',
};

type ResourceMessages = {
  name: string;
  forcedCaseName: string;
  page: Record<string, string>;
  fields: Record<string, string>;
  tabs: Record<string, string>;
  steps: Record<string, string>;
};

/** The names and page titles of an entity (`name`, `page`), from its schema or its manifest entry. */
const nameMessages = (
  schema: Pick<EntitySchema, 'entityName' | 'label'>,
): Pick<ResourceMessages, 'name' | 'forcedCaseName' | 'page'> => ({
  name: `${schema.entityName} |||| ${schema.label}`,
  forcedCaseName: `${schema.entityName} |||| ${schema.label}`,
  // react-admin's page titles (its defaults `ra.page.*` with the schema's names)
  page: {
    list: schema.label,
    create: `New ${humanize(schema.entityName).toLowerCase()}`,
    edit: `Edit ${humanize(schema.entityName).toLowerCase()} %{recordRepresentation}`,
    show: `${schema.entityName} %{recordRepresentation}`,
  },
});

/**
 * The texts of entities whose schemas are not loaded yet, from the SPA's manifest: names and page
 * titles (the menu, `/`), by route; fields, tabs and steps join with the schema (`schemaMessages`).
 */
export const manifestMessages = (list: readonly Pick<EntitySchema, 'route' | 'entityName' | 'label'>[]) =>
  Object.fromEntries(list.map((e) => [e.route, nameMessages(e)]));

const resourceMessages = (schema: EntitySchema): ResourceMessages => {
  const fields: Record<string, string> = { ...systemFieldLabels };
  for (const [name, field] of Object.entries(schema.fields)) fields[name] = field.label ?? humanize(name);
  for (const [path, fd] of listColumns(schema)) fields[path] ??= labelOf(path, fd);
  for (const filter of schema.list?.filters ?? [])
    fields[filter.source] ??=
      filter.label ?? fields[filter.field ?? filter.source.split('.')[0]!] ?? humanize(filter.source);
  return {
    ...nameMessages(schema),
    fields,
    tabs: Object.fromEntries((schema.show?.tabs ?? []).map((t) => [t.name, t.label])),
    steps: Object.fromEntries((schema.form?.groups ?? []).map((g) => [g.name, g.label])),
  };
};

/**
 * The schema-derived part of the English catalogue: `resources.<route>` (name, fields, tabs,
 * steps, the keys of `src/i18n/keys.ts`) for every schema and `bureau.area.<area>` for every area
 * in the registry. Nothing here is listed by hand: a new schema brings its texts with it.
 *
 * @example
 * schemaMessages([clients]).resources.clients.fields.gname // 'Name'
 */
export const schemaMessages = (schemas: readonly EntitySchema[]) => ({
  resources: Object.fromEntries(schemas.map((s) => [s.route, resourceMessages(s)])),
  area: Object.fromEntries([...new Set(schemas.map((s) => s.area))].map((a) => [a, areaLabel(a)])),
});
