/**
 * Where a dashboard figure leads: the list of the records behind it, filtered through the lists'
 * own filters in the address (`/<route>?filter=<json>`, as react-admin lists keep them), so the
 * list shows the rows the figure sums (docs/areas/dashboards.md, "Realisation: the four figures").
 */
import type { Dimension } from './tabs';
import type { RealisationFigure } from './figures';

/** Statuses an invoice counts as billed in: Approved, Paid, Partly paid. */
export const BILLED_STATUSES = '4,5,6';
/** The work type of a time entry (billable time, as "worked" counts). */
const TIME_ENTRY = 1;

/** `/<route>?filter=<json>` of a react-admin list. */
export const listLink = (route: string, filter: Record<string, unknown>): string =>
  `/${route}?${new URLSearchParams({ filter: JSON.stringify(filter) }).toString()}`;

/** The day after `day` (`YYYY-MM-DD`), for a `lt` bound. */
const nextDay = (day: string): string => {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
};

/** The payments list of a period: payments by payment date, reversed ones left out (collected). */
export const paymentsLink = (dateStart: string, dateEnd: string): string =>
  listLink('paymentHistories', { 'paymentDate.gte': dateStart, 'paymentDate.lte': dateEnd, 'reversedAt.isNull': true });

/** The first and last day of month `YYYY-MM`, within the period. */
export function monthWithin(month: string, dateStart: string, dateEnd: string): { dateStart: string; dateEnd: string } {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const first = `${month}-01`;
  const last = new Date(Date.UTC(y, m, 0)).toISOString().slice(0, 10);
  return { dateStart: first < dateStart ? dateStart : first, dateEnd: last > dateEnd ? dateEnd : last };
}

/**
 * The list behind one realisation figure of a group: worked -> the time entries (billable time of
 * the period), billed -> the invoices Approved, Paid or Partly paid by invoice date, collected ->
 * the payments of the period, written off -> the pre-invoices with a manually closed amount. A
 * client or lawyer group narrows the list where it has that filter (the invoices' and
 * pre-invoices' payer, the time entries' client or employee); the payments list has no filter
 * for the group, so it shows the period's payments.
 */
export function figureLink(
  figure: RealisationFigure,
  period: { dateStart: string; dateEnd: string },
  group?: { dimension: Dimension; id: number | null },
): string {
  const { dateStart, dateEnd } = period;
  const groupId = group?.id ?? undefined;
  const client = group?.dimension === 'client' && groupId !== undefined ? groupId : undefined;
  const lawyer = group?.dimension === 'lawyer' && groupId !== undefined ? groupId : undefined;
  switch (figure) {
    case 'worked':
      return listLink('times', {
        'dateTime.gte': dateStart,
        'dateTime.lt': nextDay(dateEnd),
        'workType.code': TIME_ENTRY,
        ...(client !== undefined ? { 'client.id': client } : {}),
        ...(lawyer !== undefined ? { 'employee.id': lawyer } : {}),
      });
    case 'billed':
      return listLink('invoices', {
        'date.gte': dateStart,
        'date.lte': dateEnd,
        'status.code.in': BILLED_STATUSES,
        ...(client !== undefined ? { 'payerClient.id': client } : {}),
      });
    case 'collected':
      return paymentsLink(dateStart, dateEnd);
    case 'written_off':
      return listLink('pre-invoices', {
        'date.gte': dateStart,
        'date.lte': dateEnd,
        'manualClosedAmount.gt': 0,
        ...(client !== undefined ? { 'payerClient.id': client } : {}),
      });
  }
}

/** A top client's bar: the client's card. */
export const clientLink = (clientId: number): string => `/clients/${clientId}/show`;

/** A country's bar: the clients of that country. */
export const countryLink = (countryId: number): string => listLink('clients', { 'country.id': countryId });
