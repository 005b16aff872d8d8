import { defineEntity, f } from '../define';
import { matterAccess, unlessAdminOrBilling } from './access';
import { codeOf, RATE_BASED } from './rules';

export { matterAccess } from './access';

/**
 * Matters (MAT-01..22, NAV-47..50): a unit of work of a project, with its team, its bill type and
 * rates, and an approval chain. The list hides closed matters (status code 3) by default (MAT-07).
 * Payload rules (MAT-08..11): international fields only for an international matter, hunter
 * fields only for a hunted one, rates only for bill type code 2, no currency when none is chosen.
 * Non-admins outside the billing managers see the matters whose access list holds them (MAT-12/13,
 * `schemas/engagements/access.ts`).
 */
export const matters = defineEntity({
  name: 'matters',
  entityName: 'Matter',
  label: 'Matters',
  area: 'engagements',
  icon: 'Gavel',
  module: 'matter',
  // a matter's time entries and expenses go to the trash with it and come back with it
  trash: { along: ['times.matter', 'expenses.payerMatter'] },
  fields: {
    number: f.text({ readOnly: true, label: 'Number' }),
    project: f.ref('projects', { required: true }),
    date: f.date({ required: true, default: () => new Date().toISOString().slice(0, 10) }),
    deadline: f.date(),
    description: f.longText({ required: true }),
    status: f.dictionary('MATTER_STATUS'),
    responsiblePosition: f.ref('positions', { label: 'Responsible' }),
    serviceDepartment: f.ref('departments', { label: 'Service department' }),
    productDepartment: f.ref('departments', { label: 'Product department' }),
    notNeedDocumentUpload: f.boolean({ default: false, label: 'No documents needed' }),
    documents: f.files({ label: 'Documents' }),
    internationalMatter: f.boolean({ default: false, label: 'International' }),
    internationalResponsiblePosition: f.ref('positions', {
      label: 'International responsible',
      sendWhen: (r) => r.internationalMatter === true,
    }),
    internationalPercent: f.percent({
      default: 0.5,
      min: 0,
      max: 1,
      label: 'International share',
      sendWhen: (r) => r.internationalMatter === true,
    }),
    hunted: f.boolean({ default: false }),
    hunterPosition: f.ref('positions', { label: 'Hunter', sendWhen: (r) => r.hunted === true }),
    hunterPercent: f.percent({
      default: 0.5,
      min: 0,
      max: 1,
      label: 'Hunter share',
      sendWhen: (r) => r.hunted === true,
    }),
    billType: f.dictionary('BILL_TYPE', { label: 'Bill type' }),
    amountFee: f.money({ min: 0, label: 'Fee' }),
    currency: f.ref('currencies', { omitWhenEmpty: true }),
    feeWithTax: f.boolean({ default: false, label: 'Fee includes tax' }),
    matterTeamList: f.children('matterTeams', { via: 'matter', nestedWrite: true, label: 'Team' }),
    matterRateList: f.children('matterRates', {
      via: 'matter',
      nestedWrite: true,
      label: 'Rates',
      sendWhen: (r) => codeOf(r.billType) === RATE_BASED,
    }),
    verificationChain: f.ref('verificationChains', { readOnly: true, serverOwned: true, onDelete: 'setNull' }),
  },
  projections: {
    full: {
      embed: {
        project: ['number', 'description'],
        status: ['code', 'gname'],
        billType: ['code', 'gname'],
        currency: ['code', 'gname'],
        responsiblePosition: 'full',
        matterTeamList: 'full',
        matterRateList: 'full',
        documents: ['name', 'contentType', 'size'],
      },
    },
    matterList: {
      fields: ['number', 'date', 'deadline', 'description', 'project', 'status', 'billType', 'responsiblePosition'],
      embed: {
        project: ['number', 'description'],
        status: ['code', 'gname'],
        billType: ['code', 'gname'],
        responsiblePosition: 'full',
      },
    },
  },
  // a new matter's chain (MAT-06): the matter approvers (APPROVER_TYPE 5) of the responsible
  // position's office, else of the creating user's office, in their order
  verification: {
    ownerType: 'MATTER',
    chainField: 'verificationChain',
  },
  search: ['number', 'description'],
  globalSearch: { fields: ['number', 'description'] },
  recordRepresentation: '%{number} %{description}',
  indexes: [['project', 'lastModifiedDate']],
  accessRule: unlessAdminOrBilling((user) => matterAccess(user)),
  // docs/decisions.md "Clone": the business fields, team and rates are copied; the number, status,
  // deadline and documents belong to the original; the date becomes today
  clone: { clear: ['number', 'status', 'deadline', 'documents'], today: ['date'] },
  actions: {
    // GET /matters/first10: the first ten matters the user can see (MAT-14)
    first10: {
      level: 'collection',
      methods: ['GET'],
      summary: 'The first ten matters the user can see, newest first, as the matterList projection',
      access: { privilege: 'view' },
    },
    // GET /matters/{id}/balance?currencyCode&payerOfficeId -> { matterBalance } (MAT-17)
    balance: {
      level: 'item',
      methods: ['GET'],
      summary: 'The fee not invoiced yet: { matterBalance }, in the matter currency',
      input: {
        currencyCode: f.text({ maxLength: 3, label: 'Currency code' }),
        payerOfficeId: f.ref('offices', { label: 'Payer office' }),
      },
      access: { privilege: 'view' },
    },
    // GET /matters/{id}/check-documents (MAT-22)
    'check-documents': {
      level: 'item',
      methods: ['GET'],
      summary: 'Whether the matter has the documents it needs: { required, documents, complete }',
      access: { privilege: 'view' },
    },
  },
  form: {
    layout: 'wizard',
    groups: [
      {
        name: 'matter-information',
        label: 'Matter information',
        fields: [
          'project',
          'date',
          'deadline',
          'description',
          'status',
          'responsiblePosition',
          'serviceDepartment',
          'productDepartment',
          'matterTeamList',
          'notNeedDocumentUpload',
          'documents',
        ],
      },
      {
        name: 'payment-information',
        label: 'Payment information',
        fields: [
          'billType',
          'amountFee',
          'currency',
          'feeWithTax',
          'matterRateList',
          'hunted',
          'hunterPosition',
          'hunterPercent',
        ],
      },
      {
        name: 'international-information',
        label: 'International information',
        fields: ['internationalMatter', 'internationalResponsiblePosition', 'internationalPercent'],
      },
    ],
  },
  show: {
    tabs: [
      {
        name: 'main',
        label: 'Main',
        fields: [
          'number',
          'project',
          'date',
          'deadline',
          'description',
          'status',
          'responsiblePosition',
          'serviceDepartment',
          'productDepartment',
          'matterTeamList',
          'billType',
          'amountFee',
          'currency',
          'feeWithTax',
          'matterRateList',
          'hunted',
          'hunterPosition',
          'hunterPercent',
          'internationalMatter',
          'internationalResponsiblePosition',
          'internationalPercent',
          'notNeedDocumentUpload',
          'documents',
          'verificationChain',
        ],
      },
      {
        name: 'times',
        label: 'Times',
        module: 'time',
        related: {
          collection: 'times',
          via: 'matter',
          filter: { 'workType.code': 1 },
          columns: ['dateTime', 'employee', 'workDescription', 'duration', 'billable', 'billingStatus'],
        },
      },
      {
        name: 'expenses',
        label: 'Expenses',
        module: 'expense',
        related: { collection: 'expenses', via: 'payerMatter', optional: true },
      },
      {
        name: 'invoices',
        label: 'Invoices',
        module: 'invoice',
        // an invoice made here is of the matter, its project and the project's payer (NAV-49)
        related: {
          collection: 'invoices',
          via: 'matterList',
          optional: true,
          fill: { project: 'project', payerClient: 'project.payerClient' },
        },
      },
      // no card tab (the card's tabs are main, times, expenses, invoices, documents): only the
      // matter-scoped pre-invoice forms, of the matter's project and payer (NAV-49)
      {
        name: 'pre-invoices',
        label: 'Pre-invoices',
        module: 'pre_invoice',
        related: {
          collection: 'preInvoices',
          via: 'matter',
          optional: true,
          formsOnly: true,
          fill: { project: 'project', payerClient: 'project.payerClient' },
        },
      },
      {
        name: 'documents',
        label: 'Documents',
        module: 'SHARED_MATERIAL',
        related: { collection: 'driveItems', via: 'matter', optional: true },
      },
    ],
  },
  // a selection of matters is given a responsible or a deadline at once
  bulk: { fields: ['responsiblePosition', 'deadline'] },
  list: {
    projection: 'matterList',
    columns: ['number', 'date', 'description', 'project', 'status', 'deadline'],
    inlineEdit: ['deadline'],
    defaultFilter: { 'status.code.ne': 3 },
    filters: [
      { source: 'search', label: 'Search', alwaysOn: true },
      { source: 'project.id', field: 'project', label: 'Project' },
      { source: 'status.code.ne', field: 'status', label: 'Status is not' },
    ],
  },
});
