/**
 * The bespoke parts of times (tasks and time entries, one entity): the list's total, export and
 * calendar link, billing status chips, work type icons (loaded with the time list), the duration
 * typed as hours (loaded with the form) and the calendar page at `/times/calendar` (NAV-106, loaded
 * on first visit): none of them is in the first load.
 */
import { lazy, Suspense, type ComponentType } from 'react';
import { LinearProgress } from '@mui/material';
import { useTranslate } from 'react-admin';
import { times } from '../../schemas/work/times';
import { defineParts, type ActionProps, type CellProps, type RoutePageProps } from '../resources/parts';

const CalendarPage = lazy(() => import('./CalendarPage'));

type ListParts = typeof import('./listParts');
/**
 * A part of `listParts.tsx`, loaded with the time list rather than in the first load (its chips
 * and icons are for this list only); blank for the moment the chunk takes.
 */
function listPart<P extends object>(name: keyof ListParts): ComponentType<P> {
  const Lazy = lazy(() => import('./listParts').then((m) => ({ default: m[name] as unknown as ComponentType<P> })));
  const Part = (props: P) => (
    <Suspense fallback={null}>
      <Lazy {...props} />
    </Suspense>
  );
  return Part;
}
const TotalDuration = listPart<ActionProps>('TotalDuration');
const CalendarLinkButton = listPart<ActionProps>('CalendarLinkButton');
const ExportExcelButton = listPart<ActionProps>('ExportExcelButton');
const BillingStatusCell = listPart<CellProps>('BillingStatusCell');
const WorkTypeCell = listPart<CellProps>('WorkTypeCell');
const DurationHoursInput = lazy(() => import('./DurationHoursInput').then((m) => ({ default: m.DurationHoursInput })));

/** The calendar page with a progress bar while its chunk loads. */
export const LazyCalendarPage = (props: RoutePageProps) => {
  const translate = useTranslate();
  return (
    <Suspense fallback={<LinearProgress aria-label={translate('bureau.time.loading_calendar')} />}>
      <CalendarPage {...props} />
    </Suspense>
  );
};

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
