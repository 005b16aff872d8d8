import type { EntitySchema, Field } from '../../../schemas/define';
import { isColumnField } from '../../../schemas/define';
import { getSchema } from '../../../schemas/index';
import { readOnlyIn } from '../../../schemas/statuses';
import { columnName } from '../../db/naming';
import { columnToWire } from '../../history/wire';
import type { HistoryChange } from '../../history/tables';
import { q } from '../../rest/model';
import type { Db, Invariant, InvariantResult, MoneyProblem } from './types';

/**
 * The history invariants of the money check (MC-8): no locked document changed except
 * by a declared move, and every status move has a history row. They read the record history
 * (`record_history`, `server/history/`) and the status history (`status_changes`,
 * `server/statuses/`) against the stored rows.
 */

/** The documents whose lock and status the check reads (MC-1). */
export const LOCKED_DOCUMENTS = ['invoices', 'preInvoices', 'expenses', 'budgets'] as const;

/**
 * Amounts the server computes for a document and that stay as they were once it is locked: no
 * user writes them (read-only fields, so `readOnlyIn` does not name them), and only a draft's
 * totals are recomputed (MC-2). A balance is left out: payments move it.
 */
export const LOCKED_AMOUNTS: Record<string, string[]> = {
  invoices: ['totalAmount', 'totalAmountUsd'],
  preInvoices: ['vatAmount'],
};

/** A document's lock: its status field and the fields locked in a status code. */
export interface LockRule {
  collection: string;
  schema: EntitySchema;
  statusField: string;
  /** The fields locked while the document is in the status of `code` (none: not locked). */
  lockedIn(code: number | null): string[];
}

/**
 * The lock rules of {@link LOCKED_DOCUMENTS}: each one's declared `status.readOnlyIn` (invoices and
 * pre-invoices). Expenses and budgets lock once approved (MC-1, `server/billing/approvedLocks.ts`):
 * they declare no status to read the approval from, so this walk leaves them out and joins them as
 * soon as one declares `readOnlyIn` (no code to change here).
 */
export function lockRules(): LockRule[] {
  const rules: LockRule[] = [];
  for (const collection of LOCKED_DOCUMENTS) {
    const schema = getSchema(collection);
    const status = schema.status;
    if (status?.readOnlyIn)
      rules.push({
        collection,
        schema,
        statusField: status.field,
        lockedIn: (code) => {
          const fields = readOnlyIn(status, code ?? undefined);
          return fields.length === 0 ? [] : [...fields, ...(LOCKED_AMOUNTS[collection] ?? [])];
        },
      });
  }
  return rules;
}

/** Dictionary entry id -> code and name, for the statuses the history names by id. */
async function dictionaryEntries(db: Db): Promise<Map<number, { code: number; gname: string }>> {
  const rows = await db.query<{ id: string | number; code: string | number; gname: string }>(
    'SELECT id, code, gname FROM base_dictionaries',
  );
  return new Map(rows.map((r) => [Number(r.id), { code: Number(r.code), gname: r.gname }]));
}

/** The id of a reference in wire units (`{ id }`), or null. */
const refId = (v: unknown): number | null =>
  v && typeof v === 'object' && 'id' in v && (v as { id: unknown }).id !== null
    ? Number((v as { id: unknown }).id)
    : null;

const wireText = (v: unknown): string => JSON.stringify(v ?? null);

export const LOCKED_UNCHANGED = 'locked-unchanged';

/**
 * No locked document changed except by a declared move: walking each document's record history
 * in order, no write changed a field locked in the status the document was in at the time (a
 * status move changes the status only); and a document locked now holds, in every locked field the
 * history knows, the value its last recorded write left (a different value was written around the
 * history, such as a raw `UPDATE`). A document with no recorded write (seeded rows) is judged on
 * what its history holds: nothing to compare is not a problem.
 */
export const lockedUnchanged: Invariant = {
  name: LOCKED_UNCHANGED,
  description: 'No locked document changed except by a declared move (record history vs the locks and the stored rows)',
  async check(db) {
    const entries = await dictionaryEntries(db);
    const code = (id: number | null) => (id === null ? null : (entries.get(id)?.code ?? null));
    const name = (id: number | null) => (id === null ? 'none' : (entries.get(id)?.gname ?? String(id)));
    const problems: MoneyProblem[] = [];
    let checked = 0;
    for (const rule of lockRules()) {
      const statusFd = rule.schema.fields[rule.statusField]!;
      const statusCol = columnName(rule.statusField, statusFd);
      const current = new Map(
        (await db.query<Record<string, unknown>>(`SELECT * FROM ${q(rule.schema.table)}`)).map((r) => [
          Number(r.id),
          r,
        ]),
      );
      const history = await db.query<{
        record_id: string | number;
        id: string | number;
        action: string;
        changes: unknown;
      }>(`SELECT record_id, id, action, changes FROM record_history WHERE collection = $1 ORDER BY record_id, id`, [
        rule.collection,
      ]);
      const byRecord = new Map<number, Array<{ id: number; action: string; changes: HistoryChange[] }>>();
      for (const h of history) {
        const changes = (typeof h.changes === 'string' ? JSON.parse(h.changes) : h.changes) as HistoryChange[];
        const list = byRecord.get(Number(h.record_id)) ?? [];
        list.push({ id: Number(h.id), action: h.action, changes });
        byRecord.set(Number(h.record_id), list);
      }
      checked += current.size;
      for (const [id, rows] of byRecord) {
        const row = current.get(id);
        // the status before the first recorded move: that move's `before`, else the current one
        const firstMove = rows.flatMap((r) => r.changes).find((c) => c.field === rule.statusField);
        let status = firstMove ? refId(firstMove.before) : row ? refId(columnToWire(statusFd, row[statusCol])) : null;
        const known = new Map<string, unknown>();
        for (const h of rows) {
          if (h.action === 'delete' || h.action === 'purge') break;
          const locked = h.action === 'update' ? rule.lockedIn(code(status)) : [];
          const broken = h.changes.filter((c) => locked.includes(c.field));
          if (broken.length > 0)
            problems.push({
              invariant: LOCKED_UNCHANGED,
              collection: rule.collection,
              id,
              message: `${rule.schema.entityName} ${id}: ${broken.map((c) => c.field).join(', ')} changed while it was "${name(status)}" (history row ${h.id})`,
              details: { historyId: h.id, status: name(status), changes: broken },
            });
          for (const c of h.changes) {
            known.set(c.field, c.after ?? null);
            if (c.field === rule.statusField) status = refId(c.after);
          }
        }
        if (!row) continue;
        const nowStatus = refId(columnToWire(statusFd, row[statusCol]));
        const drift = rule.lockedIn(code(nowStatus)).filter((field) => {
          const fd = rule.schema.fields[field] as Field;
          if (!isColumnField(fd) || !known.has(field)) return false;
          return wireText(columnToWire(fd, row[columnName(field, fd)])) !== wireText(known.get(field));
        });
        if (drift.length > 0)
          problems.push({
            invariant: LOCKED_UNCHANGED,
            collection: rule.collection,
            id,
            message: `${rule.schema.entityName} ${id} is "${name(nowStatus)}" and its ${drift.join(', ')} differ from its last recorded write: changed without history`,
            details: {
              status: name(nowStatus),
              fields: Object.fromEntries(
                drift.map((field) => {
                  const fd = rule.schema.fields[field] as Field;
                  return [
                    field,
                    {
                      recorded: known.get(field),
                      stored: JSON.parse(wireText(columnToWire(fd, row[columnName(field, fd)]))),
                    },
                  ];
                }),
              ),
            },
          });
      }
    }
    return { problems, checked };
  },
};

export const STATUS_HISTORY = 'status-history';

/**
 * Every status move has a history row. For a document with a declared `status` (PRE-02..04; invoices
 * once MC-1 declares theirs): its latest status-history row (`status_changes`) reaches its
 * current status, and a document past its initial status has one. For an invoice whose status is not
 * declared yet: its latest recorded write of `status` (`record_history`) reaches its current status;
 * an invoice with no recorded status write is not judged (seeded rows have no history).
 */
export const statusHistory: Invariant = {
  name: STATUS_HISTORY,
  description:
    'Every status move has a history row (status history, or recorded writes of the status, reach the current status)',
  async check(db) {
    const problems: MoneyProblem[] = [];
    let checked = 0;
    for (const collection of LOCKED_DOCUMENTS) {
      const schema = getSchema(collection);
      const status = schema.status;
      const field = status?.field ?? (collection === 'invoices' ? 'status' : undefined);
      if (!field) continue;
      const col = columnName(field, schema.fields[field]!);
      const table = q(schema.table);
      const [count] = await db.query<{ n: string | number }>(`SELECT count(*) AS n FROM ${table}`);
      checked += Number(count?.n ?? 0);
      const rows: Array<Record<string, unknown>> = status
        ? await db.query(
            `SELECT x.id, cur.code AS current_code, cur.gname AS current_name, last.to_id AS last_to,
                    lt.gname AS last_name, last.id AS history_id
               FROM ${table} x
               LEFT JOIN base_dictionaries cur ON cur.id = x.${q(col)}
               LEFT JOIN LATERAL (SELECT s.id, s.to_id FROM status_changes s
                                   WHERE s.collection = $1 AND s.record_id = x.id AND s.field = $2
                                   ORDER BY s.id DESC LIMIT 1) last ON TRUE
               LEFT JOIN base_dictionaries lt ON lt.id = last.to_id
              WHERE (last.id IS NULL AND x.${q(col)} IS NOT NULL AND cur.code IS DISTINCT FROM $3)
                 OR (last.id IS NOT NULL AND last.to_id IS DISTINCT FROM x.${q(col)})
              ORDER BY x.id`,
            [collection, field, status.initial],
          )
        : await db.query(
            `SELECT x.id, cur.code AS current_code, cur.gname AS current_name, last.to_id AS last_to,
                    lt.gname AS last_name, last.id AS history_id
               FROM ${table} x
               LEFT JOIN base_dictionaries cur ON cur.id = x.${q(col)}
               JOIN LATERAL (SELECT h.id, (c.value->'after'->>'id')::bigint AS to_id
                               FROM record_history h, jsonb_array_elements(h.changes) c
                              WHERE h.collection = $1 AND h.record_id = x.id AND c.value->>'field' = $2
                              ORDER BY h.id DESC LIMIT 1) last ON TRUE
               LEFT JOIN base_dictionaries lt ON lt.id = last.to_id
              WHERE last.to_id IS DISTINCT FROM x.${q(col)}
              ORDER BY x.id`,
            [collection, field],
          );
      for (const r of rows)
        problems.push({
          invariant: STATUS_HISTORY,
          collection,
          id: Number(r.id),
          message:
            r.history_id === null
              ? `${schema.entityName} ${String(r.id)} is "${String(r.current_name)}" with no status history row: the move there was not recorded`
              : `${schema.entityName} ${String(r.id)} is "${String(r.current_name ?? 'none')}" but its last recorded move (row ${String(r.history_id)}) went to "${String(r.last_name ?? 'none')}"`,
          details: {
            currentCode: r.current_code === null ? null : Number(r.current_code),
            lastRecordedTo: r.last_name ?? null,
            historyId: r.history_id === null ? null : Number(r.history_id),
            history: status ? 'status_changes' : 'record_history',
          },
        });
    }
    return { problems, checked } satisfies InvariantResult;
  },
};
