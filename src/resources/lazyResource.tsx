/**
 * Resources mounted from the manifest (`schemaLoader.ts`) before their schemas load: react-admin
 * knows every resource (name, list/create/edit/show, record representation) from the start, and
 * an entity's routes render once its schema, the schemas its views read, its parts and its texts
 * have loaded (`loadSchema`). A deep link to any list, card, create or edit form waits for the
 * schema, then renders exactly what `resourceFor` would.
 */
import { useMemo, type ReactElement } from 'react';
import { ResourceContextProvider, RestoreScrollPosition, type RaRecord, type ResourceDefinition } from 'react-admin';
import { Route, Routes } from 'react-router-dom';
import type { EntitySchema } from '../../schemas/define';
import { findSchemaByRoute } from '../../schemas/registry';
import type { CanAccess } from './access';
import { representRecord } from './format';
import { NO_PARTS, type PartsSet } from './parts';
import { resourceRoutes } from './resource';
import { SchemaGate } from './SchemaGate';

interface EntityResourceProps {
  /** The entity's route (react-admin's resource name). */
  name: string;
  canAccess: CanAccess;
  parts?: PartsSet;
}

const EntityRoutes = ({
  schema,
  canAccess,
  parts,
}: {
  schema: EntitySchema;
  canAccess: CanAccess;
  parts: PartsSet;
}) => {
  const { list, create, routes } = useMemo(() => resourceRoutes(schema, canAccess, parts), [schema, canAccess, parts]);
  // react-admin's <Resource> routes, in its order (create, the children, the list last)
  return (
    <Routes>
      <Route path="create/*" element={create} />
      {routes}
      <Route
        path="/*"
        element={<RestoreScrollPosition storeKey={`${schema.route}.list.scrollPosition`}>{list}</RestoreScrollPosition>}
      />
    </Routes>
  );
};

/**
 * An entity's `<Resource>` from its manifest entry: registered with react-admin at start (list,
 * create, edit and show, a record representation read from the schema when it is asked), its
 * routes rendered by `resourceRoutes` once `loadSchema(name)` has resolved.
 * @example <EntityResource key="clients" name="clients" canAccess={canAccess} parts={parts} />
 */
export const EntityResource = ({ name, canAccess, parts = NO_PARTS }: EntityResourceProps): ReactElement => (
  <ResourceContextProvider value={name}>
    <SchemaGate route={name}>
      {(schema) => <EntityRoutes schema={schema} canAccess={canAccess} parts={parts} />}
    </SchemaGate>
  </ResourceContextProvider>
);

EntityResource.raName = 'Resource';

/** What react-admin registers for the resource (`useConfigureAdminRouterFromChildren`). */
EntityResource.registerResource = ({ name }: EntityResourceProps): ResourceDefinition => ({
  name,
  hasList: true,
  hasCreate: true,
  hasEdit: true,
  hasShow: true,
  // read when asked: reference fields of other entities show this one's records
  recordRepresentation: (record: RaRecord) => {
    const schema = findSchemaByRoute(name);
    return schema ? representRecord(schema.recordRepresentation, record) : String(record.id);
  },
});
