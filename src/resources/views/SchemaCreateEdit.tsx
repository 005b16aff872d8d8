/**
 * Generated create and edit pages. Create fills the schema's defaults; a child created from its
 * parent's card (`/clients/12/contacts/create`, NAV-18) gets the parent preselected and goes back
 * to the parent's tab after saving; anything else goes to its card `/<route>/:id`.
 */
import { Create, Edit, LinearProgress, useGetOne, useRecordContext, type Identifier, type RaRecord } from 'react-admin';
import { Navigate } from 'react-router-dom';
import { cloneRecord } from '../../../schemas/clone';
import { findSchema } from '../../../schemas/index';
import type { EntitySchema, WireRecord } from '../../../schemas/define';
import { SchemaForm } from '../forms/SchemaForm';
import { listPath, NOT_FOUND_PATH, showPath, tabPath, type FormOrigin } from '../paths';
import { createDefaults, toFormRecord } from '../schemaUtils';
import { StatusFormScope } from '../status/StatusFormScope';

/** A child form opened from its parent's card tab. */
export interface ParentLink {
  route: string;
  id: Identifier;
  tab: string;
  /** The child's reference to the parent (`client`). */
  via: string;
}

const afterSave =
  (schema: EntitySchema, parent?: ParentLink, from?: FormOrigin) => (_resource?: string, id?: Identifier) => {
    if (parent) return tabPath(parent.route, parent.id, parent.tab);
    if (from === 'list') return listPath(schema.route);
    return id == null ? listPath(schema.route) : showPath(schema.route, id);
  };

export const SchemaCreate = ({
  schema,
  parent,
  initial,
}: {
  schema: EntitySchema;
  parent?: ParentLink;
  /** Values that replace the defaults (a clone's copy, `CloneCreate`). */
  initial?: WireRecord;
}) => {
  const defaults: WireRecord = { ...createDefaults(schema), ...(initial ? toFormRecord(schema, initial) : {}) };
  if (parent) defaults[parent.via] = { id: Number(parent.id) };
  return (
    <Create
      resource={schema.route}
      title={`New ${schema.entityName.toLowerCase()}`}
      redirect={afterSave(schema, parent)}
    >
      <StatusFormScope schema={schema} mode="create">
        <SchemaForm schema={schema} mode="create" defaultValues={defaults} exclude={parent ? [parent.via] : []} />
      </StatusFormScope>
    </Create>
  );
};

const EditForm = ({ schema, parent }: { schema: EntitySchema; parent?: ParentLink }) => {
  const record = useRecordContext();
  if (!record) return null;
  return (
    <StatusFormScope schema={schema} mode="edit" record={record}>
      <SchemaForm
        schema={schema}
        mode="edit"
        record={toFormRecord(schema, record) as RaRecord}
        exclude={parent ? [parent.via] : []}
        deleteRedirect={parent ? tabPath(parent.route, parent.id, parent.tab) : listPath(schema.route)}
      />
    </StatusFormScope>
  );
};

export const SchemaEdit = ({
  schema,
  id,
  parent,
  from,
}: {
  schema: EntitySchema;
  id?: Identifier;
  parent?: ParentLink;
  from?: FormOrigin;
}) => (
  <Edit
    resource={schema.route}
    id={id}
    mutationMode="pessimistic"
    redirect={afterSave(schema, parent, from)}
    queryOptions={{ meta: { projection: schema.defaultProjection } }}
  >
    <EditForm schema={schema} parent={parent} />
  </Edit>
);

/**
 * `/<route>/:id/clone`: the create form filled with a copy of the record (`cloneRecord`,
 * `schemas/clone.ts`); saving it is an ordinary create. Shown once the record is read.
 */
export const CloneCreate = ({ schema, id }: { schema: EntitySchema; id: Identifier }) => {
  const { data, error } = useGetOne(schema.route, { id, meta: { projection: schema.defaultProjection } });
  if (error) return <Navigate to={NOT_FOUND_PATH} replace />;
  if (!data) return <LinearProgress />;
  const today = new Date().toLocaleDateString('sv-SE');
  return <SchemaCreate schema={schema} initial={cloneRecord(schema, data as WireRecord, findSchema, today)} />;
};
