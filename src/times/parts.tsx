/**
 * The bespoke parts of times (tasks and time entries, one entity): the list's total, export and
 * calendar link, billing status chips, work type icons; the duration typed as hours (loaded with
 * the form) and the calendar page at `/times/calendar` (NAV-106, loaded on first visit).
 */
import { lazy, Suspense } from 'react';
import { LinearProgress } from '@mui/material';
import { times } from '../../schemas/index';
import { defineParts, type RoutePageProps } from '../resources/parts';
import { BillingStatusCell, CalendarLinkButton, ExportExcelButton, TotalDuration, WorkTypeCell } from './listParts';

const CalendarPage = lazy(() => import('./CalendarPage'));
const DurationHoursInput = lazy(() => import('./DurationHoursInput').then((m) => ({ default: m.DurationHoursInput })));

/** The calendar page with a progress bar while its chunk loads. */
export const LazyCalendarPage = (props: RoutePageProps) => (
  <Suspense fallback={<LinearProgress aria-label="Loading the calendar" />}>
    <CalendarPage {...props} />
  </Suspense>
);

export const timeParts = defineParts(times, {
  list: { actions: [TotalDuration, CalendarLinkButton, ExportExcelButton] },
  fields: {
    billingStatus: { cell: BillingStatusCell },
    workType: { cell: WorkTypeCell },
    duration: {
      input: (p) => (
        <Suspense fallback={null}>
          <DurationHoursInput {...p} />
        </Suspense>
      ),
    },
  },
  routes: [{ path: 'calendar', component: LazyCalendarPage }],
});
