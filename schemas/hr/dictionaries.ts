import { defineDictionary } from '../dictionary';

/** Dictionary types of the area: HR requests. Codes are fixed: data and tests refer to them. */

export const hrRequestStatus = defineDictionary({
  name: 'HR_REQUEST_STATUS',
  code: 47,
  label: 'HR request status',
  entries: [
    { code: 1, gname: 'New' },
    { code: 2, gname: 'In progress' },
    { code: 3, gname: 'Done' },
  ],
});

/** This area's dictionary types, registered in schemas/dictionaryTypes.ts. */
export const hrDictionaries = [hrRequestStatus] as const;
