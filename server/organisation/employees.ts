import { invalidatePrincipals } from '../auth/verify';
import { defineServer } from '../define';

/** The employee's title rows that cover today (`employee_titles`, open-ended when `date_lte` is empty). */
const currentTitleSql = (row: string, select: string) =>
  `(SELECT ${select} FROM employee_titles et JOIN titles t ON t.id = et.title_id WHERE et.employee_id = ${row}.id AND et.date_gte <= CURRENT_DATE AND (et.date_lte IS NULL OR et.date_lte >= CURRENT_DATE) ORDER BY et.date_gte DESC, et.id DESC LIMIT 1)`;

/** The server side of `employees` (`schemas/organisation/employees.ts`): the full name and today's title. */
export const employeesServer = defineServer('employees', {
  hooks: {
    // the principals are loaded from employees and positions: a committed write makes them stale
    afterCommit: [async () => invalidatePrincipals()],
  },
  computed: {
    fullName: "({row}.gfirst_name || ' ' || {row}.glast_name)",
    title: (row) => currentTitleSql(row, 't.name'),
    titleId: (row) => currentTitleSql(row, 't.id'),
  },
});
