/**
 * The generated list (NAV-14 for clients): the schema's columns, filters, default sort, page sizes
 * 20/50/100 with 20 by default (CONST-01/02), a friendly empty state, Create and bulk delete only
 * when allowed, and a row click to the card `/<route>/:id`. On a phone (below the `sm` breakpoint)
 * the table becomes react-admin's `SimpleList`: the record's representation over one or two of the
 * list's columns (`phoneListTexts`), each row linking to the same card.
 *
 * It is react-admin's `<List>` taken apart (`ListBase` + title, toolbar, a card with the table,
 * pagination; the same class names) so that the toolbar, whose filter form weighs ~17 KB gzip of
 * react-hook-form and dialogs, loads in its own chunk while the first page is fetched (first-load
 * size) and mounts in a render of its own; the rows show right after it, so it never pushes them
 * down.
 */
import { BoardSwitch } from '../status/BoardSwitch';
import { useCallback, startTransition, useDeferredValue, useEffect, useMemo, useState, type ReactNode } from 'react';
import { Box, Card, Typography, useMediaQuery, type Theme } from '@mui/material';
import { useLocation, useNavigate } from 'react-router-dom';
import {
  ListBase,
  ListContextProvider,
  Pagination,
  SimpleList,
  Title,
  useListContext,
  useTranslate,
  type Identifier,
  type ListControllerResult,
} from 'react-admin';
import { listDefaultFilter, type EntitySchema } from '../../../schemas/define';
import { resourceNameKey } from '../../i18n/keys';
import { useResourceAccess } from '../access';
import { DEFAULT_PER_PAGE_OPTIONS, listColumnsStoreKey, listStartParams } from '../listQuery';

export { DEFAULT_PER_PAGE_OPTIONS, listStartParams };
import { useEntityParts } from '../parts';
import { createPath, editPath, showPath } from '../paths';
import { CreateLink } from './LinkButton';
import { phoneListTexts } from './phoneList';
import { SchemaDataTable } from './SchemaDataTable';

type ToolbarModule = typeof import('./listToolbar');
let toolbarModule: ToolbarModule | undefined;

/**
 * The toolbar's module (`listToolbar.tsx`, a chunk of its own): undefined until its chunk is in,
 * then handed to React in a transition, so the toolbar mounts in an interruptible render of its
 * own. A chunk that fails to load is thrown to the nearest error boundary.
 */
const useToolbarModule = (): ToolbarModule | undefined => {
  const [module, setModule] = useState(toolbarModule);
  useEffect(() => {
    if (module) return;
    let live = true;
    import('./listToolbar').then(
      (m) => {
        toolbarModule = m;
        if (live) startTransition(() => setModule(m));
      },
      (error: unknown) => {
        // thrown from the state updater, during render, where an error boundary catches it
        if (live)
          setModule(() => {
            throw error;
          });
      },
    );
    return () => {
      live = false;
    };
  }, [module]);
  return module;
};

/** Shown when the list has no records at all (texts `bureau.list.*`, the resource's plural name). */
export const EmptyList = ({ schema, canCreate }: { schema: EntitySchema; canCreate: boolean }) => {
  const translate = useTranslate();
  const name = translate(resourceNameKey(schema.route), { smart_count: 0 }).toLowerCase();
  return (
    <Box sx={{ textAlign: 'center', m: 4 }} role="status">
      <Typography variant="h6" component="p" gutterBottom>
        {translate('bureau.list.empty', { name })}
      </Typography>
      <Typography variant="body2" color="text.secondary" gutterBottom>
        {translate(canCreate ? 'bureau.list.invite_create' : 'bureau.list.invite_none')}
      </Typography>
      {canCreate && <CreateLink to={createPath(schema.route)} />}
    </Box>
  );
};

/** `ListView`'s rule: the empty state once loaded with no rows, no error and no filter set. */
const useShowsEmpty = () => {
  const { error, isPending, total, data, hasNextPage, hasPreviousPage, filterValues } = useListContext();
  const none =
    total === 0 ||
    (total == null &&
      hasPreviousPage === false &&
      hasNextPage === false &&
      (data as unknown[] | undefined)?.length === 0);
  return !error && !isPending && none && Object.keys(filterValues).length === 0;
};

/**
 * Writes the list's state into a bare list address (`/clients` -> `/clients?filter={}&page=1&...`,
 * replacing the history entry). react-admin fills a bare address from its store, so Back to a bare
 * entry would bring back the state just left (the filter a user is undoing); with the state in
 * every entry, Back undoes one change and a copied address always names what is on screen.
 */
const useStateInAddress = () => {
  const { filterValues, page, perPage, sort } = useListContext();
  const { search } = useLocation();
  const navigate = useNavigate();
  useEffect(() => {
    if (search !== '') return;
    const state = { filter: JSON.stringify(filterValues), order: sort.order, page, perPage, sort: sort.field };
    navigate(
      { search: `?${new URLSearchParams(Object.entries(state).map(([k, v]) => [k, String(v)]))}` },
      { replace: true },
    );
  }, [search, filterValues, page, perPage, sort, navigate]);
};

/** The card holding the rows, flat on a phone. */
const ListCard = ({ children }: { children: ReactNode }) => (
  <Card
    className="RaList-content"
    sx={{ position: 'relative', overflow: 'inherit', boxShadow: { xs: 'none', sm: undefined } }}
  >
    {children}
  </Card>
);

/** The list as it is while its first page loads: react-admin's lists show placeholder rows. */
const pendingList = (list: ListControllerResult): ListControllerResult =>
  ({ ...list, data: undefined, isPending: true, isLoading: true }) as ListControllerResult;

/**
 * The list's toolbar, calling `onShown` once it is on screen. It mounts in a render of its own
 * (`useToolbarModule`), not in the one that brings the list's first page: that render is urgent
 * (react-query hands results to React through an external store, whose updates React renders in
 * one piece), and the toolbar's filter form, pick list and buttons are the costliest part of the
 * page to mount.
 */
const ToolbarSlot = ({
  schema,
  createPath,
  onShown,
}: {
  schema: EntitySchema;
  createPath?: string;
  onShown: () => void;
}) => {
  const module = useToolbarModule();
  if (!module) return null;
  return (
    <>
      <module.default schema={schema} createPath={createPath} />
      <OnMount run={onShown} />
    </>
  );
};

/** Runs `run` after its first commit, as a transition: what it shows renders interruptibly. */
const OnMount = ({ run }: { run: () => void }) => {
  useEffect(() => startTransition(run), [run]);
  return null;
};

/**
 * A phone's list: one `SimpleList` row per record, the representation as its title and one or two
 * list columns under it (`phoneListTexts`), the entity's `list.rowSx` as on the table's rows.
 *
 * The rows and the paging under them follow the list through React's deferred value: they mount
 * (placeholders first) and change page in a second, interruptible pass that React renders in
 * slices, giving way to input, not in one long task of the page's first render, which a slow
 * phone feels as a frozen page. The paging waits with the rows, so rows never push it down.
 */
const PhoneList = ({
  schema,
  rowPath,
  perPageOptions,
}: {
  schema: EntitySchema;
  rowPath: (id: Identifier) => string;
  perPageOptions: number[];
}) => {
  const parts = useEntityParts(schema);
  const texts = useMemo(() => phoneListTexts(schema), [schema]);
  const current = useListContext();
  const list = useDeferredValue(current, pendingList(current));
  return (
    <ListContextProvider value={list}>
      <ListCard>
        <SimpleList
          primaryText={texts.primary}
          secondaryText={texts.secondary}
          rowClick={(id) => rowPath(id)}
          rowSx={parts.list?.rowSx}
        />
      </ListCard>
      <Pagination rowsPerPageOptions={perPageOptions} />
    </ListContextProvider>
  );
};

const ListPage = ({ schema, perPageOptions }: { schema: EntitySchema; perPageOptions: number[] }) => {
  const { defaultTitle } = useListContext();
  const canAccess = useResourceAccess();
  const canCreate = canAccess('create', schema.route);
  const canDelete = canAccess('delete', schema.route);
  const rowPath = schema.list?.rowClick === 'edit' ? editPath : showPath;
  const showsEmpty = useShowsEmpty();
  const isPhone = useMediaQuery((t: Theme) => t.breakpoints.down('sm'));
  // the rows wait for the toolbar, so it never appears above rows already on screen and pushes them
  // down; once its chunk is in (a list seen before), both come in the same render
  const [toolbarShown, setToolbarShown] = useState(() => toolbarModule !== undefined);
  const onToolbarShown = useCallback(() => setToolbarShown(true), []);
  useStateInAddress();
  return (
    <Box className="list-page" sx={{ display: 'flex' }}>
      {/* the title is react-admin's `resources.<route>.page.list` (the schema's label) */}
      <Title defaultTitle={defaultTitle} preferenceKey={false} />
      {showsEmpty ? (
        <Box className="RaList-noResults" sx={{ flex: 1 }}>
          <EmptyList schema={schema} canCreate={canCreate} />
        </Box>
      ) : (
        // minWidth 0: a flex item may shrink below its table's width (the table scrolls in its wrapper)
        <Box className="RaList-main" sx={{ flex: '1 1 auto', minWidth: 0, display: 'flex', flexDirection: 'column' }}>
          {schema.status?.board && (
            <Box sx={{ display: 'flex', justifyContent: 'flex-end', pt: 1 }}>
              <BoardSwitch schema={schema} current="list" />
            </Box>
          )}
          {/* the toolbar's chunk loads while the first page is fetched */}
          <ToolbarSlot
            schema={schema}
            createPath={canCreate ? createPath(schema.route) : undefined}
            onShown={onToolbarShown}
          />
          {!toolbarShown ? null : isPhone ? (
            <PhoneList schema={schema} rowPath={(id) => rowPath(schema.route, id)} perPageOptions={perPageOptions} />
          ) : (
            <>
              <ListCard>
                <SchemaDataTable
                  schema={schema}
                  rowPath={(id) => rowPath(schema.route, id)}
                  canDelete={canDelete}
                  storeKey={listColumnsStoreKey(schema.route)}
                />
              </ListCard>
              <Pagination rowsPerPageOptions={perPageOptions} />
            </>
          )}
        </Box>
      )}
    </Box>
  );
};

export const SchemaList = ({ schema }: { schema: EntitySchema }) => {
  const start = listStartParams(schema);
  // one object per schema: a new one on every render would make react-admin apply it again
  const defaults = useMemo(() => listDefaultFilter(schema), [schema]);
  return (
    <ListBase
      resource={schema.route}
      // The layout's ResourceRouteGuard has already checked sign-in and the list permission (PERM-10)
      // before this renders, and the server checks every request; the controller's own second round
      // of checks would only hold the first request back (the first row shows sooner).
      disableAuthentication
      // Page, page size, sort and filters live in the address (react-admin's default): a list URL
      // such as `/clients?filter={"search":"Aral"}&perPage=50` can be shared and bookmarked, and
      // Back undoes a change. Without parameters in the address, react-admin takes the ones it
      // last stored for this list (`<route>.listParams` in its store), so the list reopens as left.
      perPage={start.perPage}
      sort={start.sort}
      filterDefaultValues={defaults}
      // the list's fixed filter (the time list's time entries, TIME-14): sent with every page, and by
      // `listFilterQuery` with the total and the export, so they count the same rows
      filter={schema.list?.fixedFilter}
      queryOptions={{ meta: { projection: start.projection } }}
    >
      <ListPage schema={schema} perPageOptions={start.perPageOptions} />
    </ListBase>
  );
};
