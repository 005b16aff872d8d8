import { allDepartments, departmentsByEmployee, departmentsWithPositions } from './departmentTrees';
import { defineServer } from '../define';

export const departmentsServer = defineServer('departments', {
  actions: {
    all: allDepartments,
    allWithPositions: departmentsWithPositions,
    allByEmployee: departmentsByEmployee,
  },
});
