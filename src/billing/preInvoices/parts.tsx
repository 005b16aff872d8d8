/**
 * The bespoke parts of pre-invoices (NAV-85..88) and payments: the list's total, the card's flow
 * buttons and its payments tab. The rest (list, card with tabs main and payments, form at
 * create/edit/clone, the card under a client's or project's tab) is generated from the schema.
 */
import { preInvoices } from '../../../schemas/billing/preInvoices';
import { defineParts } from '../../resources/parts';
import { DocumentButton } from '../documents/DocumentButton';
import { PaymentsTab } from '../payments/PaymentsTab';
import { FlowButtons, TotalAmount } from './preInvoiceParts';

export const preInvoiceParts = defineParts(preInvoices, {
  list: { actions: [TotalAmount] },
  show: { actions: [FlowButtons, DocumentButton], tabs: { payments: PaymentsTab } },
});
