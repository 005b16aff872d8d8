import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '../test/harness';

/**
 * The approval chain of a document in the trash (schemas/approvals/verificationChains.ts,
 * server/trash/service.ts): while a matter is in the trash its pending chain leaves the
 * approver's inbox and every chain list, and cannot be read or decided; the trash cancels it
 * (MC-6, decision 4) and a restore starts a new chain; a purge removes them with their steps.
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
  it("MC-6 trash: a trashed matter's pending chain is cancelled and leaves the inbox; a restore starts a new chain, the cancelled one stays cancelled", async () => {
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

    // MC-6: the trash cancelled the chain; a restore does not resurrect it, a new chain starts
    const cancelled = await h.db.query<{ code: number }>(
      'SELECT d.code FROM verification_chains c JOIN base_dictionaries d ON d.id = c.decision_id WHERE c.id = $1',
      [chain],
    );
    expect(cancelled.map((r) => Number(r.code))).toEqual([4]);
    expect((await h.request('admin', 'POST', `/core/api/matters/${matter}/restore`)).statusCode).toBe(204);
    expect(await inbox('lawyer')).not.toContain(chain);
    const old = await h.json<{
      decision: { code: number };
      verificationApproverList: Array<{ decision: { code: number } }>;
    }>('lawyer', 'GET', `/core/api/verificationChains/${chain}`);
    expect(old.body.decision.code).toBe(4);
    expect(old.body.verificationApproverList.map((s) => s.decision.code)).toEqual([4]);
    const restored = await h.json<{ verificationChain: { id: number } }>(
      'lawyer',
      'GET',
      `/core/api/matters/${matter}`,
    );
    const fresh = restored.body.verificationChain.id;
    expect(fresh).not.toBe(chain);
    expect(await inbox('lawyer')).toContain(fresh);
    const approved = await h.request('lawyer', 'POST', '/core/api/verificationChains/solve', {
      verificationChainId: fresh,
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
