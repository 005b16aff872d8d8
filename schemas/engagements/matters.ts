import { defineEntity, f } from '../define';

/**
 * Matters (MAT-01..22, NAV-47..50): a unit of work of a project, with its team, its bill type and
 * rates, and an approval chain. The list hides closed matters (status code 3) by default (MAT-07).
 */
export const matters = defineEntity({
  name: 'matters',
  entityName: 'Matter',
  label: 'Matters',
  area: 'engagements',
  icon: 'Gavel',
  module: 'matter',
  fields: {
    number: f.text({ readOnly: true, label: 'Number' }),
    project: f.ref('projects', { required: true }),
    date: f.date({ required: true }),
    deadline: f.date(),
    description: f.longText({ required: true }),
    status: f.dictionary('MATTER_STATUS'),
    responsiblePosition: f.ref('positions', { label: 'Responsible' }),
    serviceDepartment: f.ref('departments', { label: 'Service department' }),
    productDepartment: f.ref('departments', { label: 'Product department' }),
    notNeedDocumentUpload: f.boolean({ default: false, label: 'No documents needed' }),
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
    matterRateList: f.children('matterRates', { via: 'matter', nestedWrite: true, label: 'Rates' }),
    verificationChain: f.ref('verificationChains', { readOnly: true, onDelete: 'setNull' }),
  },
  projections: {
    full: {
      embed: {
        project: ['number', 'description'],
        status: ['code', 'gname'],
        billType: ['code', 'gname'],
        currency: ['code', 'gname'],
        responsiblePosition: 'full',
      },
    },
  },
  search: ['number', 'description'],
  recordRepresentation: '%{number} %{description}',
  indexes: [['project', 'lastModifiedDate']],
  list: {
    projection: 'full',
    columns: ['number', 'date', 'description', 'project', 'status', 'deadline'],
    defaultFilter: { 'status.code.ne': 3 },
    filters: [
      { source: 'search', label: 'Search', alwaysOn: true },
      { source: 'project.id', field: 'project', label: 'Project' },
    ],
  },
});
