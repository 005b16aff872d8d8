/**
 * The generated list (NAV-14 for clients): the schema's columns, filters, default sort, page sizes
 * 20/50/100 with 20 by default (CONST-01/02), a friendly empty state, Create and bulk delete only
 * when allowed, and a row click to the card `/<route>/:id`.
 *
 * It is react-admin's `<List>` taken apart (`ListBase` + title, toolbar, a card with the table,
 * pagination; the same class names) so that the toolbar, whose filter form weighs ~17 KB gzip of
 * react-hook-form and dialogs, loads in its own chunk while the rows render (first-load size).
 */
import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { Box, Card, Typography } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { ListBase, Pagination, Title, useDataProvider, useListContext, type SortPayload } from 'react-admin';
import type { EntitySchema } from '../../../schemas/define';
import { useResourceAccess } from '../access';
import { listQueryData, listQueryKey, listStoreKey } from '../listCache';
import { createPath, editPath, showPath } from '../paths';
import { CreateLink } from './LinkButton';
import { SchemaDataTable } from './SchemaDataTable';

export const DEFAULT_PER_PAGE_OPTIONS = [20, 50, 100];

/** The height of the toolbar (a small filter input plus margins), kept while its code loads. */
const TOOLBAR_MIN_HEIGHT = 64;
/** The longest the toolbar waits for the first rows (ms). */
const TOOLBAR_WAIT_MS = 1000;

const SchemaListToolbar = lazy(() => import('./listToolbar'));

/**
 * The parameters a schema's list starts with: rows per page (20 when offered, CONST-02), the
 * schema's default sort and the list projection (sent as `projection`); its default filter is
 * `schema.list.defaultFilter`.
 */
export const listStartParams = (schema: EntitySchema) => {
  const [field = 'id', order = 'desc'] = schema.defaultSort[0] ?? [];
  const perPageOptions = schema.list?.perPageOptions ?? DEFAULT_PER_PAGE_OPTIONS;
  return {
    perPageOptions,
    perPage: perPageOptions.includes(20) ? 20 : perPageOptions[0]!,
    sort: { field, order: order === 'asc' ? 'ASC' : 'DESC' } satisfies SortPayload,
    projection: schema.list?.projection,
  };
};

/** Shown when the list has no records at all. */
export const EmptyList = ({ schema, canCreate }: { schema: EntitySchema; canCreate: boolean }) => (
  <Box sx={{ textAlign: 'center', m: 4 }} role="status">
    <Typography variant="h6" component="p" gutterBottom>
      No {schema.label.toLowerCase()} yet.
    </Typography>
    <Typography variant="body2" color="text.secondary" gutterBottom>
      {canCreate ? 'Create the first one to get started.' : 'Nothing has been added here so far.'}
    </Typography>
    {canCreate && <CreateLink to={createPath(schema.route)} />}
  </Box>
);

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
 * Whether the toolbar may render: from the frame after the list's first rows, or after
 * `TOOLBAR_WAIT_MS` when they are slow. Its chunk (filter form, react-hook-form) then loads and
 * runs after the rows are on screen instead of competing with them (the first row shows sooner).
 */
const useToolbarReady = () => {
  const { isPending } = useListContext();
  const [ready, setReady] = useState(false);
  useEffect(() => {
    if (ready) return;
    if (isPending) {
      const timer = setTimeout(() => setReady(true), TOOLBAR_WAIT_MS);
      return () => clearTimeout(timer);
    }
    // two frames on: the rows' frame has been painted
    let frame = requestAnimationFrame(() => (frame = requestAnimationFrame(() => setReady(true))));
    return () => cancelAnimationFrame(frame);
  }, [isPending, ready]);
  return ready;
};

/**
 * When the "rows per page" menu opens, fetches page 1 at the largest page size into the query cache
 * and derives the smaller sizes' page 1 from it (their rows are its first rows), so whichever size
 * is chosen shows at once instead of after a round-trip (the switch to 100 rows). The cache keys
 * are react-admin's `useGetList` keys for the list's next parameters (`SET_PER_PAGE` goes back to
 * page 1); the list refreshes them as usual once shown.
 */
const usePageSizePrefetch = (perPageOptions: number[], projection: string | undefined) => {
  const { resource, sort, filterValues, perPage } = useListContext();
  const dataProvider = useDataProvider();
  const queryClient = useQueryClient();
  return useCallback(() => {
    const largest = Math.max(...perPageOptions);
    if (largest === perPage) return;
    const params = (size: number) => ({
      pagination: { page: 1, perPage: size },
      sort,
      filter: filterValues,
      meta: { projection },
    });
    const keyOf = (size: number) => listQueryKey(resource, params(size));
    void queryClient
      .fetchQuery({
        queryKey: keyOf(largest),
        queryFn: ({ signal }) => dataProvider.getList(resource, { ...params(largest), signal }).then(listQueryData),
      })
      .then(
        (page) => {
          for (const size of perPageOptions)
            if (size < largest && size !== perPage && !queryClient.getQueryData(keyOf(size)))
              queryClient.setQueryData(keyOf(size), { ...page, data: page.data.slice(0, size) });
        },
        () => undefined, // the list asks again when a size is chosen
      );
  }, [dataProvider, queryClient, resource, sort, filterValues, perPage, perPageOptions, projection]);
};

const ListPage = ({ schema, perPageOptions }: { schema: EntitySchema; perPageOptions: number[] }) => {
  const { defaultTitle } = useListContext();
  const canAccess = useResourceAccess();
  const canCreate = canAccess('create', schema.route);
  const canDelete = canAccess('delete', schema.route);
  const rowPath = schema.list?.rowClick === 'edit' ? editPath : showPath;
  const showsEmpty = useShowsEmpty();
  const prefetchPageSizes = usePageSizePrefetch(perPageOptions, schema.list?.projection);
  const toolbarReady = useToolbarReady();
  const toolbarSpace = <Box sx={{ minHeight: TOOLBAR_MIN_HEIGHT }} />;
  return (
    <Box className="list-page" sx={{ display: 'flex' }}>
      {/* no per-page title preference (react-admin's configurable wrapper): the schema names it */}
      <Title title={schema.label} defaultTitle={defaultTitle} preferenceKey={false} />
      {showsEmpty ? (
        <Box className="RaList-noResults" sx={{ flex: 1 }}>
          <EmptyList schema={schema} canCreate={canCreate} />
        </Box>
      ) : (
        <Box className="RaList-main" sx={{ flex: '1 1 auto', display: 'flex', flexDirection: 'column' }}>
          {toolbarReady ? (
            <Suspense fallback={toolbarSpace}>
              <SchemaListToolbar schema={schema} createPath={canCreate ? createPath(schema.route) : undefined} />
            </Suspense>
          ) : (
            toolbarSpace
          )}
          <Card
            className="RaList-content"
            sx={{ position: 'relative', overflow: 'inherit', boxShadow: { xs: 'none', sm: undefined } }}
          >
            <SchemaDataTable schema={schema} rowPath={(id) => rowPath(schema.route, id)} canDelete={canDelete} />
          </Card>
          <Pagination rowsPerPageOptions={perPageOptions} slotProps={{ select: { onOpen: prefetchPageSizes } }} />
        </Box>
      )}
    </Box>
  );
};

export const SchemaList = ({ schema }: { schema: EntitySchema }) => {
  const start = listStartParams(schema);
  return (
    <ListBase
      resource={schema.route}
      // The layout's ResourceRouteGuard has already checked sign-in and the list permission (PERM-10)
      // before this renders, and the server checks every request; the controller's own second round
      // of checks would only hold the first request back (the first row shows sooner).
      disableAuthentication
      // Page, page size, sort and filters live in react-admin's store (localStorage, per list),
      // not in the address: each change in the address re-rendered the router's whole tree (the
      // layout, the menu, every resource's routes), ~40% of a switch to 100 rows. The
      // list still reopens as it was left; the Back button leaves the list rather than undoing a
      // page change.
      disableSyncWithLocation
      storeKey={listStoreKey(schema.route)}
      perPage={start.perPage}
      sort={start.sort}
      filterDefaultValues={schema.list?.defaultFilter}
      queryOptions={{ meta: { projection: start.projection } }}
    >
      <ListPage schema={schema} perPageOptions={start.perPageOptions} />
    </ListBase>
  );
};
