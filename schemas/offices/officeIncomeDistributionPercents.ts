import { defineEntity, f } from '../define';

/**
 * The rows of an office income distribution (OFF-21..23, OFF-29..31): which share (`percent`, a
 * fraction on the wire, shown x100) goes where - a fund, a transfer to another office - and
 * whether it is transferable (default true), international, or for soft-development members.
 */
export const officeIncomeDistributionPercents = defineEntity({
  name: 'officeIncomeDistributionPercents',
  entityName: 'OfficeIncomeDistributionPercent',
  label: 'Income distribution percents',
  area: 'organisation',
  icon: 'Percent',
  hideFromMenu: true,
  module: 'PAYMENT_OFFICE',
  fields: {
    officeIncomeDistribution: f.ref('officeIncomeDistributions', {
      required: true,
      onDelete: 'cascade',
      label: 'Income distribution',
    }),
    incomeDistributionType: f.dictionary('INCOME_DISTRIBUTION_TYPE', { required: true, label: 'Distribution type' }),
    percent: f.percent({ required: true, min: 0, max: 1, label: 'Percent' }),
    fund: f.dictionary('FUND_TYPE', { label: 'Fund' }),
    fundTransferOffice: f.ref('offices', { label: 'Transfer to office' }),
    softDevelopmentMember: f.boolean({ default: false, label: 'Soft-development member' }),
    international: f.boolean({ default: false, label: 'International' }),
    transferable: f.boolean({ default: true, label: 'Transferable' }),
  },
  projections: {
    full: {
      embed: {
        incomeDistributionType: ['code', 'gname'],
        fund: ['code', 'gname'],
        fundTransferOffice: ['gfirmName'],
      },
    },
  },
  defaultProjection: 'full',
  recordRepresentation: 'percent',
  list: {
    columns: [
      'officeIncomeDistribution',
      'incomeDistributionType',
      'percent',
      'fund',
      'fundTransferOffice',
      'transferable',
    ],
    filters: [
      {
        source: 'officeIncomeDistribution.id',
        field: 'officeIncomeDistribution',
        label: 'Income distribution',
        alwaysOn: true,
      },
    ],
  },
});
