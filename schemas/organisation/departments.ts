import { defineEntity, f } from '../define';

/**
 * Departments, a tree through `parent` (DICT-19..29, NAV-53..56). `officeId` is written flat (H2).
 * The list shows active departments by default (DICT-25 `status.code=1`, a filter the user can
 * clear). The trees (`/departments/all`, `/all/with-positions`, `/all/by-employee`, DICT-30..33)
 * are `GET` collection actions built in `departmentTrees.ts`.
 */
export const departments = defineEntity({
  name: 'departments',
  entityName: 'Department',
  label: 'Departments',
  area: 'organisation',
  icon: 'AccountTree',
  module: 'department',
  access: { read: 'signedIn', write: 'module', page: 'module' },
  fields: {
    gname: f.text({ required: true, label: 'Name' }),
    lname: f.text({ label: 'Local name' }),
    top: f.boolean({ default: false }),
    businessTeam: f.boolean({ default: false, label: 'Business team' }),
    parent: f.ref('departments', { label: 'Parent department' }),
    type: f.dictionary('DEPARTMENT_TYPE', { required: true }),
    status: f.dictionary('DEPARTMENT_STATUS', { required: true }),
    officeId: f.refId('offices', { label: 'Office' }),
    uuid: f.text({ readOnly: true, label: 'UUID' }),
    levelCode: f.number({ readOnly: true, integer: true, label: 'Level' }),
  },
  projections: {
    full: { embed: { parent: ['gname'], type: ['code', 'gname'], status: ['code', 'gname'] } },
  },
  search: ['gname', 'lname'],
  recordRepresentation: 'gname',
  list: {
    columns: ['gname', 'top', 'businessTeam', 'status'],
    filters: [
      { source: 'search', label: 'Search', alwaysOn: true },
      { source: 'type.code.in', field: 'type', label: 'Type' },
      { source: 'status.code', field: 'status', label: 'Status code' },
    ],
    defaultFilter: { 'status.code': 1 },
  },
  actions: {
    all: {
      level: 'collection',
      methods: ['GET'],
      summary: 'Departments the filters select as trees; sectors without children (DICT-30/31)',
      access: { privilege: 'view' },
    },
    allWithPositions: {
      level: 'collection',
      methods: ['GET'],
      path: 'all/with-positions',
      summary: "The department tree with the office's current positions (DICT-32, the structure page)",
      input: { officeId: f.refId('offices', { required: true }) },
      access: { privilege: 'view' },
    },
    allByEmployee: {
      level: 'collection',
      methods: ['GET'],
      path: 'all/by-employee',
      summary: "The department tree with the office's employees holding a current position (DICT-33)",
      input: { officeId: f.refId('offices', { required: true }) },
      access: { privilege: 'view' },
    },
  },
  show: {
    tabs: [
      {
        name: 'main',
        label: 'Main',
        fields: ['gname', 'lname', 'top', 'businessTeam', 'parent', 'type', 'status', 'officeId', 'levelCode', 'uuid'],
      },
      {
        name: 'sub-departments',
        label: 'Sub-departments',
        related: { collection: 'departments', via: 'parent', columns: ['gname', 'top', 'businessTeam', 'status'] },
      },
    ],
  },
});
