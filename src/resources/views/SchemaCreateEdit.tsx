/**
 * Generated create and edit pages. Create fills the schema's defaults; a child created from its
 * parent's card (`/clients/12/contacts/create`, NAV-18) gets the parent preselected and goes back
 * to the parent's tab after saving; anything else goes to its card `/<route>/:id`. A child that
 * reaches the parent through a path (`/clients/12/leads/create`, a lead's `contact.client`,
 * NAV-24) gets the path's first reference narrowed to the parent's records instead.
 */
import {
  Create,
  Edit,
  LinearProgress,
  useGetOne,
  useNotify,
  useRecordContext,
  useTranslate,
  type Identifier,
  type RaRecord,
} from 'react-admin';
import type { ReactNode } from 'react';
import { Navigate } from 'react-router-dom';
import { cloneRecord } from '../../../schemas/clone';
import { findSchema } from '../../../schemas/registry';
import type { EntitySchema, WireRecord } from '../../../schemas/define';
import { SchemaForm } from '../forms/SchemaForm';
import { ReferenceScopeContext, scopeFromParent } from '../inputs/referenceScope';
import { listPath, NOT_FOUND_PATH, showPath, tabPath, type FormOrigin } from '../paths';
import { representRecord } from '../format';
import { createDefaults, toFormRecord } from '../schemaUtils';
import { StatusFormScope } from '../status/StatusFormScope';
import { EditLockNote, editRefusedMessage } from './EditLock';
import { EditUnavailable, unsaid } from './RecordUnavailable';

/** A child form opened from its parent's card tab. */
export interface ParentLink {
  route: string;
  id: Identifier;
  tab: string;
  /** The child's reference to the parent (`client`), or a path of references ending at it (`contact.client`). */
  via: string;
  /** Where save returns, when not the parent's tab (a forms-only tab returns to the card). */
  back?: string;
}

/** Where a child form returns: `back`, else the parent's tab. */
const parentPath = (parent: ParentLink): string => parent.back ?? tabPath(parent.route, parent.id, parent.tab);

/** The parent's own reference field on the child, preselected and hidden; none for a path. */
const directVia = (parent?: ParentLink): string | undefined =>
  parent && !parent.via.includes('.') ? parent.via : undefined;

/** The form inside the pick-list scope a path-linked parent sets (`scopeFromParent`). */
const ParentScope = ({ parent, children }: { parent?: ParentLink; children: ReactNode }) =>
  parent && !directVia(parent) ? (
    <ReferenceScopeContext.Provider value={scopeFromParent(parent.via, parent.id)}>
      {children}
    </ReferenceScopeContext.Provider>
  ) : (
    <>{children}</>
  );

const afterSave =
  (schema: EntitySchema, parent?: ParentLink, from?: FormOrigin) => (_resource?: string, id?: Identifier) => {
    if (parent) return parentPath(parent);
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
  const via = directVia(parent);
  // the parent preselected: one reference, or the only one of a list (a matter's invoice, NAV-49)
  if (via) defaults[via] = schema.fields[via]?.type === 'refList' ? [Number(parent!.id)] : { id: Number(parent!.id) };
  return (
    <Create
      resource={schema.route}
      title={`resources.${schema.route}.page.create`}
      redirect={afterSave(schema, parent)}
    >
      <ParentScope parent={parent}>
        <StatusFormScope schema={schema} mode="create">
          <SchemaForm schema={schema} mode="create" defaultValues={defaults} exclude={via ? [via] : []} />
        </StatusFormScope>
      </ParentScope>
    </Create>
  );
};

const EditForm = ({ schema, parent }: { schema: EntitySchema; parent?: ParentLink }) => {
  const record = useRecordContext();
  if (!record) return null;
  const via = directVia(parent);
  return (
    <ParentScope parent={parent}>
      <EditLockNote schema={schema} />
      <StatusFormScope schema={schema} mode="edit" record={record}>
        <SchemaForm
          schema={schema}
          mode="edit"
          record={toFormRecord(schema, record) as RaRecord}
          exclude={via ? [via] : []}
          deleteRedirect={parent ? parentPath(parent) : listPath(schema.route)}
        />
      </StatusFormScope>
    </ParentScope>
  );
};

/**
 * "Edit position fund 12 - Anna": the record's kind in words and its representation, in the
 * user's language (`resources.<route>.page.edit`).
 */
const EditTitle = ({ schema }: { schema: EntitySchema }) => {
  const record = useRecordContext();
  const translate = useTranslate();
  const what = record ? representRecord(schema.recordRepresentation, record) : '';
  return <span>{translate(`resources.${schema.route}.page.edit`, { recordRepresentation: what }).trim()}</span>;
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
}) => {
  const notify = useNotify();
  const translate = useTranslate();
  return (
    <Edit
      resource={schema.route}
      id={id}
      mutationMode="pessimistic"
      redirect={afterSave(schema, parent, from)}
      title={<EditTitle schema={schema} />}
      // a record that cannot be read is explained at its own address (no toast, no redirect)
      queryOptions={{ meta: { projection: schema.defaultProjection }, onError: unsaid }}
      redirectOnError={false}
      error={<EditUnavailable schema={schema} />}
      mutationOptions={{
        // a refused save (409: a locked record, MC-1) is said in the user's language; the rest as
        // react-admin says it (field errors of a 400 stay on the form, unnotified)
        onError: (error) => {
          const refused = editRefusedMessage(error, translate);
          if (refused) return notify(refused, { type: 'error', messageArgs: { _: refused } });
          const errors = (error as { body?: { errors?: object } } | undefined)?.body?.errors;
          if (errors && Object.keys(errors).length > 0) return;
          const message = typeof error === 'string' ? error : (error as Error | undefined)?.message;
          notify(message || 'ra.notification.http_error', { type: 'error', messageArgs: { _: message } });
        },
      }}
    >
      <EditForm schema={schema} parent={parent} />
    </Edit>
  );
};

/**
 * `/<route>/:id/clone`: the create form filled with a copy of the record (`cloneRecord`,
 * `schemas/clone.ts`); saving it is an ordinary create. Shown once the record is read. Under a
 * parent's tab (`/clients/12/invoices/5/clone`, NAV-22/23) the copy keeps the parent and save
 * returns to that tab.
 */
export const CloneCreate = ({ schema, id, parent }: { schema: EntitySchema; id: Identifier; parent?: ParentLink }) => {
  const { data, error } = useGetOne(schema.route, { id, meta: { projection: schema.defaultProjection } });
  if (error) return <Navigate to={NOT_FOUND_PATH} replace />;
  if (!data) return <LinearProgress />;
  const today = new Date().toLocaleDateString('sv-SE');
  return (
    <SchemaCreate
      schema={schema}
      parent={parent}
      initial={cloneRecord(schema, data as WireRecord, findSchema, today)}
    />
  );
};
