/**
 * `resourceFor(schema, canAccess)`: a schema as a react-admin `<Resource>` whose routes have the
 * spec's shape (NAV-14..19, NAV-03):
 *
 *   /<route>                                 list
 *   /<route>/create, /<route>/:from/create   create (`from` = list|card)
 *   /<route>/:id[/<tab>]                     show (the card; tab paths are tab names)
 *   /<route>/:id/edit, /<route>/:id/:from/edit
 *   /<route>/:id/clone                       create filled with a copy (schemas with `clone`)
 *   /<route>/:id/<tab>/create                a related tab's child form, parent preselected
 *   /<route>/:id/<tab>/:childId/edit|view    a related tab's child edit form / view
 *   /<route>/:id/<tab>/:childId/clone        a copy of the child under the parent (child with `clone`)
 *   /<route>/:id/<tab>/<step>/create|...     the same forms opened at a group of the child's form
 *                                            (`form.groups`, NAV-22 `pre-invoices/{tab?}/...`)
 *   /<route>/:id/<tab>/:childId[/<tab>]      the child's card (also under `view`)
 *   /<route>/board                           the status board, when the status declares one
 *   /<route>/trash                           the trash, when the entity has one (`src/trash/`)
 *   /<route>/<path>                          a page of the entity's parts (`routes`, e.g. /times/calendar)
 *
 * Ids must be digits, else /404. Bespoke parts (`parts.tsx`: pages, card tabs, fields, toolbar
 * buttons, wizard steps) passed in replace or extend the generated ones. Create, edit and show
 * load on first use (`lazyViews.tsx`).
 */
import { useEffect, type ComponentType, type ReactElement } from 'react';
import {
  LinearProgress,
  Resource,
  ResourceContextProvider,
  useDataProvider,
  useTranslate,
  type DataProvider,
  type Identifier,
  type RaRecord,
} from 'react-admin';
import { useQuery } from '@tanstack/react-query';
import { Route, useParams } from 'react-router-dom';
import { hasTrash, type EntitySchema, type ShowTab, type WireRecord } from '../../schemas/define';
import { stepKey } from '../i18n/keys';
import { findSchema } from '../../schemas/registry';
import { CanAccessContext, type CanAccess } from './access';
import { representRecord } from './format';
import { childClonePath, childEditPath, showPath, tabPath, type FormOrigin, HISTORY_TAB } from './paths';
import { NO_PARTS, PartsContext, type PageProps, type PartsSet } from './parts';
import { childFormSchema } from './schemaUtils';
import {
  LazyCloneCreate as CloneCreate,
  LazySchemaCreate as SchemaCreate,
  LazySchemaEdit as SchemaEdit,
  LazySchemaShow as SchemaShow,
  LazyStatusBoard as StatusBoard,
  LazyTrashList as TrashList,
} from './lazyViews';
import { SchemaGate } from './SchemaGate';
import { RouteGuard } from './views/guards';
import type { ParentLink } from './views/SchemaCreateEdit';
import { SchemaList } from './views/SchemaList';

/** The representation function react-admin uses in titles and pick lists. */
export const recordRepresentationOf = (schema: EntitySchema) => (record: RaRecord) =>
  representRecord(schema.recordRepresentation, record);

const EditRoute = ({ schema }: { schema: EntitySchema }) => {
  const { from } = useParams();
  return <SchemaEdit schema={schema} from={from as FormOrigin | undefined} />;
};

const CloneRoute = ({ schema }: { schema: EntitySchema }) => {
  const { id = '' } = useParams();
  return <CloneCreate schema={schema} id={id} />;
};

type ChildKind = 'create' | 'edit' | 'clone' | 'view';

/**
 * The values a related tab's `fill` takes from the parent (`{ project: 'project', payerClient:
 * 'project.payerClient' }` of a matter -> `{ project: { id: 3 }, payerClient: { id: 12 } }`),
 * reading the parent and each record on a path in turn. A path that ends empty fills nothing.
 */
export async function parentFill(
  dataProvider: DataProvider,
  parent: EntitySchema,
  parentId: Identifier,
  fill: Record<string, string>,
): Promise<WireRecord> {
  const read = new Map<string, Promise<RaRecord>>();
  const getOne = (route: string, id: Identifier) => {
    const key = `${route}/${id}`;
    if (!read.has(key))
      read.set(
        key,
        dataProvider.getOne(route, { id }).then((r) => r.data),
      );
    return read.get(key)!;
  };
  const out: WireRecord = {};
  for (const [field, path] of Object.entries(fill)) {
    let at: EntitySchema | undefined = parent;
    let id: Identifier | undefined = parentId;
    for (const step of path.split('.')) {
      if (!at || id == null) break;
      const value: unknown = (await getOne(at.route, id))[step];
      id = value && typeof value === 'object' ? (value as { id?: Identifier }).id : (value as Identifier | undefined);
      const target: string | undefined = (at.fields[step] as { target?: string } | undefined)?.target;
      at = target ? findSchema(target) : undefined;
    }
    if (id != null) out[field] = { id };
  }
  return out;
}

/**
 * Scrolls the form's group `step` into view once it is there: a section of a `sections` form,
 * found by its label (`SchemaForm`); a `tabs` or `wizard` form opens at its first group.
 */
const OpenStep = ({ schema, step }: { schema: EntitySchema; step?: string }) => {
  const translate = useTranslate();
  const sections = schema.form?.layout === 'sections';
  const group = sections ? schema.form?.groups?.find((g) => g.name === step) : undefined;
  const label = group ? translate(stepKey(schema.route, group.name), { _: group.label }) : undefined;
  useEffect(() => {
    if (!label) return;
    // the form renders after its record (and the child's schema) load: look until it is there
    const timer = setInterval(() => {
      const found = [...document.querySelectorAll('section[aria-label]')].find(
        (e) => e.getAttribute('aria-label') === label,
      );
      if (!found) return;
      clearInterval(timer);
      found.scrollIntoView?.({ block: 'start' });
    }, 50);
    return () => clearInterval(timer);
  }, [label]);
  return null;
};

/** The create form under a parent, with the tab's `fill` read from the parent first. */
const ChildCreate = ({
  schema,
  child,
  tab,
  parent,
}: {
  schema: EntitySchema;
  child: EntitySchema;
  tab: ShowTab;
  parent: ParentLink;
}) => {
  const dataProvider = useDataProvider();
  const fill = tab.related!.fill;
  const { data, isPending } = useQuery({
    queryKey: ['parentFill', schema.route, parent.id, tab.name],
    queryFn: () => parentFill(dataProvider, schema, parent.id, fill!),
    enabled: !!fill,
  });
  if (fill && isPending) return <LinearProgress />;
  return <SchemaCreate schema={child} parent={parent} initial={fill ? data : undefined} />;
};

const ChildRoute = ({
  schema,
  tab,
  kind,
  step,
}: {
  schema: EntitySchema;
  tab: ShowTab;
  kind: ChildKind;
  /** The group of the child's form to open at (`form.groups`). */
  step?: string;
}) => {
  const { parentId = '', childId = '' } = useParams();
  const child = findSchema(tab.related!.collection)!;
  const parent: ParentLink = {
    route: schema.route,
    id: parentId,
    tab: tab.name,
    via: tab.related!.via,
    back: tab.related!.formsOnly ? showPath(schema.route, parentId) : undefined,
  };
  // the child's own parts (and texts) load with it, as on its own routes
  return (
    <ResourceContextProvider value={child.route}>
      <SchemaGate route={child.route}>
        {() => (
          <>
            {kind === 'create' && <ChildCreate schema={schema} child={child} tab={tab} parent={parent} />}
            {kind === 'edit' && <SchemaEdit schema={child} id={childId} parent={parent} />}
            {kind === 'clone' && <CloneCreate schema={child} id={childId} parent={parent} />}
            {kind === 'view' && (
              <SchemaShow
                schema={child}
                id={childId}
                editTo={childEditPath(schema.route, parentId, tab.name, childId)}
                cloneTo={child.clone ? childClonePath(schema.route, parentId, tab.name, childId) : undefined}
                deleteRedirect={tabPath(schema.route, parentId, tab.name)}
              />
            )}
            {step && kind !== 'view' && <OpenStep schema={child} step={step} />}
          </>
        )}
      </SchemaGate>
    </ResourceContextProvider>
  );
};

/** The tab paths of a related tab's child card (its own tabs and history). */
const childTabs = (tab: ShowTab): string[] => [
  ...(childFormSchema(tab)?.show?.tabs ?? []).map((t) => t.name),
  HISTORY_TAB,
];

const createPageElement = (Page: ComponentType<PageProps>, schema: EntitySchema, generated: ReactElement) => (
  <Page schema={schema} generated={generated} />
);

/** The related tabs with child forms (`childFormSchema`). */
const relatedTabs = (schema: EntitySchema): ShowTab[] => (schema.show?.tabs ?? []).filter((t) => childFormSchema(t));

type Wrap = (node: ReactElement, ids?: string[], tabs?: string[]) => ReactElement;

/**
 * A related tab's child routes under `/<route>/:parentId/<tab>/`: create, edit, clone (a child
 * with `clone`), and those three again behind a segment naming a group of the child's form
 * (`pre-invoices/amounts/create`, NAV-22), then the child's view and card. Static segments rank
 * above `:childId`, so `<step>/create` is never read as a child's card.
 */
const childRoutes = (schema: EntitySchema, tab: ShowTab, wrap: Wrap): ReactElement[] => {
  const child = childFormSchema(tab)!;
  const base = `:parentId/${tab.name}`;
  const forms = (step?: string) => {
    const at = step ? `${base}/${step}` : base;
    const key = step ? `${tab.name}-${step}` : tab.name;
    return [
      <Route
        key={`${key}-create`}
        path={`${at}/create`}
        element={wrap(<ChildRoute schema={schema} tab={tab} kind="create" step={step} />, ['parentId'])}
      />,
      <Route
        key={`${key}-edit`}
        path={`${at}/:childId/edit`}
        element={wrap(<ChildRoute schema={schema} tab={tab} kind="edit" step={step} />, ['parentId', 'childId'])}
      />,
      child.clone ? (
        <Route
          key={`${key}-clone`}
          path={`${at}/:childId/clone`}
          element={wrap(<ChildRoute schema={schema} tab={tab} kind="clone" step={step} />, ['parentId', 'childId'])}
        />
      ) : null,
    ];
  };
  const cards = tab.related!.formsOnly
    ? []
    : [
        <Route
          key={`${tab.name}-view`}
          path={`${base}/:childId/view/*`}
          element={wrap(<ChildRoute schema={schema} tab={tab} kind="view" />, ['parentId', 'childId'])}
        />,
        // the child's card without `/view` (NAV-108: /clients/12/leads/5[/tasks])
        <Route
          key={`${tab.name}-card`}
          path={`${base}/:childId/*`}
          element={wrap(<ChildRoute schema={schema} tab={tab} kind="view" />, ['parentId', 'childId'], childTabs(tab))}
        />,
      ];
  return [...forms(), ...(child.form?.groups ?? []).flatMap((g) => forms(g.name)), ...cards].filter(
    (r): r is ReactElement => r !== null,
  );
};

/** The routes of a schema's `<Resource>`: its list, its create form and every other child route. */
export interface ResourceRoutes {
  list: ReactElement;
  create: ReactElement;
  routes: ReactElement[];
}

/**
 * The elements of a schema's resource routes (see the top of this file), which `resourceFor`
 * hands to react-admin's `<Resource>` and `EntityResource` (`lazyResource.tsx`) renders once the
 * entity's schema has loaded.
 * @param schema an entity schema
 * @param canAccess `(action, route) => boolean` (see `resourceFor`)
 * @param parts the bespoke parts of the entities
 */
export function resourceRoutes(schema: EntitySchema, canAccess: CanAccess, parts: PartsSet = NO_PARTS): ResourceRoutes {
  const own = parts.get(schema.name) ?? {};
  const wrap = (node: ReactElement, ids: string[] = [], tabs?: string[]) => (
    <CanAccessContext.Provider value={canAccess}>
      <PartsContext.Provider value={parts}>
        <RouteGuard ids={ids} tabs={tabs}>
          {node}
        </RouteGuard>
      </PartsContext.Provider>
    </CanAccessContext.Provider>
  );
  const view = (
    page: ComponentType<PageProps> | undefined,
    generated: ReactElement,
    ids: string[] = [],
    tabs?: string[],
  ) => wrap(page ? createPageElement(page, schema, generated) : generated, ids, tabs);
  const create = view(own.create?.page, <SchemaCreate schema={schema} />);
  const edit = view(own.edit?.page, <EditRoute schema={schema} />, ['id']);
  const cardTabs = (schema.show?.tabs ?? []).filter((t) => !t.related?.formsOnly);
  const tabNames = [...[...cardTabs, ...(own.show?.addTabs ?? [])].map((t) => t.name), HISTORY_TAB];
  const routes = [
    <Route key="from-create" path=":from/create" element={create} />,
    schema.status?.board ? <Route key="board" path="board" element={wrap(<StatusBoard schema={schema} />)} /> : null,
    hasTrash(schema) ? <Route key="trash" path="trash" element={wrap(<TrashList schema={schema} />)} /> : null,
    <Route key="edit" path=":id/edit" element={edit} />,
    schema.clone ? (
      <Route key="clone" path=":id/clone" element={view(own.create?.page, <CloneRoute schema={schema} />, ['id'])} />
    ) : null,
    <Route key="from-edit" path=":id/:from/edit" element={edit} />,
    ...relatedTabs(schema).flatMap((tab) => childRoutes(schema, tab, wrap)),
    ...(own.routes ?? []).map(({ path, component: Page }) => (
      <Route key={`route-${path}`} path={path} element={wrap(<Page schema={schema} />)} />
    )),
    <Route key="card" path=":id/*" element={view(own.show?.page, <SchemaShow schema={schema} />, ['id'], tabNames)} />,
  ].filter((r): r is ReactElement => r !== null);
  return { list: view(own.list?.page, <SchemaList schema={schema} />), create, routes };
}

/**
 * The `<Resource>` of a schema, for `<Admin>`'s children (the SPA mounts `EntityResource`s from
 * the manifest instead, `lazyResource.tsx`; tests mount these over loaded schemas).
 *
 * @param schema an entity schema (`schemas/index.ts`)
 * @param canAccess `(action, route) => boolean` with react-admin actions (`list`, `show`,
 *   `create`, `edit`, `delete`); gates buttons and card tabs. Route protection itself is the
 *   auth provider's `canAccess`, which react-admin's pages call.
 * @param parts the bespoke parts of the entities (`partsSet(...)`, `parts.tsx`); a page part
 *   replaces the generated page, the other parts reach the generated views through context
 * @example
 * const parts = partsSet(clientParts);
 * <Admin ...>{schemas.map((s) => resourceFor(s, canAccess, parts))}</Admin>
 */
export function resourceFor(schema: EntitySchema, canAccess: CanAccess, parts: PartsSet = NO_PARTS): ReactElement {
  const { list, create, routes } = resourceRoutes(schema, canAccess, parts);
  return (
    <Resource
      key={schema.route}
      name={schema.route}
      recordRepresentation={recordRepresentationOf(schema)}
      list={list}
      create={create}
      hasShow
      hasEdit
    >
      {routes}
    </Resource>
  );
}
