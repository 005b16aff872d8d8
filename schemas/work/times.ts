import { isAdminOrBillingManager } from '../access';
import { rule } from '../accessRule';
import { defineEntity, f, type AccessSubject, type WireRecord } from '../define';
import { unlessAdminOrBilling } from '../engagements/access';
import { matterAccess } from '../engagements/matters';

/** Work type code of a time entry; every other code is a task (phone, meeting, e-mail, task). */
export const TIME_ENTRY_CODE = 1;
/**
 * The longest one time entry or task may last: a day, 24 h in milliseconds (H2-09). A longer
 * duration is a 400 at `duration` ("must be less than or equal to 24 hours"), on the server and in
 * the form; work of several days is booked day by day.
 */
export const MAX_TIME_DURATION_MS = 24 * 60 * 60 * 1000;
/** Billing status code of a new time entry: unbilled (shown as danger). */
export const NEW_TIME_BILLING_STATUS = 2;

/**
 * Which times a user reaches (TIME-12): admins and billing managers all of them, as they see every
 * matter; anyone else their own (the employee, set from the executor's position on every write)
 * and every time on a matter whose access list holds them (`matterAccess`, the matters' own rule,
 * read `through` the matter: one primary-key probe per row). A user without an employee has no
 * times.
 */
export const timeRowAccess = unlessAdminOrBilling((user) =>
  user.employeeId === null ? false : rule.or(rule.eq('employee.id', user.employeeId), matterAccess(user, 'matter.id')),
);

/**
 * BILLING_STATUS codes of a time entry that is billed, so its own employee may no longer delete it
 * (TIME-18): in a pre-invoice (3), invoiced (4), written off (5). Not billable (1), unbilled (2)
 * and none leave it deletable.
 */
export const BILLED_TIME_STATUSES: readonly number[] = [3, 4, 5];

const refId = (v: unknown): unknown => (typeof v === 'object' && v !== null ? (v as { id?: unknown }).id : undefined);

/**
 * Whether `user` deletes any time entry they reach (admins and billing managers, with the delete
 * privilege) rather than only their own (TIME-18).
 */
export const deletesAnyTime = (user: Pick<AccessSubject, 'roles'>): boolean => isAdminOrBillingManager(user.roles);

/** Whether the time entry `row` (its `employee` as `{ id }`) is `user`'s own (TIME-18). */
export const isOwnTime = (user: Pick<AccessSubject, 'employeeId'>, row: WireRecord): boolean =>
  user.employeeId !== null && user.employeeId !== undefined && refId(row.employee) === user.employeeId;

/**
 * Why the time entry `row` is billed, or null when it is not (TIME-18): it is held by an invoice
 * (`invoice` set), or its billing status (`billingStatus.code`, as the lists embed it) is one of
 * {@link BILLED_TIME_STATUSES}. The server answers a lawyer's delete of such an entry 409 with this
 * reason; the SPA offers no Delete for it.
 * @example timeBilledReason({ billingStatus: { code: 4, gname: 'Invoiced' } }) // 'it is Invoiced'
 */
export function timeBilledReason(row: WireRecord): string | null {
  if (refId(row.invoice) != null) return 'it is on an invoice';
  const status = row.billingStatus as { code?: unknown; gname?: unknown } | null | undefined;
  const code = Number(status?.code);
  if (!BILLED_TIME_STATUSES.includes(code)) return null;
  return `it is ${typeof status?.gname === 'string' ? status.gname : `billing status ${code}`}`;
}

/**
 * Whether the SPA offers `user` Delete on the time entry `record` as the lists and cards read it
 * (TIME-18): admins and billing managers as their privilege says; anyone else only their own
 * unbilled entries. The server judges the same (`rowWrite`, and a 409 for a billed one).
 */
export const mayDeleteTime = (user: Pick<AccessSubject, 'roles' | 'employeeId'>, record: WireRecord): boolean =>
  deletesAnyTime(user) || (isOwnTime(user, record) && timeBilledReason(record) === null);

/**
 * Tasks and time entries (TIME-01..20): one entity (docs/decisions.md, TIME-02). Work type code 1
 * is a time entry and needs the `time` privilege, codes 2-5 are tasks (phone, meeting, e-mail,
 * task) and need `TIME` - on every read and write (`rowModules`). Durations are integer
 * milliseconds, 15 minutes (900000) by default (TIME-03); entries are billable by default
 * (TIME-04); a new time entry without a billing status is unbilled (code 2, TIME-10).
 */
export const times = defineEntity({
  name: 'times',
  entityName: 'Time',
  label: 'Time',
  area: 'work',
  icon: 'Schedule',
  module: 'time',
  trash: true,
  rowModules: [
    { module: 'time', when: rule.eq('workType.code', TIME_ENTRY_CODE) },
    { module: 'TIME', when: rule.ne('workType.code', TIME_ENTRY_CODE) },
  ],
  accessRule: timeRowAccess,
  // TIME-18: a lawyer deletes (and restores, purges) only their own time; the billed check is a
  // 409 of the server (server/work/times.ts). Changes stay with the access rule.
  rowWrite: (user, row, action) => action !== 'delete' || deletesAnyTime(user) || isOwnTime(user, row),
  // the SPA offers Delete only where the server allows it (TIME-18)
  deleteWhen: mayDeleteTime,
  fields: {
    dateTime: f.dateTime({ required: true, label: 'Date' }),
    workType: f.dictionary('WORK_TYPE', { required: true, label: 'Work type' }),
    executorPosition: f.ref('positions', { label: 'Executor' }),
    employee: f.ref('employees'),
    workDescription: f.longText({ label: 'Description' }),
    duration: f.durationMs({ min: 0, max: MAX_TIME_DURATION_MS, default: 900000 }),
    billable: f.boolean({ default: true }),
    // H2-04: moved by invoices only; a new time entry may say Unbilled, as the calendar sends
    billingStatus: f.dictionary('BILLING_STATUS', {
      label: 'Billing status',
      serverOwned: { initialCode: NEW_TIME_BILLING_STATUS },
    }),
    client: f.ref('clients'),
    lead: f.ref('leads', { onDelete: 'setNull' }),
    project: f.ref('projects'),
    matter: f.ref('matters'),
    flowId: f.text({ label: 'Flow' }),
    invoice: f.ref('invoices', { readOnly: true, serverOwned: true, onDelete: 'setNull' }),
  },
  // POST /core/api/excel/generate/time?<the list's filters> -> times.xlsx (TIME-20)
  excel: { name: 'time', fileName: 'times.xlsx' },
  actions: {
    // GET /core/api/times/totalDuration?<the list's filters> -> { durationTotal: ms } (TIME-19)
    totalDuration: {
      level: 'collection',
      methods: ['GET'],
      summary: 'Total duration (milliseconds) of the times the list returns for the same filters',
      access: { privilege: 'view' },
    },
    // GET /core/api/times/search/findAllForInvoicePreview?projectId&matterIds=1,2&dateGte&dateLte (INV-29):
    // the time entries an invoice may bill - the rule its save applies (MC-3,
    // server/billing/billable.ts): billable time entries (work type 1) of the project and/or
    // matters in the period, unbilled, held by no invoice, not in the trash - read as the times
    // list reads them (same access), a page at a time
    findAllForInvoicePreview: {
      level: 'collection',
      methods: ['GET'],
      path: 'search/findAllForInvoicePreview',
      summary:
        'The time entries an invoice may bill (the rule its save applies): billable, unbilled time entries of a project or matters in a period, held by no invoice, not in the trash',
      input: {
        projectId: f.number({ integer: true, min: 1 }),
        matterIds: f.text({ maxLength: 2000, pattern: '^[0-9]+(,[0-9]+)*$' }),
        dateGte: f.date({ required: true }),
        dateLte: f.date({ required: true }),
        page: f.number({ integer: true, min: 0 }),
        size: f.number({ integer: true, min: 1, max: 1000 }),
      },
      access: { privilege: 'view' },
    },
  },
  projections: {
    full: {
      embed: {
        workType: ['code', 'gname'],
        billingStatus: ['code', 'gname'],
        employee: ['gfirstName', 'glastName'],
        matter: ['number', 'description'],
        project: ['number', 'description'],
        client: ['gname'],
      },
    },
    // task lists on client, lead and project cards (TIME-13)
    taskList: {
      embed: {
        workType: ['code', 'gname'],
        employee: ['gfirstName', 'glastName'],
        lead: ['description', 'date'],
        client: ['gname'],
        project: ['number', 'description'],
      },
    },
    // the time list and calendar (TIME-14)
    timeList: {
      embed: {
        workType: ['code', 'gname'],
        billingStatus: ['code', 'gname'],
        employee: ['gfirstName', 'glastName'],
        executorPosition: 'full',
        matter: ['number', 'description'],
        project: ['number', 'description'],
        client: ['gname'],
      },
    },
  },
  defaultSort: [['dateTime', 'desc']],
  search: ['workDescription'],
  recordRepresentation: 'workDescription',
  indexes: [
    // a matter's time newest first (the page), and its count and total duration read from the
    // index alone (employee and work type are what the row filter and the module by row read)
    ['matter', 'dateTime', 'employee', 'workType', 'duration'],
    ['employee', 'dateTime'],
    // the unfiltered lists (time list, tasks), newest first: walked backwards, the access rule
    // filtering as it goes, instead of sorting every row the user reaches
    ['dateTime'],
  ],
  list: {
    projection: 'timeList',
    // the time list is time entries (TIME-14, reading A: code equals 1); tasks have their own lists
    // (TIME-13, card tabs). Its total and export send the same filter (TIME-19, MC-7).
    fixedFilter: { 'workType.code': TIME_ENTRY_CODE },
    columns: ['dateTime', 'workType', 'employee', 'matter', 'workDescription', 'duration', 'billable', 'billingStatus'],
    filters: [
      { source: 'search', label: 'Search', alwaysOn: true },
      { source: 'matter.id', field: 'matter', label: 'Matter' },
      { source: 'project.id', field: 'project', label: 'Project' },
      { source: 'client.id', field: 'client', label: 'Client' },
      { source: 'employee.id', field: 'employee', label: 'Employee' },
      { source: 'billingStatus.code', field: 'billingStatus', label: 'Billing status' },
      { source: 'dateTime.gte', field: 'dateTime', label: 'From' },
      { source: 'dateTime.lt', field: 'dateTime', label: 'Before' },
    ],
  },
});
