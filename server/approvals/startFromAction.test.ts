import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getSchema } from '../../schemas/index';
import { createTestUser } from '../auth/testing';
import { createHarness, type Harness } from '../test/harness';

/**
 * `verification.startOn: 'action'` and `ActionContext.startVerification` (schemas/define.ts), through
 * the invoices, which declare them: no chain on create; the action builds one from the office
 * approvers of the sender, points the document at it and records it in the history; a second
 * start leaves the first chain as it was. The afterChange hook's `body` is proven by the invoice
 * tests that link picked rows (server/billing/invoices.test.ts).
 */
let h: Harness;
type Chain = {
  id: number;
  ownerType: string;
  ownerId: number;
  verificationApproverList: Array<{ employee: { id: number } }>;
};

beforeAll(async () => {
  h = await createHarness();
  await createTestUser(h.db, {
    username: 'sender',
    employeeId: h.fx.employees.carl,
    roles: [
      { name: 'SENDER', privileges: [{ module: 'invoice', view: true, create: true, update: true, delete: true }] },
    ],
  });
  // Carl's office (London) has Boris as its invoice approver (APPROVER_TYPE 4)
  const res = await h.request('admin', 'POST', '/core/api/officeApprovers', {
    type: { id: h.fx.dict('APPROVER_TYPE', 4) },
    office: { id: h.fx.offices.london },
    employee: { id: h.fx.employees.boris },
    orderliness: 1,
  });
  expect(res.statusCode, res.body).toBe(201);
});
afterAll(async () => h?.close());

describe('a verification chain started by an action', () => {
  it("INV-26 startOn: 'action' makes no chain on create; startVerification builds one from the sender's office approvers", async () => {
    expect(getSchema('invoices').verification?.startOn).toBe('action');
    const c = await h.json<{ id: number; verificationChain: unknown }>('sender', 'POST', '/core/api/invoices', {
      date: '2026-11-10',
      periodGte: '2026-11-01',
      periodLte: '2026-11-30',
      project: { id: h.fx.projects.acmeProject },
      payerClient: { id: h.fx.clients.acme },
      currency: { id: h.fx.currencies.usd },
      matterList: [{ id: h.fx.matters.acmeMatter }],
    });
    expect(c.status, JSON.stringify(c.body)).toBe(201);
    expect(c.body.verificationChain).toBeNull();
    const sent = await h.json<{ verificationChain: { id: number } }>(
      'sender',
      'POST',
      `/core/api/invoices/verify/${c.body.id}/check-documents`,
    );
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    const chain = await h.json<Chain>(
      'admin',
      'GET',
      `/core/api/verificationChains/${sent.body.verificationChain.id}?projection=full`,
    );
    expect(chain.body).toMatchObject({ ownerType: 'INVOICE', ownerId: c.body.id });
    const [steps] = await h.db.query<{ ids: string[] }>(
      'SELECT array_agg(employee_id::text ORDER BY orderliness) AS ids FROM verification_approvers WHERE verification_chain_id = $1',
      [sent.body.verificationChain.id],
    );
    expect(steps!.ids).toEqual([String(h.fx.employees.boris)]);
    const history = await h.json<{ _embedded: { history: Array<{ changes: unknown }> } }>(
      'admin',
      'GET',
      `/core/api/invoices/${c.body.id}/history`,
    );
    expect(JSON.stringify(history.body)).toContain('verificationChain');
    // a rejection puts the invoice back to draft; a new send makes a new chain, the old one stays
    const reject = await h.request('admin', 'POST', '/core/api/verificationChains/solve', {
      verificationChainId: sent.body.verificationChain.id,
      decisionCode: 3,
      comment: 'wrong period',
    });
    expect(reject.statusCode, reject.body).toBeLessThan(300);
    const again = await h.json<{ verificationChain: { id: number } }>(
      'sender',
      'POST',
      `/core/api/invoices/verify/${c.body.id}/check-documents`,
    );
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    expect(again.body.verificationChain.id).not.toBe(sent.body.verificationChain.id);
    const [old] = await h.db.query<{ owner_id: string; code: number }>(
      'SELECT c.owner_id, d.code FROM verification_chains c JOIN base_dictionaries d ON d.id = c.decision_id WHERE c.id = $1',
      [sent.body.verificationChain.id],
    );
    expect({ owner: Number(old!.owner_id), code: Number(old!.code) }).toEqual({ owner: c.body.id, code: 3 });
  });
});
