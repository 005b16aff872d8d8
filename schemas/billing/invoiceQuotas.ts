import { rule } from '../accessRule';
import { defineEntity, f } from '../define';
import { invoiceAccess } from './invoiceRules';

/**
 * Invoice quotas (INV-03, INV-32..35): the share of an invoice's income a position earns over a
 * date range, a fraction shown as a percent. Read and written with the `invoice` privilege, on the
 * invoices the user may read (INV-14). The quotas of one invoice covering any one day may not add
 * up to more than 100 % (a 400 at `percentage` naming the day, checked after every write).
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
    dateLte: f.date({ required: true, label: 'To', notBefore: 'dateGte' }),
    percentage: f.percent({ required: true, min: 0, max: 1, label: 'Share' }),
    position: f.ref('positions', { required: true }),
  },
  accessRule: (user) => {
    const inner = invoiceAccess(user);
    return inner === null ? null : rule.through('invoiceId', inner);
  },
  projections: { full: { embed: { position: 'full' } } },
  defaultSort: [['dateGte', 'asc']],
  recordRepresentation: 'id',
  list: { columns: ['dateGte', 'dateLte', 'position', 'percentage'] },
});
