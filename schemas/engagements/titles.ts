import { defineEntity, f } from '../define';

/**
 * Job titles (MISC-03..09, NAV-117): ordered by `order` (MISC-05); `rate` marks the titles a
 * rate-based matter prices (`/titles?rate=true`, MAT-18). `member` is derived: the number of
 * employees holding the title today (their `employeeTitles` row covers today); never written.
 */
export const titles = defineEntity({
  name: 'titles',
  entityName: 'Title',
  label: 'Job titles',
  area: 'engagements',
  icon: 'Badge',
  module: 'job-titles',
  route: 'job-titles',
  access: { read: 'signedIn', write: 'module', page: 'module' },
  fields: {
    name: f.text({ required: true }),
    order: f.number({ integer: true, min: 0, column: 'sort_order' }),
    exist: f.boolean({ default: true, label: 'In use' }),
    rate: f.boolean({ default: false, label: 'Used in matter rates' }),
  },
  computed: {
    member: {
      type: 'number',
      integer: true,
      label: 'Members',
    },
  },
  defaultSort: [['order', 'asc']],
  search: ['name'],
  recordRepresentation: 'name',
  list: {
    columns: ['name', 'order', 'exist', 'rate', 'member'],
    filters: [{ source: 'search', label: 'Search', alwaysOn: true }],
  },
});
