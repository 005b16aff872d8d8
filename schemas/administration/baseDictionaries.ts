import { defineEntity, f } from '../define';

/**
 * Dictionary entries ("base subtypes", DICT-01, DICT-04, DICT-07..12). Every dropdown reads them,
 * so reading is open to signed-in users; the page and writes are admin only (NAV-51).
 * POST is also served at `/baseDictionaries/` (H12).
 */
export const baseDictionaries = defineEntity({
  name: 'baseDictionaries',
  entityName: 'BaseDictionary',
  label: 'Base subtypes',
  area: 'administration',
  icon: 'List',
  route: 'base-subtypes',
  access: { read: 'signedIn', write: 'admin', page: 'admin' },
  fields: {
    type: f.ref('baseDictionaryTypes', { required: true, label: 'Base type', onDelete: 'cascade' }),
    code: f.number({
      integer: true,
      unique: ['type'],
      help: 'Defaults to the highest code of the type plus 1 (DICT-09)',
    }),
    gname: f.text({ required: true, label: 'Name' }),
    lname: f.text({ label: 'Local name' }),
    orderliness: f.number({ integer: true, help: 'Defaults to the highest of the type plus 1 (DICT-10)' }),
    charCode: f.text({ label: 'Char code', maxLength: 32 }),
  },
  autoNumber: {
    code: { max: 'code', plus: 1, scope: ['type'] },
    orderliness: { max: 'orderliness', plus: 1, scope: ['type'] },
  },
  projections: { full: { embed: { type: ['code', 'gname'] } } },
  search: ['gname', 'lname', 'charCode'],
  recordRepresentation: 'gname',
  indexes: [['type', 'code']],
  list: {
    columns: ['type', 'code', 'gname', 'lname', 'charCode'],
    filters: [
      { source: 'search', label: 'Search', alwaysOn: true },
      { source: 'type.id', field: 'type', label: 'Base type', alwaysOn: true },
    ],
  },
});
