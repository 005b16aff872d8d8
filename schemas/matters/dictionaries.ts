import { defineDictionary } from '../dictionary';

/** Dictionary types of the area: Matters, time and courts. Codes are fixed: data and tests refer to them. */

export const workType = defineDictionary({
  name: 'WORK_TYPE',
  code: 13,
  label: 'Work type',
  entries: [
    { code: 1, gname: 'Time entry' },
    { code: 2, gname: 'Phone' },
    { code: 3, gname: 'Meeting' },
    { code: 4, gname: 'E-mail' },
    { code: 5, gname: 'Task' },
  ],
});

export const billingStatus = defineDictionary({
  name: 'BILLING_STATUS',
  code: 14,
  label: 'Billing status',
  entries: [
    { code: 1, gname: 'Not billable' },
    { code: 2, gname: 'Unbilled' },
    { code: 3, gname: 'In pre-invoice' },
    { code: 4, gname: 'Invoiced' },
    { code: 5, gname: 'Written off' },
  ],
});

export const matterStatus = defineDictionary({
  name: 'MATTER_STATUS',
  code: 16,
  label: 'Matter status',
  entries: [
    { code: 1, gname: 'Open' },
    { code: 2, gname: 'On hold' },
    { code: 3, gname: 'Closed' },
  ],
});

export const billType = defineDictionary({
  name: 'BILL_TYPE',
  code: 17,
  label: 'Bill type',
  entries: [
    { code: 1, gname: 'Fixed fee' },
    { code: 2, gname: 'Rate-based' },
  ],
});

export const courtInstanceType = defineDictionary({
  name: 'COURT_INSTANCE_TYPE',
  code: 45,
  label: 'Court instance type',
  entries: [
    { code: 1, gname: 'First instance' },
    { code: 2, gname: 'Appeal' },
    { code: 3, gname: 'Cassation' },
  ],
});

export const courtCaseType = defineDictionary({
  name: 'COURT_CASE_TYPE',
  code: 46,
  label: 'Court case type',
  entries: [
    { code: 1, gname: 'Civil' },
    { code: 2, gname: 'Administrative' },
    { code: 3, gname: 'Criminal' },
  ],
});

/** This area's dictionary types, registered in schemas/dictionaryTypes.ts. */
export const mattersDictionaries = [
  workType,
  billingStatus,
  matterStatus,
  billType,
  courtInstanceType,
  courtCaseType,
] as const;
