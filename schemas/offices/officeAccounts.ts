import { defineEntity, f } from '../define';
import { officeBankAccount } from './bankAccount';

/**
 * Office accounts (OFF-07..13, NAV-25..27): the bank accounts an office is paid on, each with the
 * percent its expenses are raised by (`expenseIncreasePercent`, a fraction: 0.05 = 5 %) and the
 * bank details as one value object (`account`, OFF-08). The card (offices' accounts tab, or
 * `/accounts/{id}`) has the tabs main and transits (the account's transit accounts per currency).
 */
export const officeAccounts = defineEntity({
  name: 'officeAccounts',
  entityName: 'OfficeAccount',
  label: 'Office accounts',
  route: 'accounts',
  area: 'organisation',
  icon: 'AccountBalance',
  hideFromMenu: true,
  module: 'OFFICE_ACCOUNT',
  fields: {
    office: f.ref('offices', { required: true, onDelete: 'cascade' }),
    expenseIncreasePercent: f.percent({ min: 0, max: 10, default: 0, label: 'Expense increase %' }),
    active: f.boolean({ default: true, label: 'Active' }),
    account: f.embedded(officeBankAccount, { label: 'Bank account' }),
  },
  projections: {
    full: { embed: { office: ['gfirmName'] } },
  },
  defaultProjection: 'full',
  recordRepresentation: '%{account.gbankName} %{account.number}',
  list: {
    columns: ['office', 'account.gbankName', 'account.number', 'expenseIncreasePercent', 'active'],
    filters: [{ source: 'office.id', field: 'office', label: 'Office', alwaysOn: true }],
  },
  form: {
    layout: 'sections',
    groups: [
      { name: 'main', label: 'Account', fields: ['office', 'expenseIncreasePercent', 'active'] },
      { name: 'bank', label: 'Bank details', fields: ['account'] },
    ],
  },
  show: {
    tabs: [
      { name: 'main', label: 'Main', fields: ['office', 'expenseIncreasePercent', 'active', 'account'] },
      {
        name: 'transits',
        label: 'Transit accounts',
        module: 'OFFICE_ACCOUNT_TRANSIT_CURRENCY',
        related: {
          collection: 'officeTransitAccounts',
          via: 'officeAccount',
          columns: ['currency', 'correspondingAccount', 'account.gbankName', 'account.swiftCode'],
        },
      },
    ],
  },
});
