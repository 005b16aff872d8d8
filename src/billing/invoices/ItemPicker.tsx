/**
 * What an invoice bills, picked in its form (INV-21, INV-29, INV-30): the billable time entries and
 * the expenses of the chosen project (and matters) in the invoice period that no invoice holds yet -
 * `GET /times/search/findAllForInvoicePreview` and `GET /expenses/search/findAllForInvoicePreview` -
 * and the project's pre-invoices not yet invoiced. Each is a table of checkboxes; the form field
 * (`timeList`, `expenseList`, `preInvoiceList`) holds the checked rows' ids and is sent as `[{ id }]`.
 *
 * Rows the invoice already holds (an edit) are the field's loaded value: they stay listed and
 * checked although the preview no longer offers them (it lists only rows no invoice holds), so
 * saving without touching the table keeps every link. Loaded with the form, not in the first load.
 *
 * The time preview is read a page at a time ({@link PREVIEW_PAGE_SIZE} rows, within the server's
 * limit of 1,000 a page) and shown {@link DISPLAY_ROWS} rows a page: turning to a page past the rows
 * read reads the next preview page, "pick every row" reads the rest first, and a failed read shows
 * its message (MC-7: asking for 2,000 rows at once was a 400 and no time could be picked).
 */
import {
  Alert,
  Box,
  Checkbox,
  FormLabel,
  LinearProgress,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TablePagination,
  TableRow,
  Typography,
} from '@mui/material';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useGetMany, useInput, useTranslate } from 'react-admin';
import { findSchema } from '../../../schemas/registry';
import { useWatch } from 'react-hook-form';
import type { QueryParams } from '../../../dataProvider/query';
import type { InputRenderProps } from '../../resources/fieldTypes/types';
import { useSpringDataProvider } from '../../resources/useAction';
import { hoursOf } from '../../times/duration';
import { money } from '../expenses/listParts';

type Row = Record<string, unknown> & { id: number | string };

const idOf = (v: unknown): number | undefined => {
  const id = v != null && typeof v === 'object' ? (v as { id?: unknown }).id : v;
  return id === undefined || id === null || id === '' ? undefined : Number(id);
};
const text = (v: unknown): string => (v === undefined || v === null ? '' : String(v));
const embedded = (v: unknown, key: string): string =>
  v != null && typeof v === 'object' ? text((v as Record<string, unknown>)[key]) : '';

/** The form values a pick list depends on. */
export interface PickScope {
  projectId?: number;
  matterIds: number[];
  periodGte?: string;
  periodLte?: string;
}

/** What one of the three pick lists reads and shows. */
export interface PickKind {
  /** Heading of the table, e.g. "Time entries to bill". */
  title: string;
  /** The resource the candidates are read from. */
  collection: string;
  /**
   * How the candidates are read: a declared GET action of the collection (`action`) or the
   * collection itself, with `query`; undefined while the form lacks what it needs.
   */
  read: (scope: PickScope) => { action?: string; query: QueryParams } | undefined;
  /** What the form still needs before the list can load (a translation key, as are `title` and the column labels). */
  needs: string;
  /**
   * Whether the read takes `page` (0-based) and `size` and answers a HAL page with its
   * `totalElements`: then it is read {@link PREVIEW_PAGE_SIZE} rows at a time.
   */
  paged?: boolean;
  columns: Array<{ label: string; value: (row: Row) => string; numeric?: boolean }>;
}

/**
 * Rows a paged preview asks for at a time: well within the server's limit of 1,000 a page
 * (`server/rest/query.ts`), so a page is never refused for its size (MC-7).
 */
export const PREVIEW_PAGE_SIZE = 500;

/** Rows the pick table shows at a time (its own pages; the preview is read in larger pages). */
export const DISPLAY_ROWS = 50;

const matterIds = (scope: PickScope) => (scope.matterIds.length ? { matterIds: scope.matterIds.join(',') } : {});

/** Billable, uninvoiced time entries of the project in the period (INV-29). */
export const TIME_PICK: PickKind = {
  title: 'bureau.pick.times',
  collection: 'times',
  needs: 'bureau.pick.times_needs',
  paged: true,
  read: (s) =>
    s.projectId && s.periodGte && s.periodLte
      ? {
          action: 'findAllForInvoicePreview',
          query: { projectId: s.projectId, dateGte: s.periodGte, dateLte: s.periodLte, ...matterIds(s) },
        }
      : undefined,
  columns: [
    { label: 'bureau.pick.date', value: (r) => text(r.dateTime).slice(0, 10) },
    { label: 'bureau.pick.matter', value: (r) => embedded(r.matter, 'number') },
    { label: 'bureau.pick.description', value: (r) => text(r.description) },
    {
      label: 'bureau.pick.hours',
      value: (r) => (r.duration == null ? '' : hoursOf(Number(r.duration))),
      numeric: true,
    },
  ],
};

/** The project's expenses not invoiced nor written off, dated in the period (INV-30). */
export const EXPENSE_PICK: PickKind = {
  title: 'bureau.pick.expenses',
  collection: 'expenses',
  needs: 'bureau.pick.expenses_needs',
  read: (s) =>
    s.projectId
      ? {
          action: 'findAllForInvoicePreview',
          query: {
            projectId: s.projectId,
            ...(s.periodGte ? { dateGte: s.periodGte } : {}),
            ...(s.periodLte ? { dateLte: s.periodLte } : {}),
            ...matterIds(s),
          },
        }
      : undefined,
  columns: [
    { label: 'bureau.pick.date', value: (r) => text(r.date) },
    { label: 'bureau.pick.description', value: (r) => text(r.description) },
    {
      label: 'bureau.pick.amount',
      value: (r) => (r.amount == null ? '' : `${money(r.amount)} ${embedded(r.currency, 'code')}`.trim()),
      numeric: true,
    },
  ],
};

/**
 * The project's pre-invoices that no invoice holds yet and that are Approved (status code 4) or
 * Acted (5): what the invoice's save accepts (MC-3, server/billing/billable.ts).
 */
export const PRE_INVOICE_PICK: PickKind = {
  title: 'bureau.pick.pre_invoices',
  collection: 'preInvoices',
  needs: 'bureau.pick.pre_invoices_needs',
  read: (s) =>
    s.projectId
      ? {
          query: {
            'project.id': s.projectId,
            'invoice.isNull': 'true',
            'status.code.in': '4,5',
            sort: 'date,asc',
            size: 1000,
          },
        }
      : undefined,
  columns: [
    { label: 'bureau.pick.number', value: (r) => text(r.number) },
    { label: 'bureau.pick.date', value: (r) => text(r.date) },
    { label: 'bureau.pick.amount', value: (r) => (r.amount == null ? '' : money(r.amount)), numeric: true },
  ],
};

/** The form's scope of the pick lists: project, matters and period as the form holds them now. */
const usePickScope = (): PickScope => {
  const [project, matterList, periodGte, periodLte] = useWatch({
    name: ['project', 'matterList', 'periodGte', 'periodLte'],
  }) as [unknown, unknown, unknown, unknown];
  return {
    projectId: idOf(project),
    matterIds: (Array.isArray(matterList) ? matterList.map(idOf) : []).filter((x): x is number => x !== undefined),
    periodGte: typeof periodGte === 'string' && periodGte ? periodGte : undefined,
    periodLte: typeof periodLte === 'string' && periodLte ? periodLte : undefined,
  };
};

/** One pick list as a form input: a table of checkboxes over the candidates and the held rows. */
const ItemPicker = ({ name, label, kind, disabled }: InputRenderProps & { kind: PickKind }) => {
  const { field } = useInput({ source: name });
  const translate = useTranslate();
  const title = translate(kind.title);
  const dataProvider = useSpringDataProvider();
  const scope = usePickScope();
  const read = kind.read(scope);
  const pages = useInfiniteQuery({
    queryKey: ['invoicePick', kind.collection, read],
    enabled: read !== undefined,
    initialPageParam: 0,
    queryFn: async ({ signal, pageParam }) => {
      const { action, query } = read!;
      const paging = kind.paged ? { page: pageParam, size: PREVIEW_PAGE_SIZE } : {};
      const answer = action
        ? await dataProvider.action<Row[]>(kind.collection, { name: action, data: { ...query, ...paging }, signal })
        : await dataProvider.request<Row[]>(kind.collection, { query: { ...query, ...paging }, signal });
      const rows = Array.isArray(answer.data) ? answer.data : [];
      return { rows, total: (answer as { total?: number }).total ?? rows.length };
    },
    // the next page while the pages read hold fewer rows than the preview's total
    getNextPageParam: (last, all, lastParam) =>
      kind.paged && last.rows.length > 0 && all.reduce((n, p) => n + p.rows.length, 0) < last.total
        ? lastParam + 1
        : undefined,
  });
  const { isFetching, error } = pages;
  const data = pages.data?.pages.flatMap((p) => p.rows);
  const previewTotal = pages.data?.pages.at(-1)?.total ?? 0;
  // the form holds a reference list as ids: the rows of picked ids the preview does not list (those
  // the invoice holds) are read with getMany
  const ids: Array<string | number> = (Array.isArray(field.value) ? field.value : [])
    .map((v: unknown) => (v != null && typeof v === 'object' ? (v as Row).id : (v as string | number)))
    .filter((v: unknown) => v !== undefined && v !== null && v !== '');
  const pickedIds = new Set(ids.map(String));
  const listed = new Set((data ?? []).map((r) => String(r.id)));
  const missing = ids.filter((id) => !listed.has(String(id)));
  const { data: held } = useGetMany<Row>(
    findSchema(kind.collection)?.route ?? kind.collection,
    { ids: missing },
    { enabled: missing.length > 0 },
  );
  const known = new Map<string, Row>();
  for (const r of [...(held ?? []), ...(data ?? [])]) if (r && typeof r === 'object') known.set(String(r.id), r);
  // the rows the invoice holds first (the preview leaves them out), then the candidates in the
  // preview's order, picked or not, so a row keeps its place in the table's pages when picked
  const rows: Row[] = [...missing.map((id) => known.get(String(id)) ?? { id }), ...(data ?? [])];
  const set = (next: Array<string | number>) => field.onChange(next);
  const toggle = (row: Row) =>
    set(pickedIds.has(String(row.id)) ? ids.filter((id) => String(id) !== String(row.id)) : [...ids, row.id]);
  const allPicked = rows.length > 0 && !pages.hasNextPage && rows.every((r) => pickedIds.has(String(r.id)));
  const picked = ids;
  // the table shows DISPLAY_ROWS rows at a time; the candidates not read yet count in its length, and
  // showing a page past the rows read reads the next preview page
  const [shown, setShown] = useState(0);
  const count = rows.length + Math.max(0, previewTotal - (data?.length ?? 0));
  const visible = rows.slice(shown * DISPLAY_ROWS, (shown + 1) * DISPLAY_ROWS);
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = pages;
  useEffect(() => {
    if ((shown + 1) * DISPLAY_ROWS > rows.length && hasNextPage && !isFetchingNextPage) void fetchNextPage();
  }, [shown, rows.length, hasNextPage, isFetchingNextPage, fetchNextPage]);
  useEffect(() => setShown(0), [JSON.stringify(read)]); // eslint-disable-line react-hooks/exhaustive-deps
  // "pick every row" reads the pages not read yet first, so it picks every candidate
  const pickAll = async () => {
    if (allPicked) return set([]);
    let more = pages.hasNextPage;
    let read = pages.data;
    while (more) {
      const next = await pages.fetchNextPage();
      if (next.isError) return; // its message is shown
      more = next.hasNextPage;
      read = next.data;
    }
    const all = (read?.pages ?? []).flatMap((p) => p.rows);
    const known = new Set(ids.map(String));
    set([...ids, ...all.filter((r) => !known.has(String(r.id))).map((r) => r.id)]);
  };
  const titleId = `${name}-pick-title`;
  return (
    <Box sx={{ width: '100%', my: 1 }} role="group" aria-labelledby={titleId}>
      <FormLabel id={titleId} component="div" sx={{ fontWeight: 600 }}>
        {title || label} {count > 0 && translate('bureau.pick.picked', { picked: picked.length, total: count })}
      </FormLabel>
      {isFetching && <LinearProgress aria-label={translate('bureau.pick.loading', { what: title.toLowerCase() })} />}
      {error && (
        <Alert severity="error" role="alert">
          {translate('bureau.pick.failed', { what: title.toLowerCase(), message: (error as Error).message })}
        </Alert>
      )}
      {read === undefined && picked.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {translate(kind.needs)}
        </Typography>
      ) : rows.length === 0 && !isFetching ? (
        <Typography variant="body2" color="text.secondary">
          {translate('bureau.pick.nothing_left')}
        </Typography>
      ) : (
        <Table size="small" aria-labelledby={titleId}>
          <TableHead>
            <TableRow>
              <TableCell padding="checkbox">
                <Checkbox
                  disabled={disabled || rows.length === 0 || isFetching}
                  checked={allPicked}
                  indeterminate={picked.length > 0 && !allPicked}
                  onChange={() => void pickAll()}
                  inputProps={{ 'aria-label': translate('bureau.pick.pick_all', { what: title.toLowerCase() }) }}
                />
              </TableCell>
              {kind.columns.map((c) => (
                <TableCell key={c.label} align={c.numeric ? 'right' : 'left'}>
                  {translate(c.label)}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {visible.map((row) => (
              <TableRow key={String(row.id)} hover selected={pickedIds.has(String(row.id))}>
                <TableCell padding="checkbox">
                  <Checkbox
                    disabled={disabled}
                    checked={pickedIds.has(String(row.id))}
                    onChange={() => toggle(row)}
                    inputProps={{
                      'aria-label': translate('bureau.pick.pick_row', {
                        row:
                          kind.columns
                            .map((c) => c.value(row))
                            .filter(Boolean)
                            .join(' ') || `#${row.id}`,
                      }),
                    }}
                  />
                </TableCell>
                {kind.columns.map((c) => (
                  <TableCell key={c.label} align={c.numeric ? 'right' : 'left'}>
                    {c.value(row)}
                  </TableCell>
                ))}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
      {count > DISPLAY_ROWS && (
        <TablePagination
          component="div"
          count={count}
          page={Math.min(shown, Math.max(0, Math.ceil(count / DISPLAY_ROWS) - 1))}
          rowsPerPage={DISPLAY_ROWS}
          rowsPerPageOptions={[DISPLAY_ROWS]}
          onPageChange={(_, page) => setShown(page)}
          labelDisplayedRows={({ from, to, count: of }) => translate('bureau.pick.rows', { from, to, count: of })}
        />
      )}
    </Box>
  );
};

/** The input renderers of the three pick lists, for the invoice's `fields` parts. */
export const TimePicker = (p: InputRenderProps) => <ItemPicker {...p} kind={TIME_PICK} />;
export const ExpensePicker = (p: InputRenderProps) => <ItemPicker {...p} kind={EXPENSE_PICK} />;
export const PreInvoicePicker = (p: InputRenderProps) => <ItemPicker {...p} kind={PRE_INVOICE_PICK} />;
