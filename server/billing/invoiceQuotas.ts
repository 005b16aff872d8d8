import { checkQuotaShares, quotaInvoiceId } from './invoiceRules';
import { defineServer } from '../define';
import { invoiceState, isDraft, lockedInvoice } from './invoiceLocks';

export const invoiceQuotasServer = defineServer('invoiceQuotas', {
  hooks: {
    beforeChange: [
      // MC-1: the quotas of an invoice that left Draft are neither added, changed nor removed (409)
      async ({ tx, data, stored }) => {
        for (const invoiceId of new Set([quotaInvoiceId(stored), quotaInvoiceId(data)])) {
          if (invoiceId === undefined) continue;
          const state = await invoiceState(tx, invoiceId);
          if (state && !isDraft(state)) throw lockedInvoice(state, 'its quotas cannot change');
        }
        return undefined;
      },
    ],
    afterChange: [
      async ({ tx, id }) => {
        const [row] = await tx.query<{ invoice_id: string | number }>(
          'SELECT invoice_id FROM invoice_quotas WHERE id = $1',
          [id],
        );
        if (row) await checkQuotaShares(tx, Number(row.invoice_id));
      },
    ],
  },
});
