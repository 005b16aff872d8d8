import { Link as RouterLink } from 'react-router-dom';
import { Box, Button, Skeleton, Typography } from '@mui/material';
import { useGetIdentity, useGetList, type RaRecord } from 'react-admin';
import { listPath } from '../resources/paths';
import { formatDuration } from '../times/duration';
import { gnameOf } from '../times/looks';
import { joinParts, RecordList } from './RecordList';
import { useMobileText } from './text';

/** Midnight today and tomorrow, local time. */
export const todayRange = (now = new Date()): { start: Date; end: Date } => {
  const start = new Date(now.getFullYear(), now.getMonth(), now.getDate());
  return { start, end: new Date(start.getFullYear(), start.getMonth(), start.getDate() + 1) };
};

const TIME_OF_DAY = new Intl.DateTimeFormat(undefined, { hour: '2-digit', minute: '2-digit' });

/**
 * "Today's tasks": the signed-in employee's tasks (work type codes 2-5, TIME-06) dated today,
 * earliest first, each linking to its card.
 */
export const TodayTasksCard = () => {
  const t = useMobileText();
  const { identity, isPending: identityPending } = useGetIdentity();
  const employeeId = (identity as { employeeId?: unknown } | undefined)?.employeeId;
  const { start, end } = todayRange();
  const { data, isPending, error } = useGetList<RaRecord>(
    'times',
    {
      pagination: { page: 1, perPage: 20 },
      sort: { field: 'dateTime', order: 'ASC' },
      filter: {
        'workType.code.ne': 1,
        'dateTime.gte': start.toISOString(),
        'dateTime.lt': end.toISOString(),
        ...(employeeId != null && employeeId !== '' ? { 'employee.id': employeeId } : {}),
      },
      meta: { projection: 'full' },
    },
    { enabled: !identityPending },
  );
  if (isPending || identityPending)
    return (
      <Box sx={{ px: 2, pb: 1 }} aria-busy="true">
        <Skeleton height={52} />
        <Skeleton height={52} />
      </Box>
    );
  if (error)
    return (
      <Typography sx={{ px: 2, pb: 2 }} color="error">
        {t('load_failed')}
      </Typography>
    );
  return (
    <>
      {data && data.length > 0 ? (
        <RecordList
          label={t('today_tasks')}
          rows={data.map((task) => ({
            key: String(task.id),
            route: 'times',
            id: task.id,
            primary: String(task.workDescription || gnameOf(task.workType) || `#${String(task.id)}`),
            secondary: joinParts(
              TIME_OF_DAY.format(new Date(String(task.dateTime))),
              gnameOf(task.workType),
              formatDuration(Number(task.duration)),
            ),
          }))}
        />
      ) : (
        <Typography sx={{ px: 2, py: 1.5 }} color="text.secondary" role="status">
          {t('no_tasks_today')}
        </Typography>
      )}
      <Button component={RouterLink} to={listPath('times')} sx={{ minHeight: 48, mx: 1, my: 0.5 }}>
        {t('all_time')}
      </Button>
    </>
  );
};
