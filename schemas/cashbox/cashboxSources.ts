import { defineEntity, f } from '../define';
import { cashboxLine, periodField, recipientField, byMeComputed } from './line';

/**
 * A record one cashbox figure sums (traceability, docs/areas/cashbox-store.md): the line (its
 * collection `lineEntity` and id `lineId`), the record (`sourceEntity`, `sourceId`: a payment, time
 * entry, expense, budget, quota ...) and the part of the line's amount it contributed; the parts of a
 * line sum to its amount. Filter `lineEntity` and `lineId` to open a figure.
 * Written by the calculation as part of one period version (`storeCashboxVersion`,
 * server/cashbox/store.ts); read-only through the API. Rows are ruled by CASH-12/13
 * (`ownCashboxRows`, schemas/cashbox/access.ts).
 */
export const cashboxSources = defineEntity({
  name: 'cashboxSources',
  entityName: 'CashboxSource',
  label: 'Cashbox sources',
  icon: 'Link',
  ...cashboxLine(),
  fields: {
    cashboxPeriod: periodField(),
    lineEntity: f.text({ readOnly: true, maxLength: 60, label: 'Line collection' }),
    lineId: f.number({ readOnly: true, integer: true, label: 'Line' }),
    sourceEntity: f.text({ readOnly: true, maxLength: 60, label: 'Record collection' }),
    sourceId: f.number({ readOnly: true, integer: true, label: 'Record' }),
    recipientEmployeeId: recipientField(),
    amount: f.money({ readOnly: true }),
  },
  computed: byMeComputed(),
  projections: { full: {} },
  indexes: [
    ['lineEntity', 'lineId'],
    ['sourceEntity', 'sourceId'],
  ],
  recordRepresentation: 'id',
  list: { columns: ['lineEntity', 'lineId', 'sourceEntity', 'sourceId', 'amount'] },
});
