/**
 * Bespoke parts: a page, a card tab, a field's cell or input, a toolbar button or a wizard step
 * that replaces or extends the generated one for one entity, passed in (no global registration).
 * `defineParts(schema, parts)` checks the names against the schema; `partsSet(...)` collects the
 * definitions the app passes to `resourceFor`, which provides them to the generated views.
 */
import type { Module } from '../../schemas/modules';
import { createContext, useContext, type ComponentType, type ReactElement, type ReactNode } from 'react';
import type { RaRecord } from 'react-admin';
import type { SxProps } from '@mui/material';
import type { EntitySchema, Field } from '../../schemas/define';
import type { InputRenderer } from './fieldTypes/types';

/** Props of a bespoke page: `generated` is the page it replaces, to render around or beside (extend). */
export interface PageProps {
  schema: EntitySchema;
  generated: ReactElement;
}

/** Props of a bespoke card tab; the record is in react-admin's record context too. */
export interface TabProps {
  schema: EntitySchema;
  record: RaRecord;
  /** The generated tab content it replaces (absent for an added tab). */
  generated?: ReactNode;
}

/** Props of a bespoke field display (list cell and card). */
export interface CellProps {
  schema: EntitySchema;
  record: RaRecord;
  /** The field's name (dotted for a column path such as `country.gname`). */
  source: string;
  field: Field;
  value: unknown;
}

/** Props of a bespoke toolbar button: the list's (no record) or the card's (its record). */
export interface ActionProps {
  schema: EntitySchema;
  record?: RaRecord;
}

/** Props of a bespoke wizard step: `generated` is the step's generated content (inputs or summary). */
export interface StepProps {
  schema: EntitySchema;
  generated: ReactNode;
}

/** A card tab added after the generated ones (its path is `/<route>/:id/<name>`). */
export interface AddedTab {
  name: string;
  label: string;
  component: ComponentType<TabProps>;
  /**
   * Module whose view privilege the tab needs, as a schema tab's `module`; the tab is not shown
   * (nor its path served) without it.
   * @example { name: 'emails', label: 'E-mails', module: 'LEAD_EMAIL', component: ProjectEmailsTab }
   */
  module?: Module;
}

/** Props of a bespoke page at its own address under the entity's route (`EntityParts.routes`). */
export interface RoutePageProps {
  schema: EntitySchema;
}

/**
 * A page of its own under the entity's route, at `/<route>/<path>` (`/times/calendar`). The path
 * is one static segment: not digits (those are record ids) and not `create`.
 */
export interface AddedRoute {
  path: string;
  component: ComponentType<RoutePageProps>;
}

type NameOf<T> = T extends { name: infer N } ? (N extends string ? N : never) : never;
/** The field names of a schema. */
export type FieldNameOf<S> = S extends { fields: infer F } ? Extract<keyof F, string> : never;
/** The card tab names of a schema (literal when the schema keeps them, else `string`). */
export type TabNameOf<S> = S extends { show?: { tabs?: ReadonlyArray<infer T> } } ? NameOf<T> : never;
/** The form group (wizard step) names of a schema (literal when the schema keeps them, else `string`). */
export type StepNameOf<S> = S extends { form?: { groups?: ReadonlyArray<infer G> } } ? NameOf<G> : never;

/** The bespoke parts of one entity, by area. Every key is optional; what is absent is generated. */
export interface EntityParts<S = EntitySchema> {
  list?: {
    /** Replaces (or wraps) the list page. */
    page?: ComponentType<PageProps>;
    /** Buttons added to the list's toolbar, after Create. */
    actions?: Array<ComponentType<ActionProps>>;
    /**
     * The style of each row of the entity's tables (its list and the card tabs listing it), from
     * the row's record: a row coloured by a status. Display only.
     * @example
     * // billing status 2 rows in the palette's error tint
     * rowSx: (record) => (record.billingStatus?.code === 2 ? { bgcolor: tint('error') } : {}),
     */
    rowSx?: (record: RaRecord) => SxProps;
  };
  show?: {
    /** Replaces (or wraps) the card page. */
    page?: ComponentType<PageProps>;
    /** Replaces the content of named card tabs. */
    tabs?: { [K in TabNameOf<S>]?: ComponentType<TabProps> };
    /** Tabs added after the generated ones. */
    addTabs?: AddedTab[];
    /** Buttons added to the card's toolbar, before Edit and Delete. */
    actions?: Array<ComponentType<ActionProps>>;
  };
  create?: { page?: ComponentType<PageProps> };
  edit?: { page?: ComponentType<PageProps> };
  /** Pages of their own under the entity's route (`/times/calendar`); lazy components keep them out of the first load. */
  routes?: AddedRoute[];
  /** Per field: its display in list cells and on the card, and its form input. */
  fields?: { [K in FieldNameOf<S>]?: { cell?: ComponentType<CellProps>; input?: InputRenderer } };
  form?: {
    /** Replaces the content of named wizard steps (form groups). */
    steps?: { [K in StepNameOf<S>]?: ComponentType<StepProps> };
  };
}

/** One entity's parts, as `defineParts` returns them. */
export interface SchemaParts {
  schema: EntitySchema;
  parts: EntityParts;
}

/** The parts of every entity that has some, by collection name. */
export type PartsSet = ReadonlyMap<string, EntityParts>;

const unknownName = (schema: EntitySchema, area: string, name: string, known: string[]) =>
  new Error(`parts of "${schema.name}": unknown ${area} "${name}" (known: ${known.join(', ') || 'none'})`);

const checkNames = (schema: EntitySchema, area: string, given: object | undefined, known: string[]) => {
  for (const name of Object.keys(given ?? {})) if (!known.includes(name)) throw unknownName(schema, area, name, known);
};

/**
 * Declares the bespoke parts of one entity. The keys of `fields`, `show.tabs` and `form.steps`
 * are typed from the schema (field names always; tab and step names when the schema keeps them
 * as literals) and checked again when called.
 *
 * @param schema the entity's schema (`schemas/index.ts`)
 * @param parts what replaces or extends the generated page, tab, field, button or step
 * @returns the definition to pass to {@link partsSet}
 * @throws Error naming the schema and the key when a field, tab or step name is not the schema's,
 *   an added tab's name is already a tab, or an added route's path is not one static segment
 * @example
 * // src/crm/parts.tsx
 * export const clientParts = defineParts(clients, {
 *   show: { tabs: { contacts: ContactsTab }, actions: [CloneButton] },
 *   fields: { gname: { cell: NameCell } },
 *   form: { steps: { complete: CompleteStep } },
 * });
 * // a page of its own at /times/calendar (lazy: its code loads on first visit)
 * export const timeParts = defineParts(times, { routes: [{ path: 'calendar', component: LazyCalendarPage }] });
 * // the app: resourceFor(schema, canAccess, partsSet(clientParts, ...))
 */
export function defineParts<S extends EntitySchema<Record<string, Field>>>(
  schema: S,
  parts: EntityParts<S>,
): SchemaParts {
  const tabs = (schema.show?.tabs ?? []).map((t) => t.name);
  checkNames(schema, 'field', parts.fields, Object.keys(schema.fields));
  checkNames(schema, 'tab', parts.show?.tabs, tabs);
  checkNames(
    schema,
    'step',
    parts.form?.steps,
    (schema.form?.groups ?? []).map((g) => g.name),
  );
  for (const route of parts.routes ?? [])
    if (!/^[a-z][a-z0-9-]*$/i.test(route.path) || route.path === 'create')
      throw new Error(
        `parts of "${schema.name}": route "${route.path}" must be one static segment other than "create"`,
      );
  for (const added of parts.show?.addTabs ?? [])
    if (tabs.includes(added.name))
      throw new Error(`parts of "${schema.name}": added tab "${added.name}" is already a tab of the card`);
  return { schema, parts: parts as EntityParts };
}

/**
 * Collects parts definitions for `resourceFor`.
 * @throws Error when two definitions are for the same entity
 * @example const parts = partsSet(clientParts, employeeParts);
 */
export function partsSet(...defs: SchemaParts[]): PartsSet {
  const out = new Map<string, EntityParts>();
  for (const { schema, parts } of defs) {
    if (out.has(schema.name)) throw new Error(`parts of "${schema.name}" are defined twice`);
    out.set(schema.name, parts);
  }
  return out;
}

/** No bespoke parts. */
export const NO_PARTS: PartsSet = new Map();

/** The parts `resourceFor` provides to the generated views below it. */
export const PartsContext = createContext<PartsSet>(NO_PARTS);

const NONE: EntityParts = {};

/** The bespoke parts of `schema` (an empty object when it has none). */
export const useEntityParts = (schema: EntitySchema): EntityParts => useContext(PartsContext).get(schema.name) ?? NONE;
