/**
 * The History tab of every generated card: the record's writes, newest first (when, who, the
 * action, and per changed field its value before and after), paged, read through the data
 * provider's `getHistory` (`GET <collection>/{id}/history`). A user who may edit the record can
 * take back a whole change or one field of it (`revertHistory`): the server writes the recorded
 * values back as an edit (same access and If-Match rules), and the revert appears as the newest
 * change, so a revert can itself be taken back.
 */
import UndoIcon from '@mui/icons-material/Undo';
import {
  Button,
  IconButton,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TablePagination,
  TableRow,
  Tooltip,
  Typography,
} from '@mui/material';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Fragment, useState } from 'react';
import {
  TabbedShowLayout,
  useDataProvider,
  useNotify,
  useRecordContext,
  useRefresh,
  useTranslate,
  type DataProvider,
  type RaRecord,
} from 'react-admin';
import type { EntitySchema } from '../../../schemas/define';
import { humanize, revertibleChange, servesGenericWrite } from '../../../schemas/define';
import type { GetHistoryParams, HistoryChange, HistoryEntry } from '../../../dataProvider/history';
import type { RevertHistoryParams } from '../../../dataProvider/index';
import { useResourceAccess } from '../access';
import { HISTORY_TAB } from '../paths';
import { formatDateTime } from '../format';

type HistoryProvider = DataProvider & {
  getHistory?: (resource: string, params: GetHistoryParams) => Promise<{ data: HistoryEntry[]; total: number }>;
  revertHistory?: (resource: string, params: RevertHistoryParams) => Promise<{ data: RaRecord }>;
};

/** Whether a revert can take back `change` of `entry` (a field of an update, {@link revertibleChange}). */
const revertible = (schema: EntitySchema, entry: HistoryEntry, change: HistoryChange | undefined): boolean =>
  entry.action === 'update' && !!change && revertibleChange(schema, change);

const PER_PAGE_OPTIONS = [10, 20, 50];

/** A recorded value as text: references as `#id`, lists joined, booleans Yes/No, empty as a dash. */
export function historyValue(v: unknown): string {
  if (v === null || v === undefined || v === '') return '—';
  if (Array.isArray(v)) return v.length ? v.map(historyValue).join(', ') : '—';
  if (typeof v === 'boolean') return v ? 'Yes' : 'No';
  if (typeof v === 'object') {
    const o = v as Record<string, unknown>;
    const keys = Object.keys(o);
    if (keys.length === 1 && keys[0] === 'id') return `#${String(o.id)}`;
    return JSON.stringify(v);
  }
  return String(v);
}

/** The table of a record's history, for the record in context. */
export const HistoryList = ({ schema }: { schema: EntitySchema }) => {
  const record = useRecordContext();
  const dataProvider = useDataProvider<HistoryProvider>();
  const translate = useTranslate();
  const [page, setPage] = useState(1);
  const [perPage, setPerPage] = useState(20);
  const id = record?.id;
  const { data, error, isPending } = useQuery({
    queryKey: [schema.route, 'getHistory', { id, page, perPage }],
    enabled: id !== undefined && !!dataProvider.getHistory,
    queryFn: ({ signal }) => dataProvider.getHistory!(schema.route, { id: id!, pagination: { page, perPage }, signal }),
  });
  const t = (key: string, fallback: string) => translate(`bureau.history.${key}`, { _: fallback });
  const canAccess = useResourceAccess();
  const notify = useNotify();
  const refresh = useRefresh();
  const mayRevert = servesGenericWrite(schema, 'update') && canAccess('edit', schema.route);
  const revert = useMutation({
    mutationFn: (params: { entryId: number; fields?: string[] }) =>
      dataProvider.revertHistory!(schema.route, { id: id!, previousData: record, ...params }),
    onSuccess: () => {
      notify(t('reverted', 'The change was taken back'), { type: 'success' });
      refresh();
    },
    onError: (e: Error) => notify(e.message, { type: 'error' }),
  });
  if (error) return <Typography color="error">{t('error', 'The history could not be read')}</Typography>;
  if (isPending) return null;
  if (data.total === 0) return <Typography>{t('empty', 'No changes recorded')}</Typography>;
  const label = (field: string) => schema.fields[field]?.label ?? humanize(field);
  return (
    <>
      <Table size="small" aria-label={t('tab', 'History')}>
        <TableHead>
          <TableRow>
            <TableCell>{t('when', 'When')}</TableCell>
            <TableCell>{t('who', 'Who')}</TableCell>
            <TableCell>{t('action', 'Action')}</TableCell>
            <TableCell>{t('field', 'Field')}</TableCell>
            <TableCell>{t('before', 'Before')}</TableCell>
            <TableCell>{t('after', 'After')}</TableCell>
            {mayRevert && <TableCell>{t('revert', 'Revert')}</TableCell>}
          </TableRow>
        </TableHead>
        <TableBody>
          {data.data.map((entry) => {
            const changes = entry.changes.length ? entry.changes : [undefined];
            return (
              <Fragment key={entry.id}>
                {changes.map((change, i) => (
                  <TableRow key={change?.field ?? '-'}>
                    {i === 0 && (
                      <>
                        <TableCell rowSpan={changes.length}>{formatDateTime(entry.changedAt)}</TableCell>
                        <TableCell rowSpan={changes.length}>{entry.changedBy ?? '—'}</TableCell>
                        <TableCell rowSpan={changes.length}>
                          {t(`actions.${entry.action}`, humanize(entry.action))}
                          {mayRevert && changes.filter((c) => revertible(schema, entry, c)).length > 1 && (
                            <Button
                              size="small"
                              startIcon={<UndoIcon />}
                              disabled={revert.isPending}
                              onClick={() => revert.mutate({ entryId: entry.id })}
                              sx={{ display: 'flex', mt: 0.5 }}
                            >
                              {t('revert_change', 'Revert this change')}
                            </Button>
                          )}
                        </TableCell>
                      </>
                    )}
                    <TableCell>{change ? label(change.field) : '—'}</TableCell>
                    {change?.writeOnly ? (
                      <TableCell colSpan={2}>{t('hidden', 'changed (value not shown)')}</TableCell>
                    ) : (
                      <>
                        <TableCell>{change ? historyValue(change.before) : ''}</TableCell>
                        <TableCell>{change ? historyValue(change.after) : ''}</TableCell>
                      </>
                    )}
                    {mayRevert && (
                      <TableCell padding="checkbox">
                        {revertible(schema, entry, change) && (
                          <Tooltip title={t('revert_field', 'Revert this field')}>
                            <IconButton
                              size="small"
                              aria-label={`${t('revert_field', 'Revert this field')}: ${label(change!.field)}`}
                              disabled={revert.isPending}
                              onClick={() => revert.mutate({ entryId: entry.id, fields: [change!.field] })}
                            >
                              <UndoIcon fontSize="small" />
                            </IconButton>
                          </Tooltip>
                        )}
                      </TableCell>
                    )}
                  </TableRow>
                ))}
              </Fragment>
            );
          })}
        </TableBody>
      </Table>
      <TablePagination
        component="div"
        count={data.total}
        page={page - 1}
        rowsPerPage={perPage}
        rowsPerPageOptions={PER_PAGE_OPTIONS}
        onPageChange={(_, p) => setPage(p + 1)}
        onRowsPerPageChange={(e) => {
          setPerPage(Number(e.target.value));
          setPage(1);
        }}
      />
    </>
  );
};

/**
 * The History tab element for a card's `TabbedShowLayout` (a direct child, as the layout reads
 * its `label` and `path`): `/<route>/<id>/history`.
 */
export const historyTab = (schema: EntitySchema) => (
  <TabbedShowLayout.Tab key="history" label="bureau.history.tab" path={HISTORY_TAB}>
    <HistoryList schema={schema} />
  </TabbedShowLayout.Tab>
);
