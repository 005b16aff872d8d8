/**
 * The translation keys of the generated UI, derived from schema names. react-admin asks the first
 * two itself (resource titles, menu, breadcrumbs, column headers, input labels); the others are
 * Bureau's. The English texts behind them come from the schemas (`schemaMessages`), so a key made
 * here always has a text.
 *
 * @example
 * translate(resourceNameKey('clients'), { smart_count: 2 }) // 'Clients' (Russian: 'Клиента')
 * translate(listTitleKey('clients')) // 'Clients' (Russian: 'Клиенты')
 * translate(fieldKey('clients', 'gname')) // 'Name'
 * translate(areaKey('crm')) // 'CRM'
 */

/** A resource's name, singular and plural (`Client |||| Clients`), by its route. */
export const resourceNameKey = (route: string) => `resources.${route}.name`;

/**
 * A resource's plural title (`Clients`, `Клиенты`): the list's title and its menu entry. Not the
 * name with `smart_count: 2`, which in Russian is the form after a count (`2 клиента`).
 */
export const listTitleKey = (route: string) => `resources.${route}.page.list`;

/** A field's label (column header, input, card row), by route and field name or filter source. */
export const fieldKey = (route: string, field: string) => `resources.${route}.fields.${field}`;

/** A card tab's label, by route and tab name. */
export const tabKey = (route: string, tab: string) => `resources.${route}.tabs.${tab}`;

/** A form group's or wizard step's label, by route and group name. */
export const stepKey = (route: string, step: string) => `resources.${route}.steps.${step}`;

/** A side-menu area's heading, by the schemas' `area`. */
export const areaKey = (area: string) => `bureau.area.${area}`;
