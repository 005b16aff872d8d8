import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '../test/harness';

/**
 * Matters are the first documents with the `verification` option: a new matter gets its chain
 * from the matter approvers (APPROVER_TYPE 5) of its responsible position's office, else of the
 * creating user's office (the lawyer's employee works in London).
 */
let h: Harness;
type Chain = {
  id: number;
  version: number;
  decision: { code: number };
  ownerType: string;
  ownerId: number;
  description: string;
  verificationApproverList: Array<{ orderliness: number; employee: { id: number }; decision: { code: number } }>;
};

beforeAll(async () => {
  h = await createHarness();
  // London's matter approver is Carl (the lawyer user's employee)
  const res = await h.request('admin', 'POST', '/core/api/officeApprovers', {
    type: { id: h.fx.dict('APPROVER_TYPE', 5) },
    office: { id: h.fx.offices.london },
    employee: { id: h.fx.employees.carl },
    orderliness: 1,
  });
  expect(res.statusCode).toBe(201);
});
afterAll(async () => h?.close());

async function newMatter(): Promise<{ id: number; chain: Chain }> {
  const created = await h.json<{ id: number; verificationChain: { id: number } | null }>(
    'lawyer',
    'POST',
    '/core/api/matters',
    {
      project: { id: h.fx.projects.acmeProject },
      date: '2026-11-02',
      description: 'Share purchase review',
    },
  );
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  expect(created.body.verificationChain).not.toBeNull();
  const chain = await h.json<Chain>(
    'lawyer',
    'GET',
    `/core/api/verificationChains/${created.body.verificationChain!.id}`,
  );
  expect(chain.status).toBe(200);
  return { id: created.body.id, chain: chain.body };
}

describe('matters: approval through the verification option', () => {
  it("MAT-06 a new matter's verification decision defaults to code 1 (pending)", async () => {
    const { id, chain } = await newMatter();
    expect(chain).toMatchObject({ ownerType: 'MATTER', ownerId: id, decision: { code: 1 } });
    expect(chain.description).toBe('Matter: Share purchase review');
    expect(chain.verificationApproverList.map((s) => [s.orderliness, s.employee.id, s.decision.code])).toEqual([
      [1, h.fx.employees.carl, 1],
    ]);
  });

  it('the approver approves the matter; another reader of matters cannot, and a user without matters sees nothing', async () => {
    const { chain } = await newMatter();
    const solve = (user: string) =>
      h.json<Chain & { message?: string }>(user, 'POST', '/core/api/verificationChains/solve', {
        verificationChainId: chain.id,
        decisionCode: 2,
      });
    // member (Anna: view on matters) is not the approver
    expect([403, 404]).toContain((await solve('member')).status);
    expect((await solve('billing')).status).toBe(404);
    expect((await h.request('billing', 'GET', `/core/api/verificationChains/${chain.id}`)).statusCode).toBe(404);
    const approved = await solve('lawyer');
    expect(approved.status).toBe(200);
    expect(approved.body.decision.code).toBe(2);
  });

  it("OFF-48 documents filter on their chain's decision: verificationChain.decision.code.ne=3 leaves rejected ones out", async () => {
    const { id, chain } = await newMatter();
    const rejected = await h.json<Chain>('lawyer', 'POST', '/core/api/verificationChains/solve', {
      verificationChainId: chain.id,
      decisionCode: 3,
      comment: 'Conflict of interest',
    });
    expect(rejected.status).toBe(200);
    const other = await newMatter();
    const list = await h.json<{ _embedded: { matters: Array<{ id: number }> } }>(
      'lawyer',
      'GET',
      '/core/api/matters?verificationChain.decision.code.ne=3&size=100',
    );
    expect(list.status).toBe(200);
    const ids = list.body._embedded.matters.map((m) => m.id);
    expect(ids).toContain(other.id);
    expect(ids).not.toContain(id);
  });
});
