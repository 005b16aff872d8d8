import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { approversOfOffice } from './verification';
import { defineEntity, f, rule, type WireRecord } from '../../schemas/define';
import { registerSchema } from '../../schemas/index';
import { registerServer } from '../areas';
import { createTestUser } from '../auth/testing';
import { defineServer } from '../define';
import { generateMigrationFiles } from '../db/generate';
import { MIGRATIONS_DIR } from '../db/migrate';
import { createHarness, type Harness } from '../test/harness';

/**
 * The approval engine through a document entity that declares nothing but `verification`
 * (registered like any entity, its approval bodies in a server room): chains built on create from the office approvers, decided through
 * `POST /core/api/verificationChains/solve`, read only by those who can read the document.
 */
const approvalDocs = defineEntity({
  name: 'approvalDocs',
  entityName: 'ApprovalDoc',
  label: 'Approval documents',
  area: 'crm',
  icon: 'Description',
  module: 'client',
  fields: {
    gname: f.text({ required: true, label: 'Name' }),
    office: f.ref('offices'),
    secret: f.boolean({ default: false }),
    outcome: f.text({ readOnly: true }),
    verificationChain: f.ref('verificationChains', { readOnly: true }),
  },
  // a secret document is for admins only
  accessRule: (user) => (user.roles.includes('ADMIN') ? null : rule.ne('secret', true)),
  verification: {
    ownerType: 'HR_REQUEST',
    chainField: 'verificationChain',
  },
  projections: { full: { embed: { verificationChain: ['decision'] } } },
  recordRepresentation: 'gname',
});

/** The approval bodies of the entity above, in its server room. */
const approvalDocsServer = defineServer(approvalDocs, {
  verification: {
    approvers: approversOfOffice(1, ({ record }) => (record.office as { id: number } | null)?.id),
    onDecided: async ({ tx, ownerId, decision, number, actionPayload }) => {
      await tx.query('UPDATE approval_docs SET outcome = $2 WHERE id = $1', [
        ownerId,
        `${decision}:${number ?? ''}:${(actionPayload as string | undefined) ?? ''}`,
      ]);
    },
  },
});

type Step = {
  id: number;
  orderliness: number;
  employee: { id: number };
  decision: { code: number };
  comment: string | null;
  decisionDate: string | null;
};
type Chain = WireRecord & {
  id: number;
  version: number;
  description: string;
  decision: { code: number };
  ownerType: string;
  ownerId: number;
  verificationApproverList: Step[];
  currentApproverId: number | null;
  waitingForMe: boolean;
  waitingSince: string | null;
  message?: string;
  errors?: Array<{ property: string }>;
};

let h: Harness;
let dir: string;
const role = { name: 'DOC_APPROVER', privileges: [{ module: 'client', view: true, create: true }] };

let removeServer: (() => void) | undefined;
beforeAll(async () => {
  registerSchema(approvalDocs);
  removeServer = registerServer(approvalDocsServer);
  dir = mkdtempSync(join(tmpdir(), 'bureau-approvals-'));
  cpSync(MIGRATIONS_DIR, dir, { recursive: true });
  await generateMigrationFiles(dir, 'approval_docs');
  h = await createHarness({}, { migrationsDir: dir });
  await createTestUser(h.db, { username: 'anna-approver', employeeId: h.fx.employees.anna, roles: [role] });
  await createTestUser(h.db, { username: 'carl-approver', employeeId: h.fx.employees.carl, roles: [role] });
  // the approvers (APPROVER_TYPE 1) of Almaty: Anna first, then Carl; an inactive one is skipped
  for (const [employee, orderliness, active] of [
    [h.fx.employees.carl, 2, true],
    [h.fx.employees.anna, 1, true],
    [h.fx.employees.boris, 0, false],
  ] as const) {
    const res = await h.request('admin', 'POST', '/core/api/officeApprovers', {
      type: { id: h.fx.dict('APPROVER_TYPE', 1) },
      office: { id: h.fx.offices.almaty },
      employee: { id: employee },
      orderliness,
      active,
    });
    expect(res.statusCode).toBe(201);
  }
});
afterAll(async () => {
  removeServer?.();
  await h?.close();
  rmSync(dir, { recursive: true, force: true });
});

/** Creates a document as `user` and returns its chain as the admin reads it. */
async function newDoc(body: WireRecord = {}, user = 'billing'): Promise<{ doc: number; chain: Chain }> {
  const created = await h.json<{ id: number; verificationChain: { id: number } }>(
    user,
    'POST',
    '/core/api/approvalDocs',
    {
      gname: 'Budget 2027',
      office: { id: h.fx.offices.almaty },
      ...body,
    },
  );
  expect(created.status).toBe(201);
  const chain = await h.json<Chain>(
    'admin',
    'GET',
    `/core/api/verificationChains/${created.body.verificationChain.id}`,
  );
  return { doc: created.body.id, chain: chain.body };
}

const solve = (user: string, body: WireRecord) =>
  h.json<Chain>(user, 'POST', '/core/api/verificationChains/solve', body);

describe('the verification option: a chain for every new document', () => {
  it('EXP-04 a chain has a description and verificationApproverList, each approver with orderliness', async () => {
    const { doc, chain } = await newDoc();
    expect(chain.description).toBe('ApprovalDoc Budget 2027');
    expect(chain).toMatchObject({ ownerType: 'HR_REQUEST', ownerId: doc });
    expect(chain.verificationApproverList.map((s) => [s.orderliness, s.employee.id, s.decision.code])).toEqual([
      [1, h.fx.employees.anna, 1],
      [2, h.fx.employees.carl, 1],
    ]);
  });

  it('CONST-04 a new chain is pending (1); the last approval makes it approved (2), a rejection rejected (3)', async () => {
    const a = await newDoc();
    expect(a.chain.decision.code).toBe(1);
    expect(
      (await solve('anna-approver', { verificationChainId: a.chain.id, decisionCode: 2 })).body.decision.code,
    ).toBe(1);
    expect(
      (await solve('carl-approver', { verificationChainId: a.chain.id, decisionCode: 2 })).body.decision.code,
    ).toBe(2);
    const b = await newDoc();
    const rejected = await solve('anna-approver', {
      verificationChainId: b.chain.id,
      decisionCode: 3,
      comment: 'Too high',
    });
    expect(rejected.status).toBe(200);
    expect(rejected.body.decision.code).toBe(3);
    expect(rejected.body.verificationApproverList.map((s) => [s.decision.code, s.comment])).toEqual([
      [3, 'Too high'],
      [1, null],
    ]);
  });

  // MC-6: an empty chain (pending forever) is refused now: the create is refused
  it('MC-6 a document without approvers in its office is refused with 409 naming the approvers and the office', async () => {
    const [before] = await h.db.query<{ n: string }>('SELECT count(*) AS n FROM verification_chains');
    const refused = await h.json<{ message: string }>('billing', 'POST', '/core/api/approvalDocs', {
      gname: 'Budget 2027',
      office: { id: h.fx.offices.london },
    });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toContain('No active Budget approvers (APPROVER_TYPE 1) in office "Bureau London"');
    const [after] = await h.db.query<{ n: string }>('SELECT count(*) AS n FROM verification_chains');
    expect(after!.n).toBe(before!.n);
  });

  it('the chain field cannot be set by a client: a body naming another chain is ignored', async () => {
    const first = await newDoc();
    const { chain } = await newDoc({ verificationChain: { id: first.chain.id } });
    expect(chain.id).not.toBe(first.chain.id);
  });
});

describe('POST /verificationChains/solve', () => {
  it('CONST-05 solve takes verificationChainId, decisionCode and comment, plus actionPayload or number', async () => {
    const { doc, chain } = await newDoc();
    const first = await solve('anna-approver', { verificationChainId: chain.id, decisionCode: 2, comment: 'Fine' });
    expect(first.status).toBe(200);
    const last = await solve('carl-approver', {
      verificationChainId: chain.id,
      decisionCode: 2,
      comment: 'Agreed',
      number: 'B-17',
      actionPayload: 'close',
    });
    expect(last.status).toBe(200);
    expect(last.body.verificationApproverList.map((s) => [s.decision.code, s.comment])).toEqual([
      [2, 'Fine'],
      [2, 'Agreed'],
    ]);
    expect(last.body.verificationApproverList.every((s) => typeof s.decisionDate === 'string')).toBe(true);
    // onDecided ran in the decision's transaction with the request's number and payload
    const owner = await h.json<{ outcome: string }>('billing', 'GET', `/core/api/approvalDocs/${doc}`);
    expect(owner.body.outcome).toBe('2:B-17:close');
  });

  it('EXP-12 a rejection needs a comment: 400 Validation failed on comment, nothing decided', async () => {
    const { chain } = await newDoc();
    for (const comment of [undefined, '   ']) {
      const res = await solve('anna-approver', { verificationChainId: chain.id, decisionCode: 3, comment });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe('Validation failed');
      expect(res.body.errors?.map((e) => e.property)).toEqual(['comment']);
    }
    const after = await h.json<Chain>('admin', 'GET', `/core/api/verificationChains/${chain.id}`);
    expect(after.body.verificationApproverList[0]!.decision.code).toBe(1);
  });

  it('BUD-03 BUD-04 a document may make the rejection comment optional (rejectComment), an approval never needs one', async () => {
    const v = approvalDocs.verification!;
    v.rejectComment = 'optional';
    try {
      const a = await newDoc();
      expect((await solve('anna-approver', { verificationChainId: a.chain.id, decisionCode: 2 })).status).toBe(200);
      const b = await newDoc();
      const rejected = await solve('anna-approver', { verificationChainId: b.chain.id, decisionCode: 3 });
      expect(rejected.status).toBe(200);
      expect(rejected.body.decision.code).toBe(3);
    } finally {
      delete v.rejectComment;
    }
  });

  it('a decision code other than 2 or 3, or a missing chain id, is a 400; an unknown chain a 404', async () => {
    const { chain } = await newDoc();
    for (const body of [
      { verificationChainId: chain.id, decisionCode: 1 },
      { decisionCode: 2 },
      { verificationChainId: chain.id, decisionCode: 'yes' },
    ])
      expect((await solve('anna-approver', body)).status).toBe(400);
    const missing = await solve('admin', { verificationChainId: 999999, decisionCode: 2 });
    expect(missing.status).toBe(404);
    expect(missing.body.message).toEqual(expect.any(String));
  });

  it("approvals: only the current step's approver or an admin decides", async () => {
    const { doc, chain } = await newDoc();
    // Carl's step comes second; Boris (who created it) is no approver
    const early = await solve('carl-approver', { verificationChainId: chain.id, decisionCode: 2 });
    expect(early.status).toBe(403);
    expect(early.body.message).toMatch(/current approver \(Anna .*\) or an administrator/);
    expect((await solve('billing', { verificationChainId: chain.id, decisionCode: 2 })).status).toBe(403);
    expect((await solve('anna-approver', { verificationChainId: chain.id, decisionCode: 2 })).status).toBe(200);
    // Anna's step is decided: a second decision of hers is a conflict, not a permission problem
    const again = await solve('anna-approver', { verificationChainId: chain.id, decisionCode: 3, comment: 'No' });
    expect(again.status).toBe(409);
    // an admin decides the current step in Carl's place
    const byAdmin = await solve('admin', { verificationChainId: chain.id, decisionCode: 2, comment: 'On behalf' });
    expect(byAdmin.status).toBe(200);
    expect(byAdmin.body.decision.code).toBe(2);
    const done = await solve('carl-approver', { verificationChainId: chain.id, decisionCode: 2 });
    expect(done.status).toBe(409);
    expect(done.body.message).toMatch(/already approved/);
    expect((await h.json<{ outcome: string }>('billing', 'GET', `/core/api/approvalDocs/${doc}`)).body.outcome).toBe(
      '2::',
    );
  });

  it('each decision is kept in the history of its step, with who took it', async () => {
    const { chain } = await newDoc();
    await solve('anna-approver', { verificationChainId: chain.id, decisionCode: 2, comment: 'ok' });
    const step = chain.verificationApproverList[0]!.id;
    const history = await h.json<{
      _embedded: {
        history: Array<{ action: string; changedBy: string; changes: Array<{ field: string; after: unknown }> }>;
      };
    }>('admin', 'GET', `/core/api/verificationApprovers/${step}/history`);
    expect(history.status).toBe(200);
    const [latest] = history.body._embedded.history;
    expect(latest).toMatchObject({ action: 'update', changedBy: 'anna-approver' });
    // MC-6: and who decided (the approver herself: not on behalf)
    expect(latest!.changes.map((c) => c.field).sort()).toEqual([
      'comment',
      'decidedBy',
      'decidedByName',
      'decision',
      'decisionDate',
    ]);
  });

  it('approvals: concurrent decisions, exactly one wins', async () => {
    // the same approver twice (a double click); the approver and an admin, and two admins, each
    // sending the version they read (as the SPA does)
    for (const [a, b, withVersion] of [
      ['anna-approver', 'anna-approver', false],
      ['anna-approver', 'admin', true],
      ['admin', 'admin', true],
    ] as const) {
      const { chain } = await newDoc();
      const version = withVersion ? { version: chain.version } : {};
      const results = await Promise.all([
        solve(a, { verificationChainId: chain.id, decisionCode: 2, ...version }),
        solve(b, { verificationChainId: chain.id, decisionCode: 3, comment: 'Parallel', ...version }),
      ]);
      expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
      expect(results.find((r) => r.status === 409)!.body.message).toMatch(/already|changed since/);
      const after = await h.json<Chain>('admin', 'GET', `/core/api/verificationChains/${chain.id}`);
      // exactly one step was decided
      expect(after.body.verificationApproverList.filter((s) => s.decision.code !== 1)).toHaveLength(1);
    }
  });

  it('a decision sent with the version as read is refused once the chain moved on', async () => {
    const { chain } = await newDoc();
    await solve('admin', { verificationChainId: chain.id, decisionCode: 2, version: chain.version });
    const stale = await solve('admin', { verificationChainId: chain.id, decisionCode: 2, version: chain.version });
    expect(stale.status).toBe(409);
    expect(stale.body.message).toMatch(/changed since you opened it/);
  });

  it('a decided step moves the chain version through the write that records history: one update row by the approver', async () => {
    const { chain } = await newDoc();
    const updates = () =>
      h.db.query<{ changed_by: string }>(
        "SELECT changed_by FROM record_history WHERE collection = 'verificationChains' AND record_id = $1 AND action = 'update'",
        [chain.id],
      );
    const before = await updates();
    const decided = await solve('admin', { verificationChainId: chain.id, decisionCode: 2, version: chain.version });
    expect(decided.status, JSON.stringify(decided.body)).toBe(200);
    const after = await h.json<{ version: number; decision: { code: number } }>(
      'admin',
      'GET',
      `/core/api/verificationChains/${chain.id}`,
    );
    // still pending: a step was decided, not the chain
    expect(after.body.decision.code).toBe(1);
    expect(after.body.version).toBe(chain.version + 1);
    expect(await updates()).toEqual([...before, { changed_by: 'admin' }]);
  });
});

describe('reading a chain is gated by its document', () => {
  it('a user who cannot read the document gets 404 for its chain, and it is not in their lists', async () => {
    const { chain } = await newDoc();
    // member is Anna's user without the client module: the first approver's employee, yet not a reader
    expect((await h.request('member', 'GET', `/core/api/verificationChains/${chain.id}`)).statusCode).toBe(404);
    expect((await solve('member', { verificationChainId: chain.id, decisionCode: 2 })).status).toBe(404);
    const list = await h.json<{ page: { totalElements: number } }>('member', 'GET', '/core/api/verificationChains');
    expect(list.body.page.totalElements).toBe(0);
    const step = chain.verificationApproverList[0]!.id;
    expect((await h.request('member', 'GET', `/core/api/verificationApprovers/${step}`)).statusCode).toBe(404);
    expect((await h.request('anna-approver', 'GET', `/core/api/verificationApprovers/${step}`)).statusCode).toBe(200);
  });

  it('a reader of a document reads its own chain embedded in the list and the card, with its decision', async () => {
    const { doc, chain } = await newDoc({ gname: 'Embedded chain' });
    type Row = { id: number; verificationChain: { id: number; decision: { code: number } } | null };
    const list = await h.json<{ _embedded: { approvalDocs: Row[] } }>(
      'anna-approver',
      'GET',
      '/core/api/approvalDocs?gname=Embedded%20chain',
    );
    expect(list.status).toBe(200);
    expect(list.body._embedded.approvalDocs.map((r) => r.verificationChain)).toEqual([
      expect.objectContaining({ id: chain.id, decision: expect.objectContaining({ code: 1 }) }),
    ]);
    const card = await h.json<Row>('anna-approver', 'GET', `/core/api/approvalDocs/${doc}`);
    expect(card.body.verificationChain).toMatchObject({ id: chain.id, decision: { code: 1 } });
  });

  it("the owner's access rule hides the chain too: a secret document's chain is for admins only", async () => {
    const { chain } = await newDoc({ secret: true }, 'admin');
    expect((await h.request('anna-approver', 'GET', `/core/api/verificationChains/${chain.id}`)).statusCode).toBe(404);
    expect((await solve('anna-approver', { verificationChainId: chain.id, decisionCode: 2 })).status).toBe(404);
    expect((await h.request('admin', 'GET', `/core/api/verificationChains/${chain.id}`)).statusCode).toBe(200);
  });

  it('chains are written by the engine only: generic writes are refused', async () => {
    const { chain } = await newDoc();
    expect((await h.request('admin', 'POST', '/core/api/verificationChains', { description: 'x' })).statusCode).toBe(
      404,
    );
    expect(
      (await h.request('admin', 'PATCH', `/core/api/verificationChains/${chain.id}`, { description: 'x' })).statusCode,
    ).toBe(404);
    expect((await h.request('admin', 'DELETE', `/core/api/verificationChains/${chain.id}`)).statusCode).toBe(404);
  });
});

describe('the inbox: waitingForMe', () => {
  it('lists the documents whose current step is the signed-in user, across types, with since when', async () => {
    const { chain } = await newDoc({ gname: 'Inbox budget' });
    const inbox = async (user: string) =>
      (
        await h.json<{ _embedded: { verificationChains: Chain[] } }>(
          user,
          'GET',
          '/core/api/verificationChains?waitingForMe=true&search=Inbox&sort=waitingSince,asc',
        )
      ).body._embedded.verificationChains;
    const annas = await inbox('anna-approver');
    expect(annas.map((c) => c.id)).toEqual([chain.id]);
    expect(annas[0]).toMatchObject({
      waitingForMe: true,
      currentApproverId: h.fx.employees.anna,
      ownerType: 'HR_REQUEST',
    });
    expect(Date.parse(annas[0]!.waitingSince!)).not.toBeNaN();
    expect(await inbox('carl-approver')).toEqual([]);
    await solve('anna-approver', { verificationChainId: chain.id, decisionCode: 2 });
    expect(await inbox('anna-approver')).toEqual([]);
    expect((await inbox('carl-approver')).map((c) => c.id)).toEqual([chain.id]);
    await solve('carl-approver', { verificationChainId: chain.id, decisionCode: 2 });
    expect(await inbox('carl-approver')).toEqual([]);
  });
});
