import { referenceId } from '../../schemas/engagements/rules';
import { checkOneDocument, documentsOf, refreshDocuments } from './preInvoiceRules';
import { defineServer } from '../define';

export const paymentHistoriesServer = defineServer('paymentHistories', {
  hooks: {
    beforeValidate: [
      // PAY-01: both documents sent is refused before the payload rules would drop the invoice
      async ({ body }) => {
        if (referenceId(body.preInvoice) !== undefined && referenceId(body.invoice) !== undefined)
          checkOneDocument(documentsOf(body));
      },
    ],
    beforeChange: [
      async ({ tx, mode, id, data, stored, write, user }) => {
        const before = documentsOf(stored);
        if (mode === 'delete') return refreshDocuments(tx, write, before, id, user);
        const after = documentsOf({ ...stored, ...data });
        checkOneDocument(after);
        // the document the payment leaves is recomputed without it
        const left = {
          preInvoice: before.preInvoice !== after.preInvoice ? before.preInvoice : undefined,
          invoice: before.invoice !== after.invoice ? before.invoice : undefined,
        };
        await refreshDocuments(tx, write, left, id, user);
        return undefined;
      },
    ],
    afterChange: [
      async ({ tx, id, write, user }) => {
        const [row] = await tx.query<{ pre_invoice_id: string | number | null; invoice_id: string | number | null }>(
          'SELECT pre_invoice_id, invoice_id FROM payment_histories WHERE id = $1',
          [id],
        );
        if (row)
          await refreshDocuments(
            tx,
            write,
            documentsOf({ preInvoice: row.pre_invoice_id, invoice: row.invoice_id }),
            undefined,
            user,
          );
      },
    ],
  },
});
