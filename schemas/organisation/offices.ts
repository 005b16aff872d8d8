import { defineEntity, f } from '../define';

/**
 * Offices (OFF-01..06, NAV-90..98). This issue declares the basic fields; the payment-info and
 * cashbox-info steps, and the card's other tabs, come with their areas.
 */
export const offices = defineEntity({
  name: 'offices',
  entityName: 'Office',
  label: 'Offices',
  area: 'organisation',
  icon: 'Business',
  module: 'office',
  access: { read: 'signedIn', write: 'module', page: 'module' },
  fields: {
    gfirmName: f.text({ required: true, label: 'Firm name' }),
    lfirmName: f.text({ label: 'Local firm name' }),
    status: f.dictionary('OFFICE_STATUS'),
    type: f.dictionary('OFFICE_TYPE'),
    siteUrl: f.url({ label: 'Website' }),
    firstEmail: f.email({ label: 'E-mail' }),
    firstPhoneNumber: f.phone({ label: 'Phone' }),
    representative: f.text(),
    signDate: f.date(),
    currency: f.ref('currencies'),
    transferCurrency: f.ref('currencies'),
    physicalCountry: f.dictionary('COUNTRY'),
    physicalCity: f.text(),
    shippingAddress: f.text(),
    zip: f.text({ maxLength: 16 }),
    billingCountry: f.dictionary('COUNTRY'),
    billingCity: f.text(),
    gbillFirmName: f.text({ label: 'Billing firm name' }),
    lbillFirmName: f.text({ label: 'Local billing firm name' }),
    gbillAddress: f.text({ label: 'Billing address' }),
    lbillAddress: f.text({ label: 'Local billing address' }),
    bin: f.text({ label: 'BIN' }),
  },
  projections: {
    full: {
      embed: {
        status: ['code', 'gname'],
        type: ['code', 'gname'],
        currency: ['code', 'gname'],
        transferCurrency: ['code', 'gname'],
        physicalCountry: ['gname', 'charCode'],
        billingCountry: ['gname', 'charCode'],
      },
    },
  },
  search: ['gfirmName', 'lfirmName', 'physicalCity'],
  recordRepresentation: 'gfirmName',
  list: {
    columns: ['gfirmName', 'type', 'physicalCountry', 'physicalCity', 'currency', 'status'],
    filters: [
      { source: 'search', label: 'Search', alwaysOn: true },
      { source: 'physicalCountry.id', field: 'physicalCountry', label: 'Country' },
    ],
  },
  form: {
    layout: 'wizard',
    groups: [
      {
        name: 'office-info',
        label: 'Office info',
        fields: [
          'gfirmName',
          'lfirmName',
          'status',
          'type',
          'siteUrl',
          'firstEmail',
          'firstPhoneNumber',
          'representative',
          'signDate',
          'physicalCountry',
          'physicalCity',
          'shippingAddress',
          'zip',
        ],
      },
      {
        name: 'payment-info',
        label: 'Payment info',
        fields: [
          'currency',
          'transferCurrency',
          'billingCountry',
          'billingCity',
          'gbillFirmName',
          'lbillFirmName',
          'gbillAddress',
          'lbillAddress',
          'bin',
        ],
      },
    ],
  },
  show: {
    tabs: [
      {
        name: 'main',
        label: 'Main',
        fields: [
          'gfirmName',
          'lfirmName',
          'status',
          'type',
          'siteUrl',
          'firstEmail',
          'firstPhoneNumber',
          'representative',
          'signDate',
          'physicalCountry',
          'physicalCity',
          'currency',
        ],
      },
      {
        name: 'teams',
        label: 'Team',
        module: 'employee',
        related: {
          collection: 'employees',
          via: 'office',
          columns: ['gfirstName', 'glastName', 'firstEmail', 'firstPhoneNumber', 'status'],
        },
      },
    ],
  },
});
