/**
 * The document parts of the billing cards: the "Document" button on the invoice and pre-invoice
 * cards (`DocumentButton.tsx`). Another area adding parts to these entities merges its own into
 * the same `defineParts` call (a schema takes one).
 */
import { invoices } from '../../../schemas/billing/invoices';
import { preInvoices } from '../../../schemas/billing/preInvoices';
import { defineParts } from '../../resources/parts';
import { DocumentButton } from './DocumentButton';

export const invoiceDocumentParts = defineParts(invoices, { show: { actions: [DocumentButton] } });
export const preInvoiceDocumentParts = defineParts(preInvoices, { show: { actions: [DocumentButton] } });
