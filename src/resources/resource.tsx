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
 *   /<route>/:id/<tab>/:childId[/<tab>]      the child's card (also under `view`)
 *   /<route>/board                           the status board, when the status declares one
 *   /<route>/trash                           the trash, when the entity has one (`src/trash/`)
 *   /<route>/<path>                          a page of the entity's parts (`routes`, e.g. /times/calendar)
 *
 * Ids must be digits, else /404. Bespoke parts (`parts.tsx`: pages, card tabs, fields, toolbar
 * buttons, wizard steps) passed in replace or extend the generated ones. Create, edit and show
 * load on first use (`lazyViews.tsx`).
 */
import type { ComponentType, ReactElement } from 'react';
import { Resource, ResourceContextProvider, type RaRecord } from 'react-admin';
import { Route, useParams } from 'react-router-dom';
import { hasTrash, type EntitySchema, type ShowTab } from '../../schemas/define';
import { findSchema } from '../../schemas/registry';
import { CanAccessContext, type CanAccess } from './access';
import { representRecord } from './format';
import { childEditPath, tabPath, type FormOrigin, HISTORY_TAB } from './paths';
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

type ChildKind = 'create' | 'edit' | 'view';

const ChildRoute = ({ schema, tab, kind }: { schema: EntitySchema; tab: ShowTab; kind: ChildKind }) => {
  const { parentId = '', childId = '' } = useParams();
  const child = findSchema(tab.related!.collection)!;
  const parent: ParentLink = { route: schema.route, id: parentId, tab: tab.name, via: tab.related!.via };
  // the child's own parts (and texts) load with it, as on its own routes
  return (
    <ResourceContextProvider value={child.route}>
      <SchemaGate route={child.route}>
        {() => (
          <>
            {kind === 'create' && <SchemaCreate schema={child} parent={parent} />}
            {kind === 'edit' && <SchemaEdit schema={child} id={childId} parent={parent} />}
            {kind === 'view' && (
              <SchemaShow
                schema={child}
                id={childId}
                editTo={childEditPath(schema.route, parentId, tab.name, childId)}
                deleteRedirect={tabPath(schema.route, parentId, tab.name)}
              />
            )}
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
  const tabNames = [...[...(schema.show?.tabs ?? []), ...(own.show?.addTabs ?? [])].map((t) => t.name), HISTORY_TAB];
  const routes = [
    <Route key="from-create" path=":from/create" element={create} />,
    schema.status?.board ? <Route key="board" path="board" element={wrap(<StatusBoard schema={schema} />)} /> : null,
    hasTrash(schema) ? <Route key="trash" path="trash" element={wrap(<TrashList schema={schema} />)} /> : null,
    <Route key="edit" path=":id/edit" element={edit} />,
    schema.clone ? (
      <Route key="clone" path=":id/clone" element={view(own.create?.page, <CloneRoute schema={schema} />, ['id'])} />
    ) : null,
    <Route key="from-edit" path=":id/:from/edit" element={edit} />,
    ...relatedTabs(schema).flatMap((tab) => [
      <Route
        key={`${tab.name}-create`}
        path={`:parentId/${tab.name}/create`}
        element={wrap(<ChildRoute schema={schema} tab={tab} kind="create" />, ['parentId'])}
      />,
      <Route
        key={`${tab.name}-edit`}
        path={`:parentId/${tab.name}/:childId/edit`}
        element={wrap(<ChildRoute schema={schema} tab={tab} kind="edit" />, ['parentId', 'childId'])}
      />,
      <Route
        key={`${tab.name}-view`}
        path={`:parentId/${tab.name}/:childId/view/*`}
        element={wrap(<ChildRoute schema={schema} tab={tab} kind="view" />, ['parentId', 'childId'])}
      />,
      // the child's card without `/view` (NAV-108: /clients/12/leads/5[/tasks])
      <Route
        key={`${tab.name}-card`}
        path={`:parentId/${tab.name}/:childId/*`}
        element={wrap(<ChildRoute schema={schema} tab={tab} kind="view" />, ['parentId', 'childId'], childTabs(tab))}
      />,
    ]),
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
