/**
 * The weekly grid for quick entry: one row per matter (or project), one column per day from
 * Monday, each cell the hours of that day (`1.5`, `1:30`, `90m`). Leaving a cell (Tab, Enter or a
 * click elsewhere) saves it at once: an empty cell creates an entry at 09:00 (billing status code
 * 2, like every entry made from the calendar), a cell of one entry changes its duration or, when
 * emptied, deletes it; a cell of several entries is changed in the calendar.
 */
import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import {
  Autocomplete,
  Box,
  Button,
  IconButton,
  InputBase,
  LinearProgress,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  TextField,
  Tooltip,
  Typography,
} from '@mui/material';
import { useMemo, useState } from 'react';
import {
  useCreate,
  useDelete,
  useGetIdentity,
  useGetList,
  useNotify,
  useTranslate,
  useUpdate,
  type RaRecord,
} from 'react-admin';
import { rangeFilter } from './calendarEvents';
import { formatDuration, hoursOf, parseDuration } from './duration';
import { NEW_CALENDAR_BILLING_STATUS, TIME_ENTRY_WORK_TYPE } from './looks';
import { useTimeDictionaries } from './dictionaries';
import { matterText } from './TimeEntryForm';
import { buildRows, cellChange, cellTotal, weekDays, weekStart, type GridRow, type GridRowKey } from './weekGrid';
import { tint } from '../app/theme';
import { useDeleteWhen } from '../resources/access';
import { times } from '../../schemas/work/times';

const DAY_LABEL = new Intl.DateTimeFormat(undefined, { weekday: 'short', day: 'numeric', month: 'short' });
/** The hour of the day a grid-created entry starts at. */
export const GRID_ENTRY_HOUR = 9;

type Save = (row: GridRow, day: number, text: string) => Promise<boolean>;

const Cell = ({ row, day, date, save }: { row: GridRow; day: number; date: Date; save: Save }) => {
  const entries = row.cells[day]!;
  const shown = formatDuration(cellTotal(entries));
  const [text, setText] = useState(shown);
  const [error, setError] = useState<string | undefined>();
  const commit = async () => {
    if (text.trim() === shown) return;
    const ok = await save(row, day, text);
    if (!ok) setError('Not saved');
    else setError(undefined);
  };
  return (
    <TableCell padding="none" sx={{ minWidth: 72 }}>
      <Tooltip title={entries.length > 1 ? `${entries.length} entries` : (error ?? '')}>
        <InputBase
          value={text}
          onChange={(e) => setText(e.target.value)}
          onBlur={() => void commit()}
          onKeyDown={(e) => {
            if (e.key === 'Enter') (e.target as HTMLInputElement).blur();
            if (e.key === 'Escape') setText(shown);
          }}
          readOnly={entries.length > 1}
          placeholder="–"
          inputProps={{
            'aria-label': `${row.label}, ${DAY_LABEL.format(date)}`,
            inputMode: 'decimal',
            style: { textAlign: 'center' },
          }}
          sx={{
            width: '100%',
            px: 1,
            py: 0.75,
            bgcolor: error ? tint('error') : entries.length > 1 ? 'action.hover' : undefined,
          }}
        />
      </Tooltip>
    </TableCell>
  );
};

export const WeekGrid = ({ filter = {} }: { filter?: Record<string, unknown> }) => {
  const notify = useNotify();
  const translate = useTranslate();
  const ids = useTimeDictionaries();
  const { data: identity } = useGetIdentity();
  const [monday, setMonday] = useState(() => weekStart(new Date()));
  const [extra, setExtra] = useState<Array<GridRowKey & { label: string }>>([]);
  const [search, setSearch] = useState('');
  const days = weekDays(monday);
  const end = new Date(monday.getFullYear(), monday.getMonth(), monday.getDate() + 7);
  const { data, isPending, error, refetch } = useGetList<RaRecord>('times', {
    pagination: { page: 1, perPage: 1000 },
    sort: { field: 'dateTime', order: 'ASC' },
    filter: { ...filter, ...rangeFilter(monday, end) },
    meta: { projection: 'full' },
  });
  const { data: matters = [] } = useGetList<RaRecord>('matters', {
    pagination: { page: 1, perPage: 20 },
    sort: { field: 'lastModifiedDate', order: 'DESC' },
    filter: search ? { q: search } : {},
  });
  const rows = useMemo(() => buildRows(data ?? [], monday, extra), [data, monday, extra]);
  const [create] = useCreate();
  const [update] = useUpdate();
  const [remove] = useDelete();
  // TIME-18: emptying a cell deletes its entry only where the server would allow it
  const deletable = useDeleteWhen(times);

  const save: Save = async (row, day, text) => {
    const change = cellChange(row.cells[day]!, parseDuration(text), deletable);
    const opts = { returnPromise: true as const };
    try {
      switch (change.kind) {
        case 'none':
          return true;
        case 'refuse':
          notify(change.message, { type: 'warning' });
          return false;
        case 'create': {
          const workType = ids.workType(TIME_ENTRY_WORK_TYPE);
          const status = ids.billingStatus(NEW_CALENDAR_BILLING_STATUS);
          const employeeId = (identity as { employeeId?: unknown } | undefined)?.employeeId;
          const start = new Date(days[day]!);
          start.setHours(GRID_ENTRY_HOUR);
          await create(
            'times',
            {
              data: {
                dateTime: start.toISOString(),
                duration: change.duration,
                billable: true,
                workType: { id: workType },
                ...(status !== undefined ? { billingStatus: { id: status } } : {}),
                ...(employeeId != null && employeeId !== '' ? { employee: { id: employeeId } } : {}),
                [row.kind]: { id: row.id },
              },
            },
            opts,
          );
          break;
        }
        case 'update':
          await update(
            'times',
            {
              id: change.record.id,
              data: { ...change.record, duration: change.duration },
              previousData: change.record,
            },
            { ...opts, mutationMode: 'pessimistic' },
          );
          break;
        case 'delete':
          await remove(
            'times',
            { id: change.record.id, previousData: change.record },
            { ...opts, mutationMode: 'pessimistic' },
          );
          break;
      }
      notify('bureau.time.saved', { type: 'success' });
      await refetch();
      return true;
    } catch (e) {
      notify((e as Error).message || 'bureau.time.not_saved', { type: 'error' });
      return false;
    }
  };

  const shift = (weeks: number) =>
    setMonday(new Date(monday.getFullYear(), monday.getMonth(), monday.getDate() + 7 * weeks));
  const weekTotal = rows.reduce((s, r) => s + r.cells.reduce((t, c) => t + cellTotal(c), 0), 0);

  return (
    <Box>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 1, flexWrap: 'wrap' }}>
        <IconButton aria-label={translate('bureau.time.previous_week')} onClick={() => shift(-1)}>
          <ChevronLeftIcon />
        </IconButton>
        <Typography component="h2" variant="subtitle1" sx={{ fontWeight: 600 }}>
          {translate('bureau.time.week_of', { day: DAY_LABEL.format(monday) })}
        </Typography>
        <IconButton aria-label={translate('bureau.time.next_week')} onClick={() => shift(1)}>
          <ChevronRightIcon />
        </IconButton>
        <Button size="small" onClick={() => setMonday(weekStart(new Date()))}>
          {translate('bureau.time.this_week')}
        </Button>
        <Typography
          component="output"
          aria-label={translate('bureau.time.week_total')}
          sx={{ ml: 'auto', fontWeight: 600 }}
        >
          {translate('bureau.totals.hours', { value: hoursOf(weekTotal) })}
        </Typography>
      </Box>
      <Box sx={{ height: 4 }}>{isPending && <LinearProgress aria-label={translate('bureau.time.loading_week')} />}</Box>
      {error ? (
        <Typography color="error">{(error as Error).message || translate('bureau.time.week_failed')}</Typography>
      ) : (
        <TableContainer>
          <Table size="small" aria-label={translate('bureau.time.grid')}>
            <TableHead>
              <TableRow>
                <TableCell>{translate('bureau.time.matter_project')}</TableCell>
                {days.map((d) => (
                  <TableCell key={d.toISOString()} align="center">
                    {DAY_LABEL.format(d)}
                  </TableCell>
                ))}
                <TableCell align="right">{translate('bureau.time.total')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((row) => (
                <TableRow key={row.key}>
                  <TableCell component="th" scope="row" sx={{ maxWidth: 260 }}>
                    <Typography variant="body2" noWrap title={row.label}>
                      {row.label}
                    </Typography>
                  </TableCell>
                  {days.map((d, i) => (
                    <Cell
                      key={`${row.key}-${i}-${cellTotal(row.cells[i]!)}-${row.cells[i]!.length}`}
                      row={row}
                      day={i}
                      date={d}
                      save={save}
                    />
                  ))}
                  <TableCell align="right">{hoursOf(row.cells.reduce((t, c) => t + cellTotal(c), 0))}</TableCell>
                </TableRow>
              ))}
              {!isPending && rows.length === 0 && (
                <TableRow>
                  <TableCell colSpan={9}>
                    <Typography color="text.secondary" role="status">
                      {translate('bureau.time.empty_week')}
                    </Typography>
                  </TableCell>
                </TableRow>
              )}
            </TableBody>
          </Table>
        </TableContainer>
      )}
      <Autocomplete
        sx={{ mt: 2, maxWidth: 420 }}
        options={matters}
        getOptionLabel={(m) => matterText(m)}
        filterOptions={(o) => o}
        onInputChange={(_, v) => setSearch(v)}
        value={null}
        onChange={(_, m) => {
          if (m && !extra.some((x) => x.kind === 'matter' && x.id === m.id))
            setExtra([...extra, { kind: 'matter', id: m.id, label: matterText(m) }]);
        }}
        renderInput={(params) => <TextField {...params} label={translate('bureau.time.add_row')} size="small" />}
      />
    </Box>
  );
};
