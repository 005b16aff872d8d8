import { defineEntity, f } from '../define';

/** The client's bank account, a value object (CLI-02). */
const clientBankAccount = {
  gbankName: f.text({ label: 'Bank name' }),
  lbankName: f.text({ label: 'Local bank name' }),
  currentAccount: f.text({ label: 'Current account' }),
  bic: f.text({ label: 'BIC' }),
  code: f.text({ label: 'Code' }),
  inn: f.text({ label: 'INN' }),
  kpp: f.text({ label: 'KPP' }),
};

/**
 * Clients (CLI-01..11, NAV-14..17). Payload rules: sanctionComments only when underSanctions
 * (CLI-03); vatPercent a fraction, 0 when VAT is off (CLI-04/05); businessForm omitted when none
 * (CLI-06). The form is the wizard client info, contact-info, bank-account-info, complete (NAV-17).
 */
export const clients = defineEntity({
  name: 'clients',
  entityName: 'Client',
  label: 'Clients',
  area: 'crm',
  icon: 'Domain',
  module: 'client',
  trash: true,
  fields: {
    gname: f.text({ required: true, label: 'Name', maxLength: 255 }),
    underSanctions: f.boolean({ default: false, label: 'Under sanctions' }),
    sanctionComments: f.longText({ label: 'Sanction comments', sendWhen: (r) => r.underSanctions === true }),
    siteUrl: f.url({ label: 'Website' }),
    sector: f.ref('departments', { filter: { 'type.code': 7 } }),
    subSector: f.ref('departments', { label: 'Sub-sector', filter: { 'type.code': 7 } }),
    country: f.dictionary('COUNTRY'),
    iinBin: f.text({ label: 'IIN/BIN', maxLength: 32 }),
    vatEnabled: f.boolean({ default: false, label: 'VAT' }),
    vatPercent: f.percent({
      min: 0,
      max: 1,
      default: 0,
      label: 'VAT %',
      valueWhen: { when: (r) => r.vatEnabled !== true, value: 0 },
    }),
    address: f.text(),
    businessForm: f.dictionary('BUSINESS_FORM', { label: 'Business form', omitWhenEmpty: true }),
    contactList: f.children('contacts', { via: 'client', nestedWrite: true, label: 'Contacts' }),
    account: f.embedded(clientBankAccount, { label: 'Bank account' }),
  },
  projections: {
    clientList: {
      fields: ['gname', 'country', 'sector', 'underSanctions', 'vatEnabled', 'vatPercent', 'businessForm', 'iinBin'],
      embed: { country: ['gname', 'charCode'], sector: ['gname'], businessForm: ['code', 'gname'] },
    },
    // The wizard edits the contacts (contact-info step), so the projection it loads returns them:
    // a form that never loaded the list must not send it (a present list replaces the set).
    full: {
      embed: {
        country: ['gname', 'charCode'],
        sector: ['gname'],
        subSector: ['gname'],
        businessForm: ['code', 'gname'],
        contactList: 'full',
      },
    },
  },
  defaultProjection: 'full',
  search: ['gname', 'iinBin'],
  globalSearch: { fields: ['gname', 'iinBin'] },
  recordRepresentation: 'gname',
  indexes: [['country', 'lastModifiedDate']],
  list: {
    projection: 'clientList',
    columns: [
      'gname',
      'country',
      'sector',
      'businessForm',
      'iinBin',
      'underSanctions',
      'vatPercent',
      'lastModifiedDate',
    ],
    filters: [
      { source: 'search', label: 'Search', alwaysOn: true },
      { source: 'country.id', field: 'country', label: 'Country', alwaysOn: true },
      { source: 'sector.id', field: 'sector', label: 'Sector' },
      { source: 'underSanctions', field: 'underSanctions', label: 'Under sanctions' },
    ],
  },
  // the exports (Excel, CSV, xlsx) hold the list's columns and whether VAT applies: without it an
  // import of the file would read every VAT % as 0 (CLI-05: no VAT, no percent)
  excel: {
    name: 'clients',
    fileName: 'clients.xlsx',
    columns: [
      'gname',
      'country',
      'sector',
      'businessForm',
      'iinBin',
      'underSanctions',
      'vatEnabled',
      'vatPercent',
      'lastModifiedDate',
    ],
  },
  form: {
    layout: 'wizard',
    // renaming or creating a client under another client's name warns, with a link to it
    duplicateCheck: ['gname'],
    groups: [
      {
        name: 'client-info',
        label: 'Client info',
        fields: [
          'gname',
          'businessForm',
          'country',
          'sector',
          'subSector',
          'iinBin',
          'address',
          'siteUrl',
          'vatEnabled',
          'vatPercent',
          'underSanctions',
          'sanctionComments',
        ],
      },
      { name: 'contact-info', label: 'Contact info', fields: ['contactList'] },
      { name: 'bank-account-info', label: 'Bank account info', fields: ['account'] },
      { name: 'complete', label: 'Complete', fields: [] },
    ],
  },
  show: {
    tabs: [
      {
        name: 'main',
        label: 'Main',
        fields: [
          'gname',
          'businessForm',
          'country',
          'sector',
          'subSector',
          'iinBin',
          'address',
          'siteUrl',
          'vatEnabled',
          'vatPercent',
          'underSanctions',
          'sanctionComments',
          'account',
        ],
      },
      {
        name: 'contacts',
        label: 'Contacts',
        related: {
          collection: 'contacts',
          via: 'client',
          projection: 'full',
          columns: ['gname', 'gjobTitle', 'firstEmail', 'firstPhoneNumber', 'stage'],
        },
      },
      // The projects the client pays for; matters through their project.
      {
        name: 'projects',
        label: 'Projects',
        module: 'project',
        related: { collection: 'projects', via: 'payerClient' },
      },
      { name: 'leads', label: 'Leads', module: 'project', related: { collection: 'leads', via: 'contact.client' } },
      {
        name: 'matters',
        label: 'Matters',
        module: 'matter',
        related: { collection: 'matters', via: 'project.payerClient' },
      },
      {
        name: 'times',
        label: 'Times',
        module: 'time',
        related: {
          collection: 'times',
          via: 'client',
          filter: { 'workType.code': 1 },
          columns: ['dateTime', 'employee', 'matter', 'workDescription', 'duration', 'billable', 'billingStatus'],
        },
      },
      // Finance areas: the tabs appear once their collections are registered.
      {
        name: 'expenses',
        label: 'Expenses',
        module: 'expense',
        related: { collection: 'expenses', via: 'payerMatter.project.payerClient', optional: true },
      },
      {
        name: 'pre-invoices',
        label: 'Pre-invoices',
        module: 'pre_invoice',
        related: { collection: 'preInvoices', via: 'payerClient', optional: true },
      },
      {
        name: 'invoices',
        label: 'Invoices',
        module: 'invoice',
        related: { collection: 'invoices', via: 'payerClient', optional: true },
      },
      // Tasks are times of work types 2-5 (phone, meeting, e-mail, task), TIME-06/13.
      {
        name: 'tasks',
        label: 'Tasks',
        module: 'TIME',
        related: {
          collection: 'times',
          via: 'client',
          filter: { 'workType.code.ne': 1 },
          columns: ['dateTime', 'workType', 'employee', 'workDescription', 'duration'],
        },
      },
    ],
  },
});
