import { defineEntity, f } from '../define';

/**
 * Positions (EMP-14..21): an employee's post in a department and office for a period.
 * `level` defaults to dictionary entry id 22 "Subordinates" (EMP-15, H7).
 */
export const positions = defineEntity({
  name: 'positions',
  entityName: 'Position',
  label: 'Positions',
  area: 'organisation',
  icon: 'Badge',
  module: 'position',
  access: { read: 'signedIn', write: 'module', page: 'module' },
  fields: {
    employee: f.ref('employees', { required: true, onDelete: 'cascade' }),
    department: f.ref('departments', { required: true }),
    office: f.ref('offices', { required: true }),
    level: f.dictionary('POSITION_LEVEL', { default: { id: 22 } }),
    status: f.dictionary('POSITION_STATUS'),
    dateGte: f.date({ required: true, label: 'From' }),
    dateLte: f.date({ label: 'To', normalize: 'monthEnd' }),
    main: f.boolean({ default: true }),
    virtual: f.boolean({ default: false }),
    parent: f.ref('positions', { label: 'Parent position' }),
  },
  projections: {
    full: {
      embed: {
        employee: ['gfirstName', 'glastName'],
        department: ['gname', 'type'],
        office: ['gfirmName'],
        level: ['code', 'gname'],
        status: ['code', 'gname'],
      },
    },
  },
  pickListFilter: { 'status.code': 1 }, // WID-27: only active positions are offered
  search: ['employee.gfirstName', 'employee.glastName', 'department.gname'],
  recordRepresentation: '%{employee.gfirstName} %{employee.glastName} - %{department.gname}',
  list: {
    columns: ['employee', 'department', 'office', 'level', 'dateGte', 'dateLte', 'main'],
    filters: [
      { source: 'search', label: 'Search', alwaysOn: true },
      { source: 'office.id', field: 'office', label: 'Office' },
      { source: 'department.id', field: 'department', label: 'Department' },
    ],
  },
});
