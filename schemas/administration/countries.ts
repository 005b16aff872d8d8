import { defineEntity, f } from '../define';
import { dictionaryCode } from '../dictionaryTypes';

/**
 * Countries are entries of the COUNTRY dictionary (type 4, schemas/administration/dictionaries.ts), seeded from
 * ISO 3166 (`code` = numeric code, `charCode` = alpha-2). This preset gives them their own page,
 * which like the other dictionaries' pages is the administrators'; every signed-in user still
 * reads countries for the pickers.
 */
export const countries = defineEntity({
  name: 'countries',
  entityName: 'Country',
  label: 'Countries',
  area: 'administration',
  icon: 'Public',
  access: { read: 'signedIn', write: 'admin', page: 'admin' },
  preset: {
    collection: 'baseDictionaries',
    filter: { 'type.code': dictionaryCode('COUNTRY') },
    values: { type: { id: dictionaryCode('COUNTRY') } },
  },
  fields: {
    code: f.number({ integer: true, label: 'ISO numeric code' }),
    charCode: f.text({ required: true, label: 'ISO alpha-2', maxLength: 2 }),
    gname: f.text({ required: true, label: 'Name' }),
    lname: f.text({ label: 'Local name' }),
  },
  defaultSort: [['gname', 'asc']],
  search: ['gname', 'lname', 'charCode'],
  recordRepresentation: 'gname',
  list: {
    columns: ['charCode', 'code', 'gname', 'lname'],
    filters: [{ source: 'search', label: 'Search', alwaysOn: true }],
  },
});
