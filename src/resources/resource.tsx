/**
 * `resourceFor(schema, canAccess)`: a schema as a react-admin `<Resource>` whose routes have the
 * spec's shape (NAV-14..19, NAV-03):
 *
 *   /<route>                                 list
 *   /<route>/create, /<route>/:from/create   create (`from` = list|card)
 *   /<route>/:id[/<tab>]                     show (the card; tab paths are tab names)
 *   /<route>/:id/edit, /<route>/:id/:from/edit
 *   /<route>/:id/<tab>/create                a related tab's child form, parent preselected
 *   /<route>/:id/<tab>/:childId/edit|view    a related tab's child edit form / view
 *
 * Ids must be digits, else /404. A schema's `views` keys replace generated views with components
 * registered in `views.ts`. Create, edit and show load on first use (`lazyViews.tsx`).
 */
import type { ReactElement, ReactNode } from 'react';
import { Resource, ResourceContextProvider, type RaRecord } from 'react-admin';
import { Route, useParams } from 'react-router-dom';
import type { EntitySchema, ShowTab, ViewOverrides } from '../../schemas/define';
import { findSchema } from '../../schemas/index';
import { CanAccessContext, type CanAccess } from './access';
import { representRecord } from './format';
import { childEditPath, tabPath, type FormOrigin } from './paths';
import { bespokeViews } from './views';
import {
  LazySchemaCreate as SchemaCreate,
  LazySchemaEdit as SchemaEdit,
  LazySchemaShow as SchemaShow,
} from './lazyViews';
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

type ChildKind = 'create' | 'edit' | 'view';

const ChildRoute = ({ schema, tab, kind }: { schema: EntitySchema; tab: ShowTab; kind: ChildKind }) => {
  const { parentId = '', childId = '' } = useParams();
  const child = findSchema(tab.related!.collection)!;
  const parent: ParentLink = { route: schema.route, id: parentId, tab: tab.name, via: tab.related!.via };
  return (
    <ResourceContextProvider value={child.route}>
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
    </ResourceContextProvider>
  );
};

/** The related tabs whose child schema is known. */
const relatedTabs = (schema: EntitySchema): ShowTab[] =>
  (schema.show?.tabs ?? []).filter((t) => t.related && findSchema(t.related.collection));

/**
 * The `<Resource>` of a schema, for `<Admin>`'s children.
 *
 * @param schema an entity schema (`schemas/index.ts`)
 * @param canAccess `(action, route) => boolean` with react-admin actions (`list`, `show`,
 *   `create`, `edit`, `delete`); gates buttons and card tabs. Route protection itself is the
 *   auth provider's `canAccess`, which react-admin's pages call.
 * @example
 * <Admin ...>{schemas.map((s) => resourceFor(s, canAccess))}</Admin>
 */
export function resourceFor(schema: EntitySchema, canAccess: CanAccess): ReactElement {
  const wrap = (node: ReactNode, ids: string[] = [], tabs?: string[]) => (
    <CanAccessContext.Provider value={canAccess}>
      <RouteGuard ids={ids} tabs={tabs}>
        {node}
      </RouteGuard>
    </CanAccessContext.Provider>
  );
  const view = (kind: keyof ViewOverrides, generated: ReactNode, ids: string[] = [], tabs?: string[]) => {
    const key = schema.views?.[kind];
    const Bespoke = key ? bespokeViews[key] : undefined;
    return wrap(Bespoke ? <Bespoke /> : generated, ids, tabs);
  };
  const create = view('create', <SchemaCreate schema={schema} />);
  const edit = view('edit', <EditRoute schema={schema} />, ['id']);
  return (
    <Resource
      key={schema.route}
      name={schema.route}
      recordRepresentation={recordRepresentationOf(schema)}
      list={view('list', <SchemaList schema={schema} />)}
      create={create}
      hasShow
      hasEdit
    >
      <Route path=":from/create" element={create} />
      <Route path=":id/edit" element={edit} />
      <Route path=":id/:from/edit" element={edit} />
      {relatedTabs(schema).flatMap((tab) => [
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
      ])}
      <Route
        path=":id/*"
        element={view(
          'show',
          <SchemaShow schema={schema} />,
          ['id'],
          (schema.show?.tabs ?? []).map((t) => t.name),
        )}
      />
    </Resource>
  );
}
