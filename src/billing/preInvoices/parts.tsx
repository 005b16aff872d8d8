/**
 * The bespoke parts of pre-invoices (NAV-85..88) and payments: the list's total, the card's flow
 * buttons and its payments tab. The rest (list, card with tabs main and payments, form at
 * create/edit/clone, the card under a client's or project's tab) is generated from the schema.
 */
import { preInvoices } from '../../../schemas/billing/preInvoices';
import { lazyPart } from '../../resources/lazyPart';
import { defineParts, type ActionProps, type TabProps } from '../../resources/parts';

// Loaded with the list or card that shows them, not in the first load.
const TotalAmount = lazyPart<ActionProps>(() => import('./preInvoiceParts').then((m) => m.TotalAmount));
const FlowButtons = lazyPart<ActionProps>(() => import('./preInvoiceParts').then((m) => m.FlowButtons));
const DocumentButton = lazyPart<ActionProps>(() => import('../documents/DocumentButton').then((m) => m.DocumentButton));
const PaymentsTab = lazyPart<TabProps>(() => import('../payments/PaymentsTab').then((m) => m.PaymentsTab));

export const preInvoiceParts = defineParts(preInvoices, {
  list: { actions: [TotalAmount] },
  show: { actions: [FlowButtons, DocumentButton], tabs: { payments: PaymentsTab } },
});
