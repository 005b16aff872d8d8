import { CURRENCY_GROUP, totalsByCurrency } from '../../schemas/currencyTotals';
import { preInvoiceDocuments } from '../documents/billing';
import { approversOfOffice } from '../approvals/verification';
import { type WireRecord } from '../../schemas/define';
import { toMoney } from '../../schemas/money';
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
      async ({ tx, mode, id, data, stored }) => {
        // MC-1: a pre-invoice that left Draft (sent, approved, acted, closed) is kept, not deleted
        if (mode === 'delete') {
          const code = stored ? await statusCode(tx, stored) : undefined;
          if (code !== undefined && code !== PRE_DRAFT && code !== PRE_REJECTED)
            throw conflict(
              `Pre-invoice "${String(stored?.number ?? id)}" is ${await statusName(tx, stored!)}: it cannot be deleted; close it instead`,
            );
          return undefined;
        }
        const record = { ...stored, ...data };
        const paid = id === undefined ? toMoney(0) : await paidOf(tx, 'pre_invoice_id', id);
        const amounts = preInvoiceAmounts(record, paid, await currencyCodeOf(tx, record.currency));
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
      // along the declared transitions (409 otherwise); the same status again changes nothing
      const move = await moveStatus(tx, user, 'preInvoices', id, to);
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
