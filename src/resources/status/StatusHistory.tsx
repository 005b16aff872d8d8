/**
 * The status history of the record in context (`GET <collection>/{id}/statusChanges`): who moved
 * it, when, from and to which status, with the comment; newest first. Reloaded whenever the
 * record's version changes (after a move).
 */
import { Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useRecordContext, useTranslate } from 'react-admin';
import { formatDateTime } from '../format';
import type { EntitySchema } from '../../../schemas/define';
import type { StatusEntry } from './rules';
import { useSpringDataProvider } from '../useAction';

/** One history row as the API answers it. */
export interface StatusChangeRow {
  id: number;
  from: StatusEntry | null;
  to: StatusEntry;
  comment: string | null;
  changedBy: string | null;
  changedDate: string;
}

const when = (iso: string): string => (Number.isNaN(new Date(iso).getTime()) ? iso : formatDateTime(iso));

export const StatusHistory = ({ schema }: { schema: EntitySchema }) => {
  const record = useRecordContext();
  const translate = useTranslate();
  const dataProvider = useSpringDataProvider();
  const id = record?.id;
  const version = record?.[schema.lockProperty];
  const { data, error } = useQuery({
    queryKey: [schema.name, 'statusChanges', id, version],
    enabled: id !== undefined,
    queryFn: async () => {
      const { data: rows } = await dataProvider.request<StatusChangeRow[]>(schema.route, {
        id: id!,
        path: 'statusChanges',
      });
      return Array.isArray(rows) ? rows : [];
    },
  });
  if (error) return <Typography color="error">{(error as Error).message}</Typography>;
  if (!data) return null;
  return (
    <Table size="small" aria-label={translate('bureau.history.status_tab')} sx={{ mt: 1 }}>
      <TableHead>
        <TableRow>
          <TableCell>{translate('bureau.history.when')}</TableCell>
          <TableCell>{translate('bureau.history.who')}</TableCell>
          <TableCell>{translate('bureau.history.from')}</TableCell>
          <TableCell>{translate('bureau.history.to')}</TableCell>
          <TableCell>{translate('bureau.history.comment')}</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {data.map((row) => (
          <TableRow key={row.id}>
            <TableCell>{when(row.changedDate)}</TableCell>
            <TableCell>{row.changedBy ?? ''}</TableCell>
            <TableCell>{row.from?.gname ?? '-'}</TableCell>
            <TableCell>{row.to.gname}</TableCell>
            <TableCell sx={{ whiteSpace: 'pre-wrap' }}>{row.comment ?? ''}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
};
