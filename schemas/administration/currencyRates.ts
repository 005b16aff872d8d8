import { defineEntity, f } from '../define';

/**
 * Dated exchange rates against the US dollar: `rateToUsd` is how many US dollars one unit of
 * `currency` is worth from `date` on (valid until the currency's next dated rate). An exact
 * decimal of 8 places (`numeric(19,8)`), so amounts converted to USD are computed without floats.
 * Admin only, page and writes (NAV-101); one rate per currency and date.
 */
export const currencyRates = defineEntity({
  name: 'currencyRates',
  entityName: 'CurrencyRate',
  label: 'Currency rates',
  area: 'administration',
  icon: 'ShowChart',
  access: { read: 'admin', write: 'admin' },
  fields: {
    currency: f.ref('currencies', { required: true, onDelete: 'cascade', unique: ['date'] }),
    date: f.date({ required: true, label: 'Valid from' }),
    rateToUsd: f.number({ required: true, scale: 8, min: 0.00000001, label: 'Rate to USD' }),
  },
  projections: { full: { embed: { currency: ['code', 'gname'] } } },
  defaultSort: [
    ['date', 'desc'],
    ['currency', 'asc'],
  ],
  recordRepresentation: 'date',
  list: {
    columns: ['date', 'currency', 'rateToUsd'],
    filters: [{ source: 'currency.id', field: 'currency', label: 'Currency', alwaysOn: true }],
  },
});
