import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '../test/harness';

/**
 * The approval chain of a document in the trash (schemas/approvals/verificationChains.ts,
 * server/trash/service.ts): while a matter is in the trash its pending chain leaves the
 * approver's inbox and every chain list, and cannot be read or decided; a restore brings it back
 * as it was; a purge removes it with its steps.
 */
let h: Harness;
type Page = { _embedded: { verificationChains: Array<{ id: number }> } };

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

/** A new matter by the lawyer, with its pending chain waiting for the lawyer (Carl). */
async function newMatter(description: string): Promise<{ matter: number; chain: number }> {
  const created = await h.json<{ id: number; verificationChain: { id: number } | null }>(
    'lawyer',
    'POST',
    '/core/api/matters',
    { project: { id: h.fx.projects.acmeProject }, date: '2026-11-02', description },
  );
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return { matter: created.body.id, chain: created.body.verificationChain!.id };
}

const inbox = async (user: string, query = 'waitingForMe=true') =>
  (
    await h.json<Page>(user, 'GET', `/core/api/verificationChains?${query}&size=500`)
  ).body._embedded.verificationChains.map((c) => c.id);

describe('approval chains of documents in the trash', () => {
  it("trash: a trashed matter's pending chain leaves the approver's inbox and cannot be decided; a restore brings it back pending", async () => {
    const { matter, chain } = await newMatter('Chain hidden while trashed');
    expect(await inbox('lawyer')).toContain(chain);

    expect((await h.request('admin', 'DELETE', `/core/api/matters/${matter}`)).statusCode).toBe(204);
    expect(await inbox('lawyer')).not.toContain(chain);
    expect(await inbox('admin', 'ownerType=MATTER')).not.toContain(chain);
    expect((await h.request('lawyer', 'GET', `/core/api/verificationChains/${chain}`)).statusCode).toBe(404);
    expect((await h.request('admin', 'GET', `/core/api/verificationChains/${chain}`)).statusCode).toBe(404);
    const solve = await h.request('lawyer', 'POST', '/core/api/verificationChains/solve', {
      verificationChainId: chain,
      decisionCode: 2,
    });
    expect(solve.statusCode).toBe(404);

    expect((await h.request('admin', 'POST', `/core/api/matters/${matter}/restore`)).statusCode).toBe(204);
    expect(await inbox('lawyer')).toContain(chain);
    const back = await h.json<{
      decision: { code: number };
      verificationApproverList: Array<{ decision: { code: number } }>;
    }>('lawyer', 'GET', `/core/api/verificationChains/${chain}`);
    expect(back.status).toBe(200);
    expect(back.body.decision.code).toBe(1);
    expect(back.body.verificationApproverList.map((s) => s.decision.code)).toEqual([1]);
    const approved = await h.request('lawyer', 'POST', '/core/api/verificationChains/solve', {
      verificationChainId: chain,
      decisionCode: 2,
    });
    expect(approved.statusCode, approved.body).toBe(200);
  });

  it("trash: purging a matter removes its approval chain and the chain's steps", async () => {
    const { matter, chain } = await newMatter('Chain purged with its matter');
    expect((await h.request('admin', 'DELETE', `/core/api/matters/${matter}`)).statusCode).toBe(204);
    const purge = await h.request('admin', 'DELETE', `/core/api/matters/${matter}/purge`);
    expect(purge.statusCode, purge.body).toBe(204);
    const chains = await h.db.query('SELECT id FROM verification_chains WHERE id = $1', [chain]);
    expect(chains).toEqual([]);
    const steps = await h.db.query('SELECT id FROM verification_approvers WHERE verification_chain_id = $1', [chain]);
    expect(steps).toEqual([]);
  });
});
