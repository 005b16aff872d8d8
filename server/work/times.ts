import { NEW_TIME_BILLING_STATUS, TIME_ENTRY_CODE } from '../../schemas/work/times';
import { type HookTx, type WireRecord } from '../../schemas/define';
import { billingStatus } from '../../schemas/matters/dictionaries';
import { defineServer } from '../define';
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

export const timesServer = defineServer('times', {
  // a time entry on a draft invoice leaves it when deleted; one on a sent invoice is not deleted
  beforeTrash: leaveDraftInvoices('times', 'time entry'),
  hooks: {
    beforeChange: [
      // MC-1: a time entry a sent invoice bills keeps what it bills, and stays billed
      lockBilledWork('time entry', BILLED_TIME),
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
