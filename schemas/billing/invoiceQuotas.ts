import { defineEntity, f } from '../define';

/**
 * Invoice quotas (INV-03, INV-32..35): the share of an invoice's income a position earns over a
 * date range, a fraction shown as a percent. Read and written with the `invoice` privilege.
 */
export const invoiceQuotas = defineEntity({
  name: 'invoiceQuotas',
  entityName: 'InvoiceQuota',
  label: 'Invoice quotas',
  area: 'finance',
  icon: 'PieChart',
  module: 'invoice',
  hideFromMenu: true,
  fields: {
    invoiceId: f.refId('invoices', { required: true, onDelete: 'cascade', label: 'Invoice' }),
    dateGte: f.date({ required: true, label: 'From' }),
    dateLte: f.date({ required: true, label: 'To' }),
    percentage: f.percent({ required: true, min: 0, max: 1, label: 'Share' }),
    position: f.ref('positions', { required: true }),
  },
  projections: { full: { embed: { position: 'full' } } },
  defaultSort: [['dateGte', 'asc']],
  recordRepresentation: 'id',
  list: { columns: ['dateGte', 'dateLte', 'position', 'percentage'] },
});
