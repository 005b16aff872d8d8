/**
 * The time list's own parts: the total duration of the filtered rows in hours (TIME-11/19), the
 * Excel export of those rows (TIME-20), the way to the calendar (NAV-106), billing status chips
 * (TIME-07..09) and work type icons (TIME-05). Display only: they load with the list.
 */
import CalendarMonthIcon from '@mui/icons-material/CalendarMonth';
import { Button, Chip, Stack } from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';
import { useListContext, useTranslate } from 'react-admin';
import type { ActionProps, CellProps } from '../resources/parts';
import { DownloadButton } from '../resources/views/useDownload';
import { hoursOf } from './duration';
import { billingStatusColor, codeOf, gnameOf, WORK_TYPE_ICONS } from './looks';
import { listFilterQuery } from '../resources/listQuery';
import { listTotal, type ListTotalOptions } from '../resources/ListTotal';

/** "Total 12.5 h" of the entries a query selects (`GET /times/totalDuration`, in ms; TIME-11/19, INV-20). */
export const totalDurationOptions: ListTotalOptions = {
  collection: 'times',
  action: 'totalDuration',
  property: 'durationTotal',
  label: 'bureau.totals.duration',
  description: 'bureau.totals.duration_text',
  format: (value, translate) => translate('bureau.totals.hours', { value: hoursOf(Number(value ?? 0)) }),
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
 * Downloads `times.xlsx`: the data provider's `excel` report of times (`POST excel/generate/time`)
 * with the list's filters in the query (the same keys as `GET /times`) and `{ columns }` as the
 * body (TIME-20).
 */
export const ExportExcelButton = ({ schema }: ActionProps) => {
  const { filterValues, total } = useListContext();
  const translate = useTranslate();
  return (
    <DownloadButton
      label={translate('bureau.transfer.excel')}
      source={(dataProvider, signal) =>
        dataProvider.excel(schema.route, {
          filter: listFilterQuery(schema, filterValues),
          columns: EXPORT_COLUMNS,
          signal,
        })
      }
      fileName={'times.xlsx'}
      disabled={total === 0}
    />
  );
};

/** The link to `/times/calendar` (NAV-106). */
export const CalendarLinkButton = () => {
  const translate = useTranslate();
  return (
    <Button size="small" component={RouterLink} to="/times/calendar" startIcon={<CalendarMonthIcon />}>
      {translate('bureau.time.calendar')}
    </Button>
  );
};

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
