import type { EntitySchema, VerificationStartContext, WireRecord } from '../../schemas/define';
import { getSchema } from '../../schemas/index';
import type { AuthUser } from '../auth/types';
import { columnName } from '../db/naming';
import { rowToWire } from '../history/wire';
import type { Db } from '../rest/service';
import { systemInsert, systemWrite } from '../rest/system';
import { HttpError, notFound } from '../rest/errors';
import type { OfficeApprovers } from './verification';
import { cancelChainsOfRemoved } from './cancel';
import { q } from '../rest/model';
import { serverOf, type InsertColumns, type WriteExtension } from '../rest/rooms';
import type { ServerVerification } from '../define';

/**
 * The start of a document's approval (`EntityConfig.verification`, `schemas/define.ts`): inside
 * the document's create, before its row is inserted, a chain is built in `verificationChains`
 * (decision 1, one pending step per approver in order, numbered from 1) and its id put into the
 * document's chain field; once the row exists the chain learns its owner's id. Everything runs
 * in the create's transaction and is recorded in the history like any write. The generic service
 * reaches this through the rooms' registry ({@link approvalsExtension}, provided by `server/areas.ts`).
 */

/**
 * The approvals' part in every write: a create of an entity with `verification` (not started on
 * an action) gets its chain, and every action gets `startVerification` (`ActionContext`).
 */
export const approvalsExtension: WriteExtension = {
  name: 'approvals',
  beforeInsert: ({ tx, schema, user }, write) => startVerification(tx, schema, user, write),
  actionContext: ({ tx, schema, user }) => ({
    startVerification: (ownerId: number) => startVerificationOf(tx, schema, user, ownerId),
  }),
  // MC-6: a deleted or trashed document leaves no chain pending
  beforeDelete: async ({ tx, schema, username }, ids) => {
    await cancelChainsOfRemoved(tx, schema, ids, username, `Cancelled: the ${schema.entityName} was deleted`);
  },
  // MC-6: a restored document whose chain the trash cancelled gets a new chain (the cancelled one stays as it was)
  afterRestore: async ({ tx, schema, user }, ids) => {
    const v = schema.verification;
    if (!v || v.startOn === 'action') return;
    const rows = await tx.query<{ id: number; office: number | null }>(
      `SELECT o.id, c.office_id AS office FROM ${q(schema.table)} o JOIN verification_chains c ON c.id = o.${q(columnName(v.chainField, schema.fields[v.chainField]!))}
        JOIN base_dictionaries d ON d.id = c.decision_id
       WHERE o.id = ANY($1::bigint[]) AND d.code = 4 ORDER BY o.id`,
      [ids],
    );
    // the office the cancelled chain was built from stands in for the restoring user's own
    for (const row of rows) {
      const office = row.office === null ? user.employeeOfficeId : Number(row.office);
      await startVerificationOf(tx, schema, { ...user, employeeOfficeId: office }, Number(row.id));
    }
  },
};

import { decisionId, VERIFICATION_DECISION } from './decisions';
export { decisionId, VERIFICATION_DECISION };

/** Approver ids as a chain's steps: nulls dropped, one step for repeats in a row. */
export function stepsOf(ids: Array<number | null | undefined>): number[] {
  const out: number[] = [];
  for (const id of ids) if (id !== null && id !== undefined && out[out.length - 1] !== id) out.push(Number(id));
  return out;
}

/** A system write of a new row of `collection` (read-only fields allowed), recorded in the history. */
const insertAs = (tx: Db, collection: string, body: WireRecord, username: string): Promise<number> =>
  systemInsert(tx, getSchema(collection), username, body);

/**
 * Builds the chain of a document about to be created and sets `write`'s chain column; returns
 * the function that tells the chain its owner's id once the row is inserted. Nothing for an
 * entity without `verification`.
 */
export async function startVerification(
  tx: Db,
  schema: EntitySchema,
  user: AuthUser,
  write: InsertColumns,
): Promise<((ownerId: number) => Promise<void>) | undefined> {
  const v = schema.verification;
  if (!v || v.startOn === 'action') return undefined;
  const chainId = await insertChain(tx, schema, user, rowToWire(schema, write.columns, true));
  write.columns[columnName(v.chainField, schema.fields[v.chainField]!)] = chainId;
  return (ownerId) => systemWrite(tx, getSchema('verificationChains'), user.username, chainId, { ownerId });
}

/**
 * Starts the chain of a stored document (`ActionContext.startVerification`): the approvers are
 * asked with the stored row, the chain is inserted with its owner's id, and the document's chain
 * field is written (history kept). Returns the chain's id.
 * @throws HttpError 404 for a missing document; Error for an entity without `verification`
 */
export async function startVerificationOf(tx: Db, schema: EntitySchema, user: AuthUser, id: number): Promise<number> {
  const v = schema.verification;
  if (!v) throw new Error(`${schema.name} declares no verification`);
  const [row] = await tx.query<Record<string, unknown>>(`SELECT * FROM ${q(schema.table)} WHERE id = $1 FOR UPDATE`, [
    id,
  ]);
  if (!row) throw notFound(`${schema.entityName} ${id}`);
  const chainId = await insertChain(tx, schema, user, rowToWire(schema, row, true));
  await systemWrite(tx, getSchema('verificationChains'), user.username, chainId, { ownerId: id });
  await systemWrite(tx, schema, user.username, id, { [v.chainField]: { id: chainId } });
  return chainId;
}

/**
 * The bodies of `schema`'s approval chain, from its server declaration (`server/<area>/`).
 * @throws Error when the entity declares no verification, or its server declaration no approvers
 */
export function verificationBodies(schema: EntitySchema): ServerVerification {
  if (!schema.verification) throw new Error(`${schema.name} declares no verification`);
  const bodies = serverOf(schema.name)?.verification;
  if (!bodies) throw new Error(`schema ${schema.name}: verification has no approvers`);
  return bodies;
}

/** Inserts a pending chain and its steps for `record` (the document's own fields, wire units). */
async function insertChain(tx: Db, schema: EntitySchema, user: AuthUser, record: WireRecord): Promise<number> {
  const v = schema.verification!;
  const bodies = verificationBodies(schema);
  const ctx: VerificationStartContext = { tx, schema, user, record };
  const steps = stepsOf(await bodies.approvers(ctx));
  // MC-6: never a chain nobody may decide (approversOfOffice names the office and kind missing)
  if (steps.length === 0)
    throw new HttpError(409, `This ${schema.entityName} has no approvers: its approval cannot start`);
  const officePicker = (bodies.approvers as Partial<OfficeApprovers>).office;
  const office = officePicker ? await officePicker(ctx) : null;
  const pending = await decisionId(tx, 1);
  const representation =
    schema.recordRepresentation && !schema.recordRepresentation.includes('%{')
      ? ctx.record[schema.recordRepresentation]
      : undefined;
  const description =
    bodies.description?.(ctx) ??
    [schema.entityName, representation].filter((x) => x !== undefined && x !== null).join(' ');
  const chainId = await insertAs(
    tx,
    'verificationChains',
    {
      description: description.slice(0, 1000),
      decision: { id: pending },
      ownerType: v.ownerType,
      office: office === null ? null : { id: office },
    },
    user.username,
  );
  for (const [i, employee] of steps.entries())
    await insertAs(
      tx,
      'verificationApprovers',
      { verificationChain: { id: chainId }, orderliness: i + 1, employee: { id: employee }, decision: { id: pending } },
      user.username,
    );
  return chainId;
}
