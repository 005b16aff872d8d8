import { defineEntity, f } from '../define';
import { officeBankAccount } from './bankAccount';

/**
 * Transit accounts (OFF-14..18): the correspondent account an office account receives one
 * currency through. One per currency per office account: a second one for the same currency is
 * answered 409 naming the currency.
 */
export const officeTransitAccounts = defineEntity({
  name: 'officeTransitAccounts',
  entityName: 'OfficeTransitAccount',
  label: 'Transit accounts',
  area: 'organisation',
  icon: 'CurrencyExchange',
  hideFromMenu: true,
  module: 'OFFICE_ACCOUNT_TRANSIT_CURRENCY',
  fields: {
    officeAccount: f.ref('officeAccounts', { required: true, onDelete: 'cascade', label: 'Office account' }),
    currency: f.ref('currencies', { required: true, unique: ['officeAccount'] }),
    correspondingAccount: f.text({ label: 'Corresponding account', maxLength: 64 }),
    account: f.embedded(officeBankAccount, { label: 'Bank account' }),
  },
  projections: {
    full: { embed: { currency: ['code', 'gname'] } },
  },
  defaultProjection: 'full',
  recordRepresentation: 'correspondingAccount',
  list: {
    columns: ['officeAccount', 'currency', 'correspondingAccount', 'account.gbankName', 'account.swiftCode'],
    filters: [{ source: 'officeAccount.id', field: 'officeAccount', label: 'Office account', alwaysOn: true }],
  },
});
