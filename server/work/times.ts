import { deletesAnyTime, NEW_TIME_BILLING_STATUS, TIME_ENTRY_CODE, timeBilledReason } from '../../schemas/work/times';
import { type HookTx, type WireRecord } from '../../schemas/define';
import { billingStatus } from '../../schemas/matters/dictionaries';
import { defineServer } from '../define';
import { HttpError } from '../rest/errors';
import { leaveDraftInvoices } from '../billing/billedTrash';
import { billableIds, matterIdList } from '../billing/billable';
import { lockBilledWork } from '../billing/invoiceLocks';

/** MC-1: what an invoice bills of a time entry, fixed while that invoice is not a draft. */
const BILLED_TIME = [
  'dateTime',
  'workType',
  'executorPosition',
  'employee',
  'duration',
  'billable',
  'client',
  'project',
  'matter',
];

/** The id of a dictionary entry by its type's code and its own code. */
async function entryId(tx: HookTx, typeCode: number, code: number): Promise<number | null> {
  const [row] = await tx.query<{ id: string | number }>(
    'SELECT d.id FROM base_dictionaries d JOIN base_dictionary_types t ON t.id = d.type_id WHERE t.code = $1 AND d.code = $2',
    [typeCode, code],
  );
  return row ? Number(row.id) : null;
}

const idOf = (v: unknown): number | null =>
  typeof v === 'object' && v !== null && typeof (v as { id?: unknown }).id === 'number'
    ? (v as { id: number }).id
    : null;

/**
 * TIME-18: a lawyer's delete of their own time entry (the `rowWrite` of the schema let it through)
 * is refused with 409 naming the reason when the entry is billed - held by an invoice (any status:
 * a draft's line is the billing manager's to remove), or in a pre-invoice, invoiced or written
 * off (`timeBilledReason`). Admins and billing managers keep the trash's own rule
 * (`leaveDraftInvoices`).
 * @throws HttpError 409 `The time entry 12 cannot be deleted: it is Invoiced`
 */
async function refuseBilledDelete(tx: HookTx, id: number): Promise<void> {
  const [row] = await tx.query<{
    invoice_id: string | number | null;
    number: string | null;
    code: number | null;
    gname: string | null;
  }>(
    `SELECT t.invoice_id, i.number, st.code, st.gname FROM times t
       LEFT JOIN invoices i ON i.id = t.invoice_id
       LEFT JOIN base_dictionaries st ON st.id = t.billing_status_id
      WHERE t.id = $1`,
    [id],
  );
  if (!row) return;
  const reason =
    row.invoice_id !== null
      ? `it is on invoice ${row.number ?? row.invoice_id}`
      : timeBilledReason({ billingStatus: { code: row.code, gname: row.gname } });
  if (reason) throw new HttpError(409, `The time entry ${id} cannot be deleted: ${reason}`);
}

export const timesServer = defineServer('times', {
  // a time entry on a draft invoice leaves it when deleted; one on a sent invoice is not deleted
  beforeTrash: leaveDraftInvoices('times', 'time entry'),
  hooks: {
    beforeChange: [
      // MC-1: a time entry a sent invoice bills keeps what it bills, and stays billed
      lockBilledWork('time entry', BILLED_TIME),
      async ({ tx, mode, id, user }) => {
        if (mode === 'delete' && id !== undefined && !deletesAnyTime(user)) await refuseBilledDelete(tx, id);
      },
      async ({ tx, data, mode, user }) => {
        if (mode === 'delete') return;
        const extra: WireRecord = {};
        const position = idOf(data.executorPosition);
        if (position !== null) {
          const [row] = await tx.query<{ employee_id: string | number | null }>(
            'SELECT employee_id FROM positions WHERE id = $1',
            [position],
          );
          if (row?.employee_id !== null && row?.employee_id !== undefined)
            extra.employee = { id: Number(row.employee_id) };
        } else if (mode === 'create' && idOf(data.employee) === null && user.employeeId !== null) {
          extra.employee = { id: user.employeeId };
        }
        if (mode === 'create' && idOf(data.billingStatus) === null) {
          const type = idOf(data.workType);
          const [entry] =
            type === null
              ? []
              : await tx.query<{ code: string | number }>('SELECT code FROM base_dictionaries WHERE id = $1', [type]);
          if (entry && Number(entry.code) === TIME_ENTRY_CODE) {
            const id = await entryId(tx, billingStatus.code, NEW_TIME_BILLING_STATUS);
            if (id !== null) extra.billingStatus = { id };
          }
        }
        return Object.keys(extra).length > 0 ? extra : undefined;
      },
    ],
  },
  actions: {
    // GET /core/api/times/totalDuration?<the list's filters> -> { durationTotal: ms } (TIME-19)
    totalDuration: async ({ list }) => list.aggregate({ durationTotal: { sum: 'duration' } }),
    // GET /core/api/times/search/findAllForInvoicePreview?projectId&matterIds=1,2&dateGte&dateLte (INV-29):
    // the time entries an invoice of the project (and matters) for the period may bill - the billing
    // rule of server/billing/billable.ts, the one the invoice's save applies (MC-3) -
    // read as the times list reads them (same access), a page at a time, oldest first
    findAllForInvoicePreview: async ({ tx, input, list }) => {
      const ids = await billableIds(tx, 'times', {
        projectId: input.projectId == null ? null : Number(input.projectId),
        matterIds: matterIdList(input.matterIds),
        periodGte: String(input.dateGte),
        periodLte: String(input.dateLte),
      });
      const page = await list.page({
        'id.in': ids.length > 0 ? ids.join(',') : '0',
        sort: 'dateTime,asc',
        page: String(input.page ?? 0),
        size: String(input.size ?? 200),
      });
      return { _embedded: { times: page.items }, page: { totalElements: page.totalElements } };
    },
  },
});
