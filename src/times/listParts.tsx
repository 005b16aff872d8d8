/**
 * The time list's own parts: the total duration of the filtered rows in hours (TIME-11/19), the
 * Excel export of those rows (TIME-20), the way to the calendar (NAV-106), billing status chips
 * (TIME-07..09) and work type icons (TIME-05). Display only: they load with the list.
 */
import CalendarMonthIcon from '@mui/icons-material/CalendarMonth';
import FileDownloadIcon from '@mui/icons-material/FileDownload';
import { Button, Chip, Stack } from '@mui/material';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { useListContext, useNotify } from 'react-admin';
import { withQuery } from '../../dataProvider/query';
import type { ActionProps, CellProps } from '../resources/parts';
import { useHttpClient } from '../resources/status/hooks';
import { hoursOf } from './duration';
import { billingStatusColor, codeOf, gnameOf, WORK_TYPE_ICONS } from './looks';
import { CORE_API, listFilterQuery } from '../resources/listQuery';
import { listTotal, type ListTotalOptions } from '../resources/ListTotal';

/** "Total 12.5 h" of the entries a query selects (`GET /times/totalDuration`, in ms; TIME-11/19, INV-20). */
export const totalDurationOptions: ListTotalOptions = {
  collection: 'times',
  action: 'totalDuration',
  property: 'durationTotal',
  label: 'Total duration',
  description: 'Total duration of the filtered entries, in hours',
  format: (value) => `Total ${hoursOf(Number(value ?? 0))} h`,
};

/** The list action showing {@link totalDurationOptions} over the list's filters. */
export const TotalDuration = listTotal(totalDurationOptions);

/** Column titles of the export, in the list's order. */
export const EXPORT_COLUMNS = [
  'Date',
  'Work type',
  'Employee',
  'Matter',
  'Description',
  'Duration',
  'Billable',
  'Billing status',
];

/**
 * Downloads `times.xlsx`: `POST /core/api/excel/generate/time` with the list's filters in the query
 * (the same keys as `GET /times`) and `{ columns }` as the body (TIME-20).
 */
export const ExportExcelButton = ({ schema }: ActionProps) => {
  const { filterValues, total } = useListContext();
  const httpClient = useHttpClient();
  const notify = useNotify();
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    try {
      const url = withQuery(`${CORE_API}/excel/generate/time`, listFilterQuery(schema, filterValues));
      const { blob } = await httpClient(url, {
        method: 'POST',
        body: { columns: EXPORT_COLUMNS },
        responseType: 'blob',
      });
      const href = URL.createObjectURL(blob!);
      try {
        const a = document.createElement('a');
        a.href = href;
        a.download = 'times.xlsx';
        document.body.appendChild(a);
        a.click();
        a.remove();
      } finally {
        setTimeout(() => URL.revokeObjectURL(href), 0);
      }
    } catch (e) {
      notify((e as Error).message || 'The export failed', { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button size="small" startIcon={<FileDownloadIcon />} disabled={busy || total === 0} onClick={() => void run()}>
      {busy ? 'Exporting…' : 'Excel'}
    </Button>
  );
};

/** The link to `/times/calendar` (NAV-106). */
export const CalendarLinkButton = () => (
  <Button size="small" component={RouterLink} to="/times/calendar" startIcon={<CalendarMonthIcon />}>
    Calendar
  </Button>
);

/** A billing status as a chip coloured by its code (TIME-07..09). */
export const BillingStatusCell = ({ value }: CellProps) => {
  const name = gnameOf(value);
  if (!name && codeOf(value) === undefined) return null;
  const color = billingStatusColor(codeOf(value));
  return <Chip size="small" label={name || String(codeOf(value))} color={color} data-color={color} />;
};

/** A work type with its icon (TIME-05). */
export const WorkTypeCell = ({ value }: CellProps) => {
  const code = codeOf(value);
  const look = code === undefined ? undefined : WORK_TYPE_ICONS[code];
  const name = gnameOf(value) || look?.name || '';
  if (!look) return <span>{name}</span>;
  const Icon = look.icon;
  return (
    <Stack direction="row" spacing={0.75} sx={{ alignItems: 'center' }} component="span">
      <Icon fontSize="small" color="action" titleAccess={look.name} data-icon={look.name} />
      <span>{name}</span>
    </Stack>
  );
};
