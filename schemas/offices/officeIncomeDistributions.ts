import { defineEntity, f } from '../define';

/**
 * Office income distributions (OFF-19..28): how an office's income of one traffic type is shared.
 * `softDevelopmentLawyerPercent` is the lawyer's share of soft-development income, a fraction
 * (0.21 = 21 %, the default). Its rows (`officeIncomeDistributionPercents`) are listed on the
 * card and written through their own routes; the list field is read-only.
 */
export const officeIncomeDistributions = defineEntity({
  name: 'officeIncomeDistributions',
  entityName: 'OfficeIncomeDistribution',
  label: 'Income distributions',
  area: 'organisation',
  icon: 'PieChart',
  hideFromMenu: true,
  module: 'PAYMENT_OFFICE',
  fields: {
    office: f.ref('offices', { required: true, onDelete: 'cascade' }),
    trafficType: f.dictionary('TRAFFIC_TYPE', { required: true, label: 'Traffic type', unique: ['office'] }),
    softDevelopmentLawyerPercent: f.percent({ min: 0, max: 1, default: 0.21, label: 'Soft-development lawyer %' }),
    officeIncomeDistributionPercentList: f.children('officeIncomeDistributionPercents', {
      via: 'officeIncomeDistribution',
      readOnly: true,
      label: 'Percents',
    }),
  },
  projections: {
    full: {
      embed: {
        office: ['gfirmName'],
        trafficType: ['code', 'gname'],
        officeIncomeDistributionPercentList: 'full',
      },
    },
  },
  defaultProjection: 'full',
  recordRepresentation: 'trafficType.gname',
  list: {
    columns: ['office', 'trafficType', 'softDevelopmentLawyerPercent'],
    filters: [{ source: 'office.id', field: 'office', label: 'Office', alwaysOn: true }],
  },
  show: {
    tabs: [
      { name: 'main', label: 'Main', fields: ['office', 'trafficType', 'softDevelopmentLawyerPercent'] },
      {
        name: 'percents',
        label: 'Percents',
        related: {
          collection: 'officeIncomeDistributionPercents',
          via: 'officeIncomeDistribution',
          columns: ['incomeDistributionType', 'percent', 'fund', 'fundTransferOffice', 'transferable', 'international'],
        },
      },
    ],
  },
});
