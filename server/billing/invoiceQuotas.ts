import { checkQuotaShares } from './invoiceRules';
import { defineServer } from '../define';

export const invoiceQuotasServer = defineServer('invoiceQuotas', {
  hooks: {
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
