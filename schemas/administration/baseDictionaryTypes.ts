import { defineEntity, f } from '../define';

/** Dictionary types (DICT-02, DICT-03, DICT-13..16); admin only (NAV-52). */
export const baseDictionaryTypes = defineEntity({
  name: 'baseDictionaryTypes',
  entityName: 'BaseDictionaryType',
  label: 'Base types',
  area: 'administration',
  icon: 'Category',
  route: 'base-types',
  access: { read: 'signedIn', write: 'admin', page: 'admin' },
  fields: {
    code: f.number({ integer: true, unique: true, help: 'Defaults to the number of types plus 2 (DICT-03)' }),
    gname: f.text({ required: true, label: 'Name' }),
    lname: f.text({ label: 'Local name' }),
  },
  autoNumber: { code: { count: true, plus: 2 } },
  search: ['gname', 'lname'],
  recordRepresentation: 'gname',
  list: {
    columns: ['code', 'gname', 'lname'],
    filters: [{ source: 'search', label: 'Search', alwaysOn: true }],
  },
});
