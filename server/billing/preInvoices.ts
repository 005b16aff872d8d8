import { CURRENCY_GROUP, totalsByCurrency } from '../../schemas/currencyTotals';
import { preInvoiceDocuments } from '../documents/billing';
import { approversOfOffice } from '../approvals/verification';
import { type WireRecord } from '../../schemas/define';
import { toMoney, type Money } from '../../schemas/money';
import { fieldError } from '../../schemas/engagements/rules';
import { cancelPendingChain } from '../approvals/cancel';
import {
  conflict,
  entryCode,
  invoiceCurrencyOf,
  nextPreInvoiceNumber,
  nullWithoutId,
  paidOf,
  preInvoiceAmounts,
  currencyCodeOf,
  PRE_ACTED,
  PRE_APPROVED,
  PRE_DRAFT,
  PRE_INVOICE_STATUS,
  PRE_ON_VERIFICATION,
  PRE_REJECTED,
  refreshPreInvoice,
} from './preInvoiceRules';
import { defineServer } from '../define';
import { moveStatus } from '../statuses/service';
import { checkManualClose } from './receivables';

/** The PRE_INVOICE_STATUS code of a stored pre-invoice (its `status` as `{ id }`). */
const statusCode = async (tx: Parameters<typeof entryCode>[0], record: WireRecord): Promise<number | undefined> => {
  const id = (record.status as { id?: number } | null | undefined)?.id;
  return id === undefined ? undefined : entryCode(tx, PRE_INVOICE_STATUS, id);
};

/** The PRE_INVOICE_STATUS name of a stored pre-invoice (`Approved`). */
const statusName = async (tx: Parameters<typeof entryCode>[0], record: WireRecord): Promise<string> => {
  const id = (record.status as { id?: number } | null | undefined)?.id;
  const [row] = await tx.query<{ gname: string }>('SELECT gname FROM base_dictionaries WHERE id = $1', [id ?? null]);
  return row?.gname ?? 'Draft';
};

/**
 * MC-1, MC-2: a declared move of pre-invoice `id` (stored as `stored`) to `toCode`, checked and
 * given its effect before it is written. Back to Draft from On verification or Approved (a
 * correction, comment required by the schema) is refused once an invoice bills the pre-invoice or
 * it is acted - it is then closed with its invoice, or its act stands - and otherwise cancels its
 * pending approval chain (`cancelPendingChain`), so the next send starts a new one. Other moves
 * need nothing here.
 * @throws HttpError 409 `Pre-invoice "PI-2026-00003" is Approved: it is billed by invoice "INV-2026-00012" and cannot return to Draft`
 */
async function preInvoiceMove(
  tx: Parameters<typeof entryCode>[0],
  username: string,
  id: number,
  stored: WireRecord,
  toCode: number,
): Promise<void> {
  const from = await statusCode(tx, stored);
  if (toCode !== PRE_DRAFT || (from !== PRE_ON_VERIFICATION && from !== PRE_APPROVED)) return;
  const [row] = await tx.query<{
    number: string | null;
    signed: boolean | null;
    chain: string | number | null;
    invoice: string | null;
  }>(
    `SELECT p.number, p.signed, p.verification_chain_id AS chain, i.number AS invoice
       FROM pre_invoices p LEFT JOIN invoices i ON i.id = p.invoice_id WHERE p.id = $1`,
    [id],
  );
  const name = `Pre-invoice "${String(row?.number ?? id)}" is ${await statusName(tx, stored)}`;
  if (row?.invoice != null)
    throw conflict(`${name}: it is billed by invoice "${row.invoice}" and cannot return to Draft`);
  if (row?.signed) throw conflict(`${name}: it is acted and cannot return to Draft; close it instead`);
  await cancelPendingChain(tx, username, row?.chain == null ? null : Number(row.chain));
}

/**
 * MC-5: a pre-invoice's amount with VAT, less what was closed manually, never falls below what its
 * payments already paid (its balance would go negative: money received for nothing billed).
 * @throws HttpError 400 at `amount` naming what was paid and the currency
 */
function checkNotBelowPaid(record: WireRecord, paid: Money, balance: string, currency: string | undefined): void {
  if (!toMoney(balance).isNegative()) return;
  throw fieldError(
    'PreInvoice',
    'amount',
    record.amount as never,
    `The pre-invoice has been paid ${paid.toFixed(2)}${currency ? ` ${currency}` : ''}; its amount with VAT, less what was closed manually, cannot be less than that`,
  );
}

export const preInvoicesServer = defineServer('preInvoices', {
  documents: preInvoiceDocuments,
  hooks: {
    beforeValidate: [
      async ({ tx, body, mode }) => {
        // a new pre-invoice is a Draft whatever the body says: its status moves only afterwards
        if (mode === 'create') delete body.status;
        // INV-13: a transit account object without an id is no transit account
        if (Object.hasOwn(body, 'officeTransitAccount'))
          body.officeTransitAccount = nullWithoutId(body.officeTransitAccount);
        if (mode === 'create' && (body.currency === undefined || body.currency === null)) {
          const currency = await invoiceCurrencyOf(tx, body.project);
          if (currency) body.currency = currency;
        }
      },
    ],
    beforeChange: [
      async ({ tx, mode, id, data, stored, user }) => {
        // MC-1: a pre-invoice that left Draft (sent, approved, acted, closed) is kept, not deleted
        if (mode === 'delete') {
          const code = stored ? await statusCode(tx, stored) : undefined;
          if (code !== undefined && code !== PRE_DRAFT && code !== PRE_REJECTED)
            throw conflict(
              `Pre-invoice "${String(stored?.number ?? id)}" is ${await statusName(tx, stored!)}: it cannot be deleted; close it instead`,
            );
          return undefined;
        }
        // MC-2: a status sent in the body (PUT, PATCH, POST {id}/transitions) - the declared move
        // is checked by the status service after the hooks, its conditions and effect here
        const toId = (data.status as { id?: number } | null | undefined)?.id;
        if (
          stored &&
          id !== undefined &&
          toId !== undefined &&
          toId !== (stored.status as { id?: number } | null)?.id
        ) {
          const toCode = await entryCode(tx, PRE_INVOICE_STATUS, toId);
          if (toCode !== undefined) await preInvoiceMove(tx, user.username, id, stored, toCode);
        }
        const record = { ...stored, ...data };
        const paid = id === undefined ? toMoney(0) : await paidOf(tx, 'pre_invoice_id', id);
        const currency = await currencyCodeOf(tx, record.currency);
        const amounts = preInvoiceAmounts(record, paid, currency);
        // MC-5: the amount (or VAT) of a paid pre-invoice is not lowered below what was paid
        if (mode !== 'create' && (Object.hasOwn(data, 'amount') || Object.hasOwn(data, 'vatPercent')))
          checkNotBelowPaid(record, paid, amounts.balance, currency);
        return mode === 'create'
          ? { ...amounts, manualClosedAmount: 0, number: await nextPreInvoiceNumber(tx, record.date) }
          : amounts;
      },
    ],
  },
  verification: {
    // the pre-invoice approvers (APPROVER_TYPE 3) of the office of whoever sends it
    approvers: approversOfOffice(3, ({ user }) => user.employeeOfficeId),
    description: ({ record }) => `Pre-invoice ${String(record.number ?? '')}`.trim(),
    // PRE-03: approval (decision 2) looks up the PRE_INVOICE_STATUS (type 23) entry of code 4
    // (an engine's move: outside the declared transitions, with its status history)
    onDecided: async ({ tx, user, ownerId, decision, comment }) => {
      await moveStatus(tx, user, 'preInvoices', ownerId, decision === 2 ? PRE_APPROVED : PRE_REJECTED, {
        byEngine: true,
        comment,
      });
    },
  },
  actions: {
    // GET /core/api/preInvoices/totalAmount?<the list's filters> -> { totalAmount, balance } (PRE-07)
    totalAmount: async ({ list }) =>
      totalsByCurrency(
        await list.aggregateGroups({ totalAmount: { sum: 'amount' }, balance: { sum: 'balance' } }, [
          ...CURRENCY_GROUP,
        ]),
        ['totalAmount', 'balance'],
      ),
    // POST /core/api/preInvoices/verify/{id} (PRE-11): starts the chain, status On verification
    verify: async ({ tx, user, input, read, startVerification }) => {
      const id = input.preInvoiceId as number;
      const record = await read(id, { lock: true });
      const code = await statusCode(tx, record);
      if (code !== undefined && code !== PRE_DRAFT && code !== PRE_REJECTED)
        throw conflict('Only a draft or rejected pre-invoice is sent to verification');
      await startVerification(id);
      await moveStatus(tx, user, 'preInvoices', id, PRE_ON_VERIFICATION, { byEngine: true });
      return read(id);
    },
    // PATCH /core/api/preInvoices/verify/changeStatus/{id}/{status} (PRE-04, PRE-12)
    changeStatus: async ({ tx, user, input, read }) => {
      const id = input.preInvoiceId as number;
      const record = await read(id, { lock: true });
      const to = await entryCode(tx, PRE_INVOICE_STATUS, input.status as number);
      if (to === undefined)
        throw Object.assign(new Error('Validation failed'), {
          statusCode: 400,
          errors: [
            {
              entity: 'PreInvoice.changeStatus',
              property: 'status',
              invalidValue: input.status,
              message: 'must be the id of a pre-invoice status',
            },
          ],
        });
      // along the declared transitions (409 otherwise, 400 without a comment the move needs);
      // the same status again changes nothing; back to Draft cancels the pending chain (MC-1)
      const comment = typeof input.comment === 'string' ? input.comment : null;
      if (to !== (await statusCode(tx, record))) await preInvoiceMove(tx, user.username, id, record, to);
      const move = await moveStatus(tx, user, 'preInvoices', id, to, { comment });
      return move.moved ? read(id) : record;
    },
    // PATCH /core/api/preInvoices/{id}/act (PRE-13): the pre-invoice is acted (signed)
    act: async ({ tx, id, row, read, write }) => {
      const code = await statusCode(tx, row!);
      if (code !== PRE_APPROVED && code !== PRE_ACTED) throw conflict('Only an approved pre-invoice is acted');
      await write('preInvoices', id!, { signed: true });
      return read(id!);
    },
    // PATCH /core/api/preInvoices/{id}/update { manualClosedAmount } (PRE-14)
    // MC-5: never more than the balance (400), never on an invoiced pre-invoice (409)
    update: async ({ tx, id, input, read, write }) => {
      await checkManualClose(tx, id!, input.manualClosedAmount);
      await write('preInvoices', id!, { manualClosedAmount: input.manualClosedAmount });
      await refreshPreInvoice(tx, write, id!);
      return read(id!);
    },
  },
});
