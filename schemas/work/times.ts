import { defineEntity, f } from '../define';

/**
 * Tasks and time entries (TIME-01..20): one entity. Work type code 1 is a time entry, codes 2-5
 * are tasks (phone, meeting, e-mail, task). Durations are integer milliseconds, 15 minutes
 * (900000) by default (TIME-03); entries are billable by default (TIME-04).
 */
export const times = defineEntity({
  name: 'times',
  entityName: 'Time',
  label: 'Time',
  area: 'work',
  icon: 'Schedule',
  module: 'time',
  fields: {
    dateTime: f.dateTime({ required: true, label: 'Date' }),
    workType: f.dictionary('WORK_TYPE', { required: true, label: 'Work type' }),
    executorPosition: f.ref('positions', { label: 'Executor' }),
    employee: f.ref('employees'),
    workDescription: f.longText({ label: 'Description' }),
    duration: f.durationMs({ min: 0, default: 900000 }),
    billable: f.boolean({ default: true }),
    billingStatus: f.dictionary('BILLING_STATUS', { label: 'Billing status' }),
    client: f.ref('clients'),
    lead: f.ref('leads', { onDelete: 'setNull' }),
    project: f.ref('projects'),
    matter: f.ref('matters'),
    flowId: f.text({ label: 'Flow' }),
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
  },
  defaultSort: [['dateTime', 'desc']],
  search: ['workDescription'],
  recordRepresentation: 'workDescription',
  indexes: [
    // a matter's time newest first (the page), and its count and total duration read from the
    // index alone (employee and work type are what the row filter and the module by row read)
    ['matter', 'dateTime', 'employee', 'workType', 'duration'],
    ['employee', 'dateTime'],
  ],
  list: {
    projection: 'full',
    columns: ['dateTime', 'workType', 'employee', 'matter', 'workDescription', 'duration', 'billable', 'billingStatus'],
    filters: [
      { source: 'search', label: 'Search', alwaysOn: true },
      { source: 'matter.id', field: 'matter', label: 'Matter' },
      { source: 'workType.code', label: 'Work type code' },
    ],
  },
});
