import { defineEntity, f } from '../define';

/**
 * Offices (OFF-01..06, NAV-90..98): the three-step wizard office info, payment-info and
 * cashbox-info (NAV-91), and the card with the tabs main, accounts, teams, approvers, payments,
 * templates and cashbox (NAV-92..98), each tab guarded by the module the spec names. The
 * cashbox-info step holds what the monthly cashbox reads: the national bank's rate type and the
 * trial-period limits; `timeDurationRange` is how many days back a time entry may be logged.
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
    nationalBankType: f.dictionary('NATIONAL_BANK_TYPE', { label: 'National bank rate' }),
    clientTrialDateLte: f.date({ label: 'Client trial until' }),
    royaltyTrialLte: f.date({ label: 'Royalty trial until' }),
    timeDurationRange: f.number({ integer: true, min: 0, max: 3650, label: 'Days back a time may be logged' }),
    // MC-6 segregation of duties: false (the default) = one person may not decide two steps of one
    // approval chain built from this office's approvers (server/approvals/solve.ts)
    allowSameApproverSteps: f.boolean({ default: false, label: 'One person may decide several approval steps' }),
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
        nationalBankType: ['code', 'gname'],
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
      {
        name: 'cashbox-info',
        label: 'Cashbox info',
        fields: [
          'nationalBankType',
          'clientTrialDateLte',
          'royaltyTrialLte',
          'timeDurationRange',
          'allowSameApproverSteps',
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
          'shippingAddress',
          'zip',
          'timeDurationRange',
          'allowSameApproverSteps',
        ],
      },
      {
        name: 'accounts',
        label: 'Accounts',
        module: 'OFFICE_ACCOUNT',
        related: {
          collection: 'officeAccounts',
          via: 'office',
          columns: ['account.gbankName', 'account.number', 'expenseIncreasePercent', 'active'],
        },
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
      {
        name: 'approvers',
        label: 'Approvers',
        module: 'office',
        related: {
          collection: 'officeApprovers',
          via: 'office',
          columns: ['type', 'employee', 'orderliness', 'active'],
        },
      },
      {
        name: 'payments',
        label: 'Payments',
        module: 'PAYMENT_OFFICE',
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
      {
        name: 'templates',
        label: 'Templates',
        module: 'PAYMENT_OFFICE',
        related: {
          collection: 'officeTemplates',
          via: 'office',
          columns: ['documentType', 'locationType', 'document'],
        },
      },
      {
        name: 'cashbox',
        label: 'Cashbox',
        module: 'PAYMENT_OFFICE',
        related: {
          collection: 'officeIncomeDistributions',
          via: 'office',
          columns: ['trafficType', 'softDevelopmentLawyerPercent'],
        },
      },
    ],
  },
});
