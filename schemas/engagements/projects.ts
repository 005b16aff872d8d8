import { defineEntity, f } from '../define';

/**
 * Projects (PROJ-01..10, NAV-35..46): an engagement with a client, paid by `payerClient` for
 * `beneficiaryClient`, run by project managers per period with percentages (PROJ-02/10). Its
 * matters are the units of work; its deal stage follows the lead it grew from.
 */
export const projects = defineEntity({
  name: 'projects',
  entityName: 'Project',
  label: 'Projects',
  area: 'engagements',
  icon: 'Work',
  module: 'project',
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
    technicalExpensesPercent: f.percent({ label: 'Technical expenses' }),
    tenderFund: f.boolean({ default: false }),
    vatEnabled: f.boolean({ default: false, label: 'VAT' }),
    vatPercent: f.percent({ label: 'VAT', valueWhen: { when: (r) => r.vatEnabled !== true, value: 0 } }),
    // the project's periods; project managers refer to them by periodIndexNumber (PROJ-01)
    periods: f.embeddedList({
      periodIndexNumber: f.number({ integer: true, min: 0, required: true }),
      dateGte: f.date({ required: true, label: 'From' }),
      dateLte: f.date({ label: 'To' }),
    }),
    projectManagerList: f.children('projectManagers', { via: 'project', nestedWrite: true, label: 'Project managers' }),
  },
  projections: {
    full: {
      embed: {
        dealStage: ['code', 'gname'],
        payerClient: ['gname'],
        beneficiaryClient: ['gname'],
        contact: ['gname'],
        invoiceCurrency: ['code', 'gname'],
      },
    },
  },
  search: ['number', 'description'],
  recordRepresentation: '%{number} %{description}',
  indexes: [['payerClient', 'lastModifiedDate']],
  list: {
    projection: 'full',
    columns: ['number', 'description', 'payerClient', 'beneficiaryClient', 'dealStage'],
    filters: [
      { source: 'search', label: 'Search', alwaysOn: true },
      { source: 'payerClient.id', field: 'payerClient', label: 'Payer' },
    ],
  },
});
