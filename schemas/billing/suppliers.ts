import { defineEntity, f } from '../define';

/**
 * Suppliers an expense is paid to (EXP-01, EXP-05): a small register the expense form picks from.
 * Read and written with the `expense` privilege.
 */
export const suppliers = defineEntity({
  name: 'suppliers',
  entityName: 'Supplier',
  label: 'Suppliers',
  area: 'finance',
  icon: 'Storefront',
  module: 'expense',
  hideFromMenu: true,
  fields: {
    gname: f.text({ required: true, label: 'Name' }),
    lname: f.text({ label: 'Local name' }),
    bin: f.text({ label: 'BIN' }),
    country: f.dictionary('COUNTRY'),
  },
  projections: { full: { embed: { country: ['code', 'gname'] } } },
  defaultSort: [['gname', 'asc']],
  search: ['gname', 'lname', 'bin'],
  recordRepresentation: 'gname',
  list: { columns: ['gname', 'lname', 'bin', 'country'] },
});
