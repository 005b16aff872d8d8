import { defineEntity, f } from '../define';

/** ISO 4217 currencies (USR-15..19); page and writes admin only (NAV-101), read open to dropdowns. */
export const currencies = defineEntity({
  name: 'currencies',
  entityName: 'Currency',
  label: 'Currencies',
  area: 'administration',
  icon: 'CurrencyExchange',
  access: { read: 'signedIn', write: 'admin', page: 'admin' },
  fields: {
    code: f.text({
      required: true,
      minLength: 3,
      maxLength: 3,
      pattern: '^[A-Z]{3}$',
      unique: true,
      help: 'ISO 4217, e.g. USD',
    }),
    gname: f.text({ required: true, label: 'Name' }),
    lname: f.text({ label: 'Local name' }),
  },
  search: ['code', 'gname', 'lname'],
  recordRepresentation: '%{code} - %{gname}',
  list: { columns: ['code', 'gname', 'lname'], filters: [{ source: 'search', label: 'Search', alwaysOn: true }] },
});
