/**
 * The generated card (NAV-15 for clients): `schema.show.tabs` as a TabbedShowLayout whose tab
 * paths are the tab names (`/clients/12/contacts`), related tabs as a ReferenceManyField list
 * with a Create link to `/<route>/:id/<tab>/create`, tabs gated by permission; without tabs a
 * Main tab of every field. Every card ends with the History tab (`HistoryTab.tsx`). Title = the
 * record's representation; Edit/Delete by permission. The entity's bespoke parts (`parts.tsx`)
 * replace a tab's content or a field's display, add tabs after the generated ones and buttons
 * before Edit, after the buttons of the schema's declared actions (`ActionButtons.tsx`). Above the
 * fields: the note of a record its schema's `editWhen` locks (`EditLock.tsx`, MC-1), the status
 * panel and the panels areas register for the schema (`showPanels.ts`).
 */
import { Box } from '@mui/material';
import {
  DeleteWithConfirmButton,
  Pagination,
  ReferenceManyField,
  Show,
  TabbedShowLayout,
  TopToolbar,
  useRecordContext,
  useTranslate,
  type Identifier,
} from 'react-admin';
import { Suspense, type ComponentType, type ReactNode } from 'react';
import { recordMatches, type EntitySchema, type ShowTab } from '../../../schemas/define';
import { findSchema } from '../../../schemas/registry';
import { SchemaGate } from '../SchemaGate';
import { tabKey } from '../../i18n/keys';
import { readsField, useDeleteWhen, useResourceAccess, type CanAccess } from '../access';
import { fieldFor } from '../fields';
import { partField } from '../fieldTypes/partCell';
import { useEntityParts, type EntityParts, type TabProps } from '../parts';
import { representRecord } from '../format';
import { childCreatePath, childViewPath, clonePath, editPath, showPath } from '../paths';
import { childFormSchema, isShown, readableField } from '../schemaUtils';
import { StatusPanel } from '../status/StatusPanel';
import { SchemaDataTable } from './SchemaDataTable';
import { ShowUnavailable, unsaid } from './RecordUnavailable';
import { CloneLink, CreateLink, EditLink } from './LinkButton';
import { DEFAULT_PER_PAGE_OPTIONS } from './SchemaList';
import { historyTab } from './HistoryTab';
import { ActionButtons } from './ActionButtons';
import { showPanelsOf } from './showPanels';
import { EditLockNote } from './EditLock';

/** The page title: the record's representation (`Acme LLP`). */
export const RecordTitle = ({ schema }: { schema: EntitySchema }) => {
  const record = useRecordContext();
  return <span>{record ? representRecord(schema.recordRepresentation, record) : schema.label}</span>;
};

interface ShowLinks {
  /** Edit link; default `/<route>/:id/edit`. */
  editTo?: string;
  /** Where Delete goes; default the list. */
  deleteRedirect?: string;
  /** Clone link of a child card under its parent (`/clients/12/invoices/5/clone`); default none there. */
  cloneTo?: string;
}

const ShowActions = ({ schema, editTo, deleteRedirect, cloneTo }: { schema: EntitySchema } & ShowLinks) => {
  const canAccess = useResourceAccess();
  const deletable = useDeleteWhen(schema);
  const record = useRecordContext();
  const { show } = useEntityParts(schema);
  // while the record loads, the empty toolbar holds its height (the toolbar's minimum), so the
  // card below does not move down when the buttons come
  if (!record) return <TopToolbar />;
  return (
    <TopToolbar>
      <ActionButtons schema={schema} place="show" record={record} />
      {show?.actions?.map((Action, i) => (
        <Action key={i} schema={schema} record={record} />
      ))}
      {schema.clone && (cloneTo || !editTo) && canAccess('create', schema.route) && (
        <CloneLink to={cloneTo ?? clonePath(schema.route, record.id)} />
      )}
      {canAccess('edit', schema.route) && recordMatches(schema.editWhen, record) && (
        <EditLink to={editTo ?? editPath(schema.route, record.id)} />
      )}
      {canAccess('delete', schema.route) && recordMatches(schema.editWhen, record) && deletable(record) && (
        <DeleteWithConfirmButton mutationMode="pessimistic" redirect={deleteRedirect ?? 'list'} />
      )}
    </TopToolbar>
  );
};

/** A child collection listed on a card tab, filtered by `via` = this record. */
const RelatedList = ({ schema, tab }: { schema: EntitySchema; tab: ShowTab; label?: false }) => {
  const record = useRecordContext();
  const canAccess = useResourceAccess();
  const related = tab.related;
  const child = related ? findSchema(related.collection) : undefined;
  if (!record || !child || !related) return null;
  const hasChildForms = childFormSchema(tab) !== undefined;
  const [field = 'id', order = 'desc'] = child.defaultSort[0] ?? [];
  // the child's own parts (cells, actions) and texts load with it, as on its own list
  return (
    <SchemaGate route={child.route}>
      {() => (
        <Box sx={{ width: '100%' }}>
          {canAccess('create', child.route) && hasChildForms && (
            <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
              <CreateLink to={childCreatePath(schema.route, record.id, tab.name)} />
            </Box>
          )}
          <ReferenceManyField
            reference={child.route}
            target={related.via.includes('.') ? `${related.via}.id` : related.via}
            filter={related.filter}
            perPage={20}
            sort={{ field, order: order === 'asc' ? 'ASC' : 'DESC' }}
            pagination={<Pagination rowsPerPageOptions={DEFAULT_PER_PAGE_OPTIONS} />}
            queryOptions={{ meta: { projection: related.projection } }}
          >
            <SchemaDataTable
              schema={child}
              columns={related.columns}
              rowPath={(id: Identifier) =>
                hasChildForms ? childViewPath(schema.route, record.id, tab.name, id) : showPath(child.route, id)
              }
              canDelete={canAccess('delete', child.route)}
            />
          </ReferenceManyField>
        </Box>
      )}
    </SchemaGate>
  );
};

/**
 * Whether the user may see a card tab (NAV-37..44): a related tab needs its collection registered
 * (an `optional` one waits for its area) and listable, then the tab's module's view privilege (the
 * tasks tab lists times - listable with `time` or `TIME` - and needs `TIME`).
 */
export const tabAllowed = (tab: ShowTab, canAccess: CanAccess): boolean => {
  const child = tab.related ? findSchema(tab.related.collection) : undefined;
  if (tab.related && !child) return false;
  if (child && !canAccess('list', child.route)) return false;
  return !tab.module || canAccess('view', tab.module);
};

/** The card's fields named `names` (shown ones only), each by its bespoke cell or its type. */
const fieldsOf = (schema: EntitySchema, parts: EntityParts, names: string[], canAccess: CanAccess) =>
  names.flatMap((n) => {
    const fd = readableField(schema, n);
    // a personal field the user does not read is not on the card (H2-05)
    if (!fd || !isShown(fd) || !readsField(fd, canAccess)) return [];
    const bespoke = parts.fields?.[n]?.cell;
    return [bespoke ? partField(bespoke, schema, n, fd) : fieldFor(n, fd)];
  });

/** A bespoke tab's component with the card's record (the generated content passed along). */
const BespokeTab = ({
  schema,
  component: Tab,
  generated,
}: {
  schema: EntitySchema;
  component: ComponentType<TabProps>;
  generated?: ReactNode;
  label?: false;
}) => {
  const record = useRecordContext();
  return record ? <Tab schema={schema} record={record} generated={generated} /> : null;
};

/** The card body without the page (also used for a child's view under its parent). */
export const SchemaShowLayout = ({ schema }: { schema: EntitySchema }) => {
  const canAccess = useResourceAccess();
  const parts = useEntityParts(schema);
  const translate = useTranslate();
  /** A tab's label in the user's language (`resources.<route>.tabs.<tab>`, else its label as a key). */
  const tabLabel = (tab: { name: string; label: string }) =>
    translate(tabKey(schema.route, tab.name), { _: translate(tab.label, { _: tab.label }) });
  // a forms-only related tab routes child forms but is no tab of the card
  const allowed = (schema.show?.tabs ?? []).filter((t) => !t.related?.formsOnly && tabAllowed(t, canAccess));
  const added = (parts.show?.addTabs ?? []).filter((t) => !t.module || canAccess('view', t.module));
  const allFields = Object.keys(schema.fields);
  // A card without tabs of its own keeps its fields on a first tab (the History tab always follows).
  const tabs: ShowTab[] = allowed.length ? allowed : [{ name: 'main', label: 'Main', fields: allFields }];
  const replaced: Partial<Record<string, ComponentType<TabProps>>> = parts.show?.tabs ?? {};
  return (
    <TabbedShowLayout>
      {tabs.map((tab, i) => {
        const generated = tab.related ? (
          <RelatedList schema={schema} tab={tab} label={false} />
        ) : (
          fieldsOf(schema, parts, tab.fields ?? [], canAccess)
        );
        const Bespoke = replaced[tab.name];
        return (
          <TabbedShowLayout.Tab key={tab.name} label={tabLabel(tab)} path={i === 0 ? undefined : tab.name}>
            {Bespoke ? (
              <BespokeTab schema={schema} component={Bespoke} generated={generated} label={false} />
            ) : (
              generated
            )}
          </TabbedShowLayout.Tab>
        );
      })}
      {added.map((tab) => (
        <TabbedShowLayout.Tab key={tab.name} label={tabLabel(tab)} path={tab.name}>
          <BespokeTab schema={schema} component={tab.component} label={false} />
        </TabbedShowLayout.Tab>
      ))}
      {historyTab(schema)}
    </TabbedShowLayout>
  );
};

export const SchemaShow = ({
  schema,
  id,
  editTo,
  deleteRedirect,
  cloneTo,
}: { schema: EntitySchema; id?: Identifier } & ShowLinks) => (
  <Show
    resource={schema.route}
    id={id}
    title={<RecordTitle schema={schema} />}
    actions={<ShowActions schema={schema} editTo={editTo} deleteRedirect={deleteRedirect} cloneTo={cloneTo} />}
    // a record that cannot be read is explained at its own address (no toast, no redirect)
    queryOptions={{ meta: { projection: schema.defaultProjection }, onError: unsaid }}
    redirectOnError={false}
    error={<ShowUnavailable schema={schema} />}
  >
    <EditLockNote schema={schema} />
    {schema.status && <StatusPanel schema={schema} />}
    {showPanelsOf(schema).map(({ key, Panel }) => (
      <Suspense key={key} fallback={null}>
        <Panel schema={schema} />
      </Suspense>
    ))}
    <SchemaShowLayout schema={schema} />
  </Show>
);
