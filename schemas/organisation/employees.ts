import { defineEntity, f, rule } from '../define';

/**
 * Who reads an employee's personal data (H2-05): holders of `view` on `employee` (the people's
 * records: HR, the lawyers and managers of the firm) and administrators. The `team` module, which
 * opens the Team page and is all a publisher, a website editor or a tender team holds, gives the
 * public profile only: names, status, work e-mail, office, photo, title and positions.
 */
const PERSONAL = ['employee'] as const;

const today = () => new Date().toISOString().slice(0, 10);

/** EMP-04 `title{id}`: the employees whose current title is `id`. */
const holdsTitle = (id: string | number | boolean) =>
  rule.exists(
    { collection: 'employeeTitles', via: 'employee' },
    rule.and(
      rule.eq('title.id', Number(id)),
      rule.lte('dateGte', today()),
      rule.or(rule.isNull('dateLte'), rule.gte('dateLte', today())),
    ),
  );

/**
 * Employees (EMP-01..08); the list route is `teams` and needs view on `team` (NAV-62), the card
 * also answers at `profile/{id}` (NAV-64). The title column and filter are the employee's
 * current title: the `employeeTitles` row covering today (EMP-03/04). Gender, birth date, phones
 * and the second (private) e-mail are personal ({@link PERSONAL}).
 */
export const employees = defineEntity({
  name: 'employees',
  entityName: 'Employee',
  label: 'Team',
  area: 'organisation',
  icon: 'People',
  route: 'teams',
  routeAliases: ['profile', 'employees'],
  module: 'team',
  access: { read: 'signedIn', write: 'module', page: 'module' },
  fields: {
    gfirstName: f.text({ required: true, label: 'First name' }),
    glastName: f.text({ required: true, label: 'Last name' }),
    lfirstName: f.text({ label: 'Local first name' }),
    llastName: f.text({ label: 'Local last name' }),
    status: f.dictionary('EMPLOYEE_STATUS'),
    firstEmail: f.email({ label: 'E-mail' }),
    secondEmail: f.email({ label: 'Second e-mail', readModules: PERSONAL }),
    gender: f.dictionary('GENDER', { readModules: PERSONAL }),
    birthDate: f.date({ label: 'Birthday', readModules: PERSONAL }),
    firstPhoneNumber: f.phone({ label: 'Mobile phone', readModules: PERSONAL }),
    secondPhoneNumber: f.phone({ label: 'Second phone', readModules: PERSONAL }),
    office: f.ref('offices'),
    photo: f.file({ label: 'Photo', onDelete: 'setNull' }),
    positionList: f.children('positions', { via: 'employee', readOnly: true, label: 'Positions' }),
  },
  computed: {
    fullName: { type: 'text', label: 'Full name' },
    title: { type: 'text', label: 'Title' },
    titleId: { type: 'number', integer: true, label: 'Title id' },
  },
  queryFilters: {
    'title.id': { type: 'number', where: holdsTitle },
    titleId: { type: 'number', where: holdsTitle },
  },
  projections: {
    full: {
      embed: {
        status: ['code', 'gname'],
        gender: ['code', 'gname'],
        office: ['gfirmName'],
        photo: ['name', 'contentType', 'size'],
      },
    },
    position: { embed: { status: ['code', 'gname'], office: ['gfirmName'], positionList: 'full' } },
  },
  search: ['gfirstName', 'glastName', 'lfirstName', 'llastName', 'firstEmail'],
  globalSearch: { fields: ['gfirstName', 'glastName', 'lfirstName', 'llastName', 'firstEmail'] },
  recordRepresentation: '%{gfirstName} %{glastName}',
  list: {
    columns: ['photo', 'status', 'fullName', 'firstEmail', 'firstPhoneNumber', 'title', 'office', 'birthDate'],
    filters: [
      { source: 'search', label: 'Search', alwaysOn: true },
      { source: 'office.id', field: 'office', label: 'Office' },
      { source: 'gfirstName.like', field: 'gfirstName', label: 'Name' },
      { source: 'status.id', field: 'status', label: 'Status' },
      { source: 'title.id', label: 'Title', input: f.ref('titles') },
    ],
  },
  show: {
    tabs: [
      {
        name: 'main',
        label: 'Main',
        fields: [
          'photo',
          'title',
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
        name: 'titles',
        label: 'Titles',
        module: 'EMPLOYEE_TITLE',
        related: { collection: 'employeeTitles', via: 'employee', columns: ['title', 'dateGte', 'dateLte'] },
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
