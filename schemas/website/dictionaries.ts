import { defineDictionary } from '../dictionary';

/** Dictionary types of the area: The website content. Codes are fixed: data and tests refer to them. */

export const publishLevel = defineDictionary({
  name: 'PUBLISH_LEVEL',
  code: 6,
  label: 'Publish level',
  entries: [
    { code: 1, gname: 'country', charCode: 'country' },
    { code: 2, gname: 'office', charCode: 'office' },
    { code: 3, gname: 'department', charCode: 'department' },
    { code: 4, gname: 'employee', charCode: 'employee' },
    { code: 5, gname: 'news', charCode: 'news' },
    { code: 6, gname: 'newsletter', charCode: 'newsletter' },
    { code: 7, gname: 'matter', charCode: 'matter' },
    { code: 8, gname: 'publication', charCode: 'publication' },
    { code: 9, gname: 'events', charCode: 'events' },
    { code: 10, gname: 'video', charCode: 'video' },
    { code: 11, gname: 'page', charCode: 'page' },
    { code: 12, gname: 'experience', charCode: 'experience' },
    { code: 13, gname: 'project', charCode: 'project' },
    { code: 14, gname: 'menu', charCode: 'menu' },
    { code: 15, gname: 'vacancy', charCode: 'vacancy' },
    { code: 16, gname: 'podcast', charCode: 'podcast' },
  ],
});

export const contentStatus = defineDictionary({
  name: 'CONTENT_STATUS',
  code: 42,
  label: 'Content status',
  entries: [
    { code: 1, gname: 'Draft' },
    { code: 2, gname: 'Published' },
    { code: 3, gname: 'Deleted' },
  ],
});

export const countryType = defineDictionary({
  name: 'COUNTRY_TYPE',
  code: 43,
  label: 'Country type',
  entries: [
    { code: 1, gname: 'Office country' },
    { code: 2, gname: 'Coverage country' },
  ],
});

export const storageFolderType = defineDictionary({
  name: 'STORAGE_FOLDER_TYPE',
  code: 44,
  label: 'Storage folder type',
  entries: [
    { code: 1, gname: 'Images' },
    { code: 2, gname: 'Documents' },
  ],
});

/** This area's dictionary types, registered in schemas/dictionaryTypes.ts. */
export const websiteDictionaries = [publishLevel, contentStatus, countryType, storageFolderType] as const;
