import { defineEntity, f } from '../define';
import { projectAccess, unlessAdminOrBilling } from './access';

export { projectAccess } from './access';

/**
 * Projects (PROJ-01..10, NAV-35..46): an engagement with a client, paid by `payerClient` for
 * `beneficiaryClient`, run by project managers per period with percentages (PROJ-02/10: the
 * shares of one period add up to at most 100%). Its matters are the units of work; its deal stage
 * follows the lead it grew from. Non-admins outside the billing managers see the projects whose
 * access list holds them (PROJ-03/04, `schemas/engagements/access.ts`).
 */
export const projects = defineEntity({
  name: 'projects',
  entityName: 'Project',
  label: 'Projects',
  area: 'engagements',
  icon: 'Work',
  module: 'project',
  // a project's matters (with their time entries) and its time entries go to the trash with it
  trash: { along: ['matters.project', 'times.project'] },
  fields: {
    number: f.text({ readOnly: true, label: 'Number' }),
    description: f.longText({ required: true }),
    dealStage: f.dictionary('DEAL_STAGE'),
    businessRelationshipManagerPosition: f.ref('positions', { label: 'Business relationship manager' }),
    contact: f.ref('contacts'),
    payerClient: f.ref('clients', { label: 'Payer' }),
    beneficiaryClient: f.ref('clients', { label: 'Beneficiary' }),
    invoiceCurrency: f.ref('currencies', { label: 'Invoice currency' }),
    invoiceLanguage: f.dictionary('LANGUAGE', { label: 'Invoice language' }),
    timeLanguage: f.dictionary('LANGUAGE', { label: 'Time language' }),
    technicalExpensesPercent: f.percent({ label: 'Technical expenses', min: 0, max: 1 }),
    tenderFund: f.boolean({ default: false }),
    vatEnabled: f.boolean({ default: false, label: 'VAT' }),
    vatPercent: f.percent({ label: 'VAT', valueWhen: { when: (r) => r.vatEnabled !== true, value: 0 } }),
    // the project's periods; project managers refer to them by periodIndexNumber (PROJ-01)
    periods: f.embeddedList({
      periodIndexNumber: f.number({ integer: true, min: 0, required: true }),
      dateGte: f.date({ required: true, label: 'From' }),
      dateLte: f.date({ label: 'To', notBefore: 'dateGte' }),
    }),
    projectManagerList: f.children('projectManagers', { via: 'project', nestedWrite: true, label: 'Project managers' }),
  },
  projections: {
    full: {
      embed: {
        dealStage: ['code', 'gname'],
        businessRelationshipManagerPosition: 'full',
        payerClient: ['gname'],
        beneficiaryClient: ['gname'],
        contact: ['gname'],
        invoiceCurrency: ['code', 'gname'],
        projectManagerList: 'full',
      },
    },
    projectList: {
      fields: [
        'number',
        'description',
        'payerClient',
        'beneficiaryClient',
        'dealStage',
        'businessRelationshipManagerPosition',
      ],
      embed: {
        dealStage: ['code', 'gname'],
        payerClient: ['gname'],
        beneficiaryClient: ['gname'],
        businessRelationshipManagerPosition: 'full',
      },
    },
  },
  search: ['number', 'description'],
  globalSearch: { fields: ['number', 'description'] },
  recordRepresentation: '%{number} %{description}',
  indexes: [['payerClient', 'lastModifiedDate']],
  accessRule: unlessAdminOrBilling((user) => projectAccess(user)),
  // DECISIONS "clone": business fields and managers copied; number and deal stage cleared
  clone: { clear: ['number', 'dealStage'], today: [] },
  form: {
    layout: 'wizard',
    groups: [
      {
        name: 'project-information',
        label: 'Project information',
        fields: [
          'description',
          'dealStage',
          'payerClient',
          'beneficiaryClient',
          'contact',
          'businessRelationshipManagerPosition',
          'tenderFund',
          'periods',
          'projectManagerList',
        ],
      },
      {
        name: 'invoice-information',
        label: 'Invoice information',
        fields: [
          'invoiceCurrency',
          'invoiceLanguage',
          'timeLanguage',
          'technicalExpensesPercent',
          'vatEnabled',
          'vatPercent',
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
          'number',
          'description',
          'dealStage',
          'payerClient',
          'beneficiaryClient',
          'contact',
          'businessRelationshipManagerPosition',
          'tenderFund',
          'periods',
          'projectManagerList',
          'invoiceCurrency',
          'invoiceLanguage',
          'timeLanguage',
          'technicalExpensesPercent',
          'vatEnabled',
          'vatPercent',
        ],
      },
      {
        name: 'matters',
        label: 'Matters',
        module: 'matter',
        related: {
          collection: 'matters',
          via: 'project',
          projection: 'matterList',
          columns: ['number', 'date', 'description', 'status', 'deadline'],
        },
      },
      {
        name: 'times',
        label: 'Times',
        module: 'time',
        related: {
          collection: 'times',
          via: 'project',
          filter: { 'workType.code': 1 },
          columns: ['dateTime', 'employee', 'matter', 'workDescription', 'duration', 'billable', 'billingStatus'],
        },
      },
      {
        name: 'expenses',
        label: 'Expenses',
        module: 'expense',
        related: { collection: 'expenses', via: 'payerMatter.project', optional: true },
      },
      {
        name: 'preInvoices',
        label: 'Pre-invoices',
        module: 'pre_invoice',
        related: { collection: 'preInvoices', via: 'project', optional: true },
      },
      {
        name: 'invoices',
        label: 'Invoices',
        module: 'invoice',
        related: { collection: 'invoices', via: 'project', optional: true },
      },
      {
        name: 'tasks',
        label: 'Tasks',
        module: 'TIME',
        related: {
          collection: 'times',
          via: 'project',
          filter: { 'workType.code.ne': 1 },
          columns: ['dateTime', 'workType', 'employee', 'workDescription', 'duration'],
        },
      },
      // the project's lead e-mails (NAV-43): listed from the leadEmails collection once it exists
      {
        name: 'emails',
        label: 'E-mails',
        module: 'LEAD_EMAIL',
        related: { collection: 'leadEmails', via: 'project', optional: true },
      },
      {
        name: 'documents',
        label: 'Documents',
        module: 'SHARED_MATERIAL',
        related: { collection: 'driveItems', via: 'project', optional: true },
      },
    ],
  },
  list: {
    projection: 'projectList',
    columns: ['number', 'description', 'payerClient', 'beneficiaryClient', 'dealStage'],
    filters: [
      { source: 'search', label: 'Search', alwaysOn: true },
      { source: 'payerClient.id', field: 'payerClient', label: 'Payer' },
    ],
  },
});
