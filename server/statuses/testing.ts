import { createTestUser } from '../auth/testing';
import type { Harness } from '../test/harness';

/**
 * Helpers of the status tests: users with `project` privileges (and one who may also invoice),
 * new leads, moves, and reading a lead's stage and history.
 */

export const LEADS = '/core/api/leads';

/** `seller`: project VCU; `invoicer`: project VCU + invoice VC; `reader`: project V. */
export async function createLeadUsers(h: Harness): Promise<void> {
  const all = { view: true, create: true, update: true, delete: false };
  await createTestUser(h.db, {
    username: 'seller',
    roles: [{ name: 'LEAD_SELLER', privileges: [{ module: 'project', ...all }] }],
  });
  await createTestUser(h.db, {
    username: 'invoicer',
    roles: [
      {
        name: 'LEAD_INVOICER',
        privileges: [
          { module: 'project', ...all },
          { module: 'invoice', view: true, create: true },
        ],
      },
    ],
  });
  await createTestUser(h.db, {
    username: 'reader',
    roles: [{ name: 'LEAD_READER', privileges: [{ module: 'project', view: true }] }],
  });
}

export interface LeadWire {
  id: number;
  version: number;
  dealStage: { id: number; code: number; gname: string } | null;
  description: string | null;
  notifyTimeInterval: number | null;
  [key: string]: unknown;
}

/** Creates a lead as `seller`; answers its id. */
export async function newLead(h: Harness, description = 'A lead'): Promise<number> {
  const r = await h.json<LeadWire>('seller', 'POST', LEADS, { date: '2026-11-02', description });
  if (r.status !== 201) throw new Error(`creating a lead answered ${r.status}: ${JSON.stringify(r.body)}`);
  return r.body.id;
}

/** Moves lead `id` to the stage `to` (a code) with a comment, as `user`. */
export const move = (h: Harness, id: number, to: number, user = 'seller', comment: string | null = `to ${to}`) =>
  h.json<LeadWire & { message?: string }>(user, 'POST', `${LEADS}/${id}/transitions`, { to, comment });

/** Moves lead `id` along `codes`, failing on the first refusal. */
export async function walk(h: Harness, id: number, codes: number[], user = 'seller'): Promise<void> {
  for (const code of codes) {
    const r = await move(h, id, code, user);
    if (r.status !== 200)
      throw new Error(`moving lead ${id} to ${code} answered ${r.status}: ${JSON.stringify(r.body)}`);
  }
}

/** The lead as `admin` reads it. */
export async function lead(h: Harness, id: number): Promise<LeadWire> {
  return (await h.json<LeadWire>('admin', 'GET', `${LEADS}/${id}`)).body;
}

export interface HistoryRow {
  from: { code: number; gname: string } | null;
  to: { code: number; gname: string };
  comment: string | null;
  changedBy: string | null;
  changedDate: string;
}

/** The lead's history, newest first, as `admin` reads it. */
export async function history(h: Harness, id: number): Promise<HistoryRow[]> {
  const r = await h.json<{ _embedded: { statusChanges: HistoryRow[] } }>(
    'admin',
    'GET',
    `${LEADS}/${id}/statusChanges`,
  );
  if (r.status !== 200) throw new Error(`history of lead ${id} answered ${r.status}: ${JSON.stringify(r.body)}`);
  return r.body._embedded.statusChanges;
}

/** Every deal stage code (LEAD-01). */
export const STAGES = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10];

/**
 * The codes a lead reached by `path` may move to, found by trying every other stage as a user
 * holding every privilege a move can need: a refused move (409) leaves the lead where it is; after
 * an allowed one, the next code is tried on a fresh lead walked the same way.
 */
export async function allowedAfter(h: Harness, path: number[]): Promise<number[]> {
  const here = path[path.length - 1] ?? 1;
  const allowed: number[] = [];
  let current = await newLead(h);
  await walk(h, current, path, 'invoicer');
  for (const code of STAGES.filter((c) => c !== here)) {
    const r = await move(h, current, code, 'invoicer');
    if (r.status === 200) {
      allowed.push(code);
      current = await newLead(h);
      await walk(h, current, path, 'invoicer');
    } else if (r.status !== 409) throw new Error(`moving to ${code} answered ${r.status}: ${JSON.stringify(r.body)}`);
  }
  return allowed;
}
