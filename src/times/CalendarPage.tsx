/**
 * `/times/calendar` (NAV-106): the signed-in user's time as a week or month calendar, and a weekly
 * grid for quick entry. A lazy chunk of its own: FullCalendar is not in the first load.
 */
import { Box, Card, Tab, Tabs } from '@mui/material';
import { useState } from 'react';
import { Title, useGetIdentity, useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import type { RoutePageProps } from '../resources/parts';
import { TimeCalendar } from './TimeCalendar';
import { WeekGrid } from './WeekGrid';

/** The entries the calendar shows: the signed-in employee's (everyone's for a user without one). */
export const useOwnFilter = (): Record<string, unknown> | undefined => {
  const { identity, isPending } = useGetIdentity();
  if (isPending) return undefined;
  const employeeId = (identity as { employeeId?: unknown } | undefined)?.employeeId;
  return employeeId != null && employeeId !== '' ? { 'employee.id': employeeId } : {};
};

export default function CalendarPage(_: RoutePageProps) {
  const [view, setView] = useState<'calendar' | 'grid'>('calendar');
  const filter = useOwnFilter();
  const translate = useTranslate();
  return (
    <Card sx={{ mt: 1, p: 2 }}>
      <Title title={translate('bureau.time.calendar_title')} />
      <Box sx={{ display: 'flex', alignItems: 'center', mb: 1 }}>
        <Tabs
          value={view}
          onChange={(_e, v: 'calendar' | 'grid') => setView(v)}
          aria-label={translate('bureau.time.views')}
        >
          <Tab value="calendar" label={translate('bureau.time.calendar')} />
          <Tab value="grid" label={translate('bureau.time.week_grid')} />
        </Tabs>
        <Box sx={{ ml: 'auto' }}>
          <RouterLink to="/times">{translate('bureau.time.time_list')}</RouterLink>
        </Box>
      </Box>
      {filter && (view === 'calendar' ? <TimeCalendar filter={filter} /> : <WeekGrid filter={filter} />)}
    </Card>
  );
}
