import { defineDictionary } from '../dictionary';

/** Dictionary types of the area: Departments, offices, employees and positions. Codes are fixed: data and tests refer to them. */

export const departmentType = defineDictionary({
  name: 'DEPARTMENT_TYPE',
  code: 2,
  label: 'Department type',
  entries: [
    { code: 2, gname: 'Firm' },
    { code: 4, gname: 'Top management' },
    { code: 5, gname: 'Managing partners' },
    { code: 6, gname: 'Board' },
    { code: 7, gname: 'Sector' },
    { code: 9, gname: 'Practice group' },
    { code: 10, gname: 'Support' },
    { code: 14, gname: 'Business team' },
    { code: 15, gname: 'Service' },
    { code: 16, gname: 'Product' },
  ],
});

export const departmentStatus = defineDictionary({
  name: 'DEPARTMENT_STATUS',
  code: 3,
  label: 'Department status',
  entries: [
    { code: 1, gname: 'Active' },
    { code: 2, gname: 'Inactive' },
  ],
});

export const employeeStatus = defineDictionary({
  name: 'EMPLOYEE_STATUS',
  code: 24,
  label: 'Employee status',
  entries: [
    { code: 1, gname: 'Active' },
    { code: 2, gname: 'On leave' },
    { code: 3, gname: 'Dismissed' },
  ],
});

export const gender = defineDictionary({
  name: 'GENDER',
  code: 25,
  label: 'Gender',
  entries: [
    { code: 1, gname: 'Female' },
    { code: 2, gname: 'Male' },
  ],
});

export const officeType = defineDictionary({
  name: 'OFFICE_TYPE',
  code: 26,
  label: 'Office type',
  entries: [
    { code: 1, gname: 'Head office' },
    { code: 2, gname: 'Branch' },
    { code: 3, gname: 'Representative office' },
  ],
});

export const officeStatus = defineDictionary({
  name: 'OFFICE_STATUS',
  code: 27,
  label: 'Office status',
  entries: [
    { code: 1, gname: 'Active' },
    { code: 2, gname: 'Closed' },
  ],
});

export const positionLevel = defineDictionary({
  name: 'POSITION_LEVEL',
  code: 34,
  label: 'Position level',
  entries: [
    { code: 1, gname: 'Subordinates', id: 22 },
    { code: 2, gname: 'Associate' },
    { code: 3, gname: 'Senior associate' },
    { code: 4, gname: 'Junior partner' },
    { code: 5, gname: 'Partner' },
  ],
});

export const positionStatus = defineDictionary({
  name: 'POSITION_STATUS',
  code: 35,
  label: 'Position status',
  entries: [
    { code: 1, gname: 'Active' },
    { code: 2, gname: 'Closed' },
  ],
});

/** This area's dictionary types, registered in schemas/dictionaryTypes.ts. */
export const organisationDictionaries = [
  departmentType,
  departmentStatus,
  employeeStatus,
  gender,
  officeType,
  officeStatus,
  positionLevel,
  positionStatus,
] as const;
