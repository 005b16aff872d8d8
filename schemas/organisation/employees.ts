import { defineEntity, f } from '../define';

/** Employees (EMP-01..08); the list route is `teams` and needs view on `team` (NAV-62). */
export const employees = defineEntity({
  name: 'employees',
  entityName: 'Employee',
  label: 'Team',
  area: 'organisation',
  icon: 'People',
  route: 'teams',
  module: 'team',
  access: { read: 'signedIn', write: 'module', page: 'module' },
  fields: {
    gfirstName: f.text({ required: true, label: 'First name' }),
    glastName: f.text({ required: true, label: 'Last name' }),
    lfirstName: f.text({ label: 'Local first name' }),
    llastName: f.text({ label: 'Local last name' }),
    status: f.dictionary('EMPLOYEE_STATUS'),
    firstEmail: f.email({ label: 'E-mail' }),
    secondEmail: f.email({ label: 'Second e-mail' }),
    gender: f.dictionary('GENDER'),
    birthDate: f.date({ label: 'Birthday' }),
    firstPhoneNumber: f.phone({ label: 'Mobile phone' }),
    secondPhoneNumber: f.phone({ label: 'Second phone' }),
    office: f.ref('offices'),
    positionList: f.children('positions', { via: 'employee', readOnly: true, label: 'Positions' }),
  },
  projections: {
    full: { embed: { status: ['code', 'gname'], gender: ['code', 'gname'], office: ['gfirmName'] } },
    position: { embed: { status: ['code', 'gname'], office: ['gfirmName'], positionList: 'full' } },
  },
  search: ['gfirstName', 'glastName', 'lfirstName', 'llastName', 'firstEmail'],
  recordRepresentation: '%{gfirstName} %{glastName}',
  list: {
    columns: ['status', 'gfirstName', 'glastName', 'firstEmail', 'firstPhoneNumber', 'office', 'birthDate'],
    filters: [
      { source: 'search', label: 'Search', alwaysOn: true },
      { source: 'office.id', field: 'office', label: 'Office' },
      { source: 'gfirstName.like', field: 'gfirstName', label: 'First name' },
    ],
  },
  show: {
    tabs: [
      {
        name: 'main',
        label: 'Main',
        fields: [
          'gfirstName',
          'glastName',
          'lfirstName',
          'llastName',
          'status',
          'firstEmail',
          'secondEmail',
          'gender',
          'birthDate',
          'firstPhoneNumber',
          'secondPhoneNumber',
          'office',
        ],
      },
      {
        name: 'positions',
        label: 'Positions',
        module: 'position',
        related: {
          collection: 'positions',
          via: 'employee',
          columns: ['department', 'office', 'level', 'dateGte', 'dateLte', 'main'],
        },
      },
    ],
  },
});
