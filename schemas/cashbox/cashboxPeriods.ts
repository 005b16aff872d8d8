import { defineEntity, f } from '../define';

/**
 * A cashbox period (CASHBOX.md "Inputs"): one office's month in one currency, the frame every
 * cashbox figure belongs to. Only what the inter-office debts read is declared here - the office,
 * the currency and the first and last day (`reportDateGte`, `reportDateLte`); the calculation
 * writes periods, so the API only reads them (docs/decisions.md "Cashbox periods for debts").
 */
export const cashboxPeriods = defineEntity({
  name: 'cashboxPeriods',
  entityName: 'CashboxPeriod',
  label: 'Cashbox periods',
  area: 'cashbox',
  icon: 'CalendarMonth',
  module: 'cashbox',
  hideFromMenu: true,
  genericWrites: { create: false, update: false, delete: false },
  fields: {
    office: f.ref('offices', { required: true }),
    currency: f.ref('currencies', { required: true }),
    reportDateGte: f.date({ required: true, label: 'From' }),
    reportDateLte: f.date({ required: true, label: 'To', notBefore: 'reportDateGte' }),
  },
  projections: { full: { embed: { office: ['gfirmName'], currency: ['code', 'gname'] } } },
  defaultSort: [['reportDateGte', 'desc']],
  recordRepresentation: '%{reportDateGte} %{reportDateLte}',
  indexes: [['office', 'reportDateGte']],
  list: {
    columns: ['office', 'currency', 'reportDateGte', 'reportDateLte'],
    filters: [
      { source: 'office.id', field: 'office', label: 'Office' },
      { source: 'reportDateGte.gte', field: 'reportDateGte', label: 'From' },
    ],
  },
});
