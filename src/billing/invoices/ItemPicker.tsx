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
  TableRow,
  Typography,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useGetMany, useInput, useTranslate } from 'react-admin';
import { findSchema } from '../../../schemas/index';
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
  columns: Array<{ label: string; value: (row: Row) => string; numeric?: boolean }>;
}

const matterIds = (scope: PickScope) => (scope.matterIds.length ? { matterIds: scope.matterIds.join(',') } : {});

/** Billable, uninvoiced time entries of the project in the period (INV-29). */
export const TIME_PICK: PickKind = {
  title: 'bureau.pick.times',
  collection: 'times',
  needs: 'bureau.pick.times_needs',
  read: (s) =>
    s.projectId && s.periodGte && s.periodLte
      ? {
          action: 'findAllForInvoicePreview',
          query: { projectId: s.projectId, dateGte: s.periodGte, dateLte: s.periodLte, ...matterIds(s), size: 2000 },
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
 * Acted (5): what the invoice's save accepts (issue 30 item 3, server/billing/billable.ts).
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
  const { data, isFetching, error } = useQuery({
    queryKey: ['invoicePick', kind.collection, read],
    enabled: read !== undefined,
    queryFn: async ({ signal }) => {
      const { action, query } = read!;
      const answer = action
        ? await dataProvider.action<Row[]>(kind.collection, { name: action, data: query, signal })
        : await dataProvider.request<Row[]>(kind.collection, { query, signal });
      return Array.isArray(answer.data) ? answer.data : [];
    },
  });
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
  // the picked rows first (the preview leaves out those the invoice holds), then the candidates
  const rows: Row[] = [
    ...ids.map((id) => known.get(String(id)) ?? { id }),
    ...(data ?? []).filter((r) => !pickedIds.has(String(r.id))),
  ];
  const set = (next: Array<string | number>) => field.onChange(next);
  const toggle = (row: Row) =>
    set(pickedIds.has(String(row.id)) ? ids.filter((id) => String(id) !== String(row.id)) : [...ids, row.id]);
  const allPicked = rows.length > 0 && rows.every((r) => pickedIds.has(String(r.id)));
  const picked = ids;
  const titleId = `${name}-pick-title`;
  return (
    <Box sx={{ width: '100%', my: 1 }} role="group" aria-labelledby={titleId}>
      <FormLabel id={titleId} component="div" sx={{ fontWeight: 600 }}>
        {title || label}{' '}
        {rows.length > 0 && translate('bureau.pick.picked', { picked: picked.length, total: rows.length })}
      </FormLabel>
      {isFetching && <LinearProgress aria-label={translate('bureau.pick.loading', { what: title.toLowerCase() })} />}
      {error && <Alert severity="error">{(error as Error).message}</Alert>}
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
                  disabled={disabled || rows.length === 0}
                  checked={allPicked}
                  indeterminate={picked.length > 0 && !allPicked}
                  onChange={() => set(allPicked ? [] : rows.map((r) => r.id))}
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
            {rows.map((row) => (
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
    </Box>
  );
};

/** The input renderers of the three pick lists, for the invoice's `fields` parts. */
export const TimePicker = (p: InputRenderProps) => <ItemPicker {...p} kind={TIME_PICK} />;
export const ExpensePicker = (p: InputRenderProps) => <ItemPicker {...p} kind={EXPENSE_PICK} />;
export const PreInvoicePicker = (p: InputRenderProps) => <ItemPicker {...p} kind={PRE_INVOICE_PICK} />;
