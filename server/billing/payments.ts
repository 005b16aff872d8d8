import { referenceId } from '../../schemas/engagements/rules';
import { checkOneDocument, conflict, documentsOf, refreshDocuments } from './preInvoiceRules';
import { checkPayment, lockDocuments } from './receivables';
import { defineServer } from '../define';

/**
 * Payments (PAY-01..07) and their receivables rules (MC-5, H2-02): every write locks its
 * documents first (`lockDocuments`, one order for all writers), is checked against the open
 * balance (`checkPayment`) and recomputes the documents after; a payment is reversed, never deleted.
 */
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
        // MC-5: a wrong payment is reversed, so it stays in the list and the history
        if (mode === 'delete')
          throw conflict(
            `A payment is not deleted: reverse it with a comment (POST /core/api/paymentHistories/${id}/reverse)`,
          );
        const before = documentsOf(stored);
        const after = documentsOf({ ...stored, ...data });
        checkOneDocument(after);
        // H2-02: the documents are locked before the payment row is written
        await lockDocuments(tx, [before, after]);
        if (stored?.reversedAt != null)
          throw conflict(`Payment ${id} is reversed: it cannot change (record a new payment instead)`);
        // the document the payment leaves is recomputed without it
        const left = {
          preInvoice: before.preInvoice !== after.preInvoice ? before.preInvoice : undefined,
          invoice: before.invoice !== after.invoice ? before.invoice : undefined,
        };
        await refreshDocuments(tx, write, user, left, id);
        return undefined;
      },
    ],
    afterChange: [
      async ({ tx, id, write, user }) => {
        const [row] = await tx.query<{
          pre_invoice_id: string | number | null;
          invoice_id: string | number | null;
          amount: string;
        }>('SELECT pre_invoice_id, invoice_id, amount::text AS amount FROM payment_histories WHERE id = $1', [id]);
        if (!row) return;
        const docs = documentsOf({ preInvoice: row.pre_invoice_id, invoice: row.invoice_id });
        // MC-5: checked once the write passed the access rule, so a hidden document's balance is never told
        await checkPayment(tx, id, docs, row.amount);
        await refreshDocuments(tx, write, user, docs);
      },
    ],
  },
  actions: {
    // POST /core/api/paymentHistories/{id}/reverse { comment } (MC-5): marks the payment reversed
    reverse: async ({ tx, id, user, input, read, write }) => {
      const payment = await read(id!, { lock: true });
      if (payment.reversedAt != null) throw conflict(`Payment ${id} is already reversed`);
      const comment = typeof input.comment === 'string' ? input.comment.trim() : '';
      if (!comment)
        throw Object.assign(new Error('Validation failed'), {
          statusCode: 400,
          errors: [
            {
              entity: 'PaymentHistory.reverse',
              property: 'comment',
              invalidValue: input.comment ?? null,
              message: 'must not be blank: say why the payment is reversed',
            },
          ],
        });
      const docs = documentsOf(payment);
      await lockDocuments(tx, [docs]);
      await write('paymentHistories', id!, {
        reversedAt: new Date().toISOString(),
        reversedBy: user.username,
        reversalComment: comment,
      });
      await refreshDocuments(tx, write, user, docs);
      return read(id!);
    },
  },
});
