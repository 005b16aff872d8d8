import { defineEntity, f } from '../define';

/**
 * An employee's job titles over time (EMP-09..13): which title they held from `dateGte` to
 * `dateLte` (open when empty). Listed per employee, latest first; the row covering today is the
 * employee's current title (`title` of employees).
 */
export const employeeTitles = defineEntity({
  name: 'employeeTitles',
  entityName: 'EmployeeTitle',
  label: 'Employee titles',
  area: 'organisation',
  icon: 'WorkHistory',
  module: 'EMPLOYEE_TITLE',
  route: 'employee-titles',
  hideFromMenu: true,
  fields: {
    employee: f.ref('employees', { required: true, onDelete: 'cascade' }),
    title: f.ref('titles', { required: true }),
    dateGte: f.date({ required: true, label: 'From' }),
    dateLte: f.date({ label: 'To', notBefore: 'dateGte' }),
  },
  projections: {
    full: { embed: { title: ['name'], employee: ['gfirstName', 'glastName'] } },
  },
  defaultSort: [['dateGte', 'desc']],
  recordRepresentation: '%{title.name}',
  list: {
    columns: ['title', 'dateGte', 'dateLte'],
    filters: [{ source: 'employee.id', field: 'employee', label: 'Employee' }],
  },
});
