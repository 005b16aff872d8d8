import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestUser } from '../auth/testing';
import { createHarness, type Harness } from '../test/harness';

/**
 * MC-6: an approval trail that tells the truth. A decision keeps whose step it
 * was and who decided it; one person decides at most one step of a chain unless the office allows
 * it; a document whose office has no approvers is refused; a deleted document's open chain is
 * cancelled; every engine move of a pre-invoice or invoice has its status-history row.
 *
 * London: matter approvers Carl (step 1) then Boris (step 2); pre-invoice approver Carl; invoice
 * approver Boris. Almaty has no approvers. `annaadmin` is an administrator who is Anna Abenova.
 */
let h: Harness;
type Ref = { id: number; code?: number };
type Step = {
  orderliness: number;
  employee: { id: number };
  decision: { code: number };
  comment: string | null;
  decidedBy: Ref | null;
  decidedByName: string | null;
  onBehalf: boolean;
};
type Chain = { id: number; decision: { code: number }; office: Ref | null; verificationApproverList: Step[] };
type Moves = { _embedded: { statusChanges: Array<{ from: Ref | null; to: Ref; comment: string | null }> } };

const full = { view: true, create: true, update: true, delete: true };
let annaAdmin: number;

async function approvers(type: number, office: number, employees: number[]): Promise<void> {
  for (const [i, employee] of employees.entries()) {
    const res = await h.request('admin', 'POST', '/core/api/officeApprovers', {
      type: { id: h.fx.dict('APPROVER_TYPE', type) },
      office: { id: office },
      employee: { id: employee },
      orderliness: i + 1,
    });
    expect(res.statusCode, res.body).toBe(201);
  }
}

beforeAll(async () => {
  h = await createHarness();
  annaAdmin = await createTestUser(h.db, {
    username: 'annaadmin',
    employeeId: h.fx.employees.anna,
    roles: [{ name: 'ADMIN' }],
  });
  const billing = ['pre_invoice', 'PAYMENT_HISTORY', 'invoice'].map((module) => ({ module, ...full }));
  await createTestUser(h.db, {
    username: 'sender',
    employeeId: h.fx.employees.carl,
    roles: [{ name: 'TRAIL_SENDER', privileges: billing }],
  });
  await approvers(5, h.fx.offices.london, [h.fx.employees.carl, h.fx.employees.boris]);
  await approvers(3, h.fx.offices.london, [h.fx.employees.carl]);
  await approvers(4, h.fx.offices.london, [h.fx.employees.boris]);
});
afterAll(async () => h?.close());

/** A new matter by the lawyer (Carl, London): its chain Carl then Boris. */
async function newMatter(description: string): Promise<{ matter: number; chain: number }> {
  const created = await h.json<{ id: number; verificationChain: Ref }>('lawyer', 'POST', '/core/api/matters', {
    project: { id: h.fx.projects.acmeProject },
    date: '2026-11-02',
    description,
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return { matter: created.body.id, chain: created.body.verificationChain.id };
}

const chainOf = async (id: number) => (await h.json<Chain>('admin', 'GET', `/core/api/verificationChains/${id}`)).body;
const solve = (user: string, chain: number, decisionCode = 2, comment?: string) =>
  h.json<Chain & { message?: string }>(user, 'POST', '/core/api/verificationChains/solve', {
    verificationChainId: chain,
    decisionCode,
    ...(comment ? { comment } : {}),
  });

describe('MC-6 who decided, on whose step', () => {
  it('MC-6 APPR an administrator deciding another approver\'s step is kept as "decided by Anna Abenova for Carl Chen"', async () => {
    const { chain } = await newMatter('Decided for another');
    const first = await solve('annaadmin', chain);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    const step = first.body.verificationApproverList.find((s) => s.orderliness === 1)!;
    expect(step).toMatchObject({
      employee: { id: h.fx.employees.carl },
      decision: { code: 2 },
      decidedBy: { id: annaAdmin },
      decidedByName: 'Anna Abenova',
      onBehalf: true,
    });
    expect(first.body.office).toMatchObject({ id: h.fx.offices.london });
    // the approver deciding their own step: not on behalf
    const second = await newMatter('Decided by the approver');
    const own = await solve('lawyer', second.chain);
    expect(own.body.verificationApproverList.find((s) => s.orderliness === 1)).toMatchObject({
      employee: { id: h.fx.employees.carl },
      decidedByName: 'Carl Chen',
      onBehalf: false,
    });
  });
});

describe('MC-6 segregation of duties', () => {
  it('MC-6 APPR one person may not decide two steps of one chain: 409 naming the step already decided', async () => {
    const { chain } = await newMatter('Two steps, one person');
    expect((await solve('admin', chain)).status).toBe(200);
    const again = await solve('admin', chain);
    expect(again.status).toBe(409);
    expect(again.body.message).toContain('You already decided step 1');
    expect(again.body.message).toContain('Carl Chen');
    expect(again.body.message).toContain('step 2 (Boris Baker)');
    // nothing moved: step 2 still waits, the chain is pending; another person may decide it
    const after = await chainOf(chain);
    expect(after.decision.code).toBe(1);
    expect(after.verificationApproverList.map((s) => s.decision.code)).toEqual([2, 1]);
    expect((await solve('annaadmin', chain)).body.decision.code).toBe(2);
  });

  it('MC-6 APPR the office setting allowSameApproverSteps (false by default) lets one person decide every step', async () => {
    const office = `/core/api/offices/${h.fx.offices.london}`;
    expect(
      (await h.json<{ allowSameApproverSteps: boolean }>('admin', 'GET', office)).body.allowSameApproverSteps,
    ).toBe(false);
    const set = await h.request('admin', 'PATCH', office, { allowSameApproverSteps: true });
    expect(set.statusCode, set.body).toBe(200);
    try {
      const { chain } = await newMatter('One person, office allows');
      expect((await solve('admin', chain)).status).toBe(200);
      const second = await solve('admin', chain);
      expect(second.status, JSON.stringify(second.body)).toBe(200);
      expect(second.body.decision.code).toBe(2);
    } finally {
      await h.request('admin', 'PATCH', office, { allowSameApproverSteps: false });
    }
  });
});

describe('MC-6 a document gets its office approvers or is refused', () => {
  it('MC-6 APPR a new matter in an office without matter approvers is refused, naming the approvers and the office', async () => {
    const [before] = await h.db.query<{ n: string }>('SELECT count(*) AS n FROM matters');
    const refused = await h.json<{ message: string }>('lawyer', 'POST', '/core/api/matters', {
      project: { id: h.fx.projects.acmeProject },
      date: '2026-11-02',
      description: 'In Almaty',
      responsiblePosition: { id: h.fx.positions.annaSector },
    });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toContain('No active Matter approvers');
    expect(refused.body.message).toContain('"Bureau Almaty"');
    // without any office (an administrator who is no employee, no responsible position)
    const noOffice = await h.json<{ message: string }>('admin', 'POST', '/core/api/matters', {
      project: { id: h.fx.projects.acmeProject },
      date: '2026-11-02',
      description: 'Nowhere',
    });
    expect(noOffice.status).toBe(409);
    expect(noOffice.body.message).toContain('has no office to take its Matter approvers from');
    const [after] = await h.db.query<{ n: string }>('SELECT count(*) AS n FROM matters');
    expect(after!.n).toBe(before!.n);
  });

  it('MC-6 INV-26 an invoice sent from an office without invoice approvers is refused and stays a draft', async () => {
    const invoice = await newInvoice('admin');
    const res = await h.json<{ message: string }>(
      'annaadmin',
      'POST',
      `/core/api/invoices/verify/${invoice}/check-documents`,
    );
    expect(res.status).toBe(409);
    expect(res.body.message).toContain('No active Invoice approvers');
    expect(res.body.message).toContain('"Bureau Almaty"');
    const [row] = await h.db.query<{ code: number; chain: string | null }>(
      'SELECT d.code, i.verification_chain_id AS chain FROM invoices i JOIN base_dictionaries d ON d.id = i.status_id WHERE i.id = $1',
      [invoice],
    );
    expect({ code: Number(row!.code), chain: row!.chain }).toEqual({ code: 1, chain: null });
  });
});

describe('MC-6 a removed document leaves no open chain', () => {
  it('MC-6 APPR deleting a matter cancels its open chain (decision 4 on the chain and the waiting steps), with history', async () => {
    const { matter, chain } = await newMatter('Deleted while pending');
    expect((await solve('lawyer', chain)).status).toBe(200);
    expect((await h.request('admin', 'DELETE', `/core/api/matters/${matter}`)).statusCode).toBe(204);
    const steps = await h.db.query<{ code: number; comment: string | null }>(
      `SELECT d.code, a.comment FROM verification_approvers a JOIN base_dictionaries d ON d.id = a.decision_id
        WHERE a.verification_chain_id = $1 ORDER BY a.orderliness`,
      [chain],
    );
    // step 1 stays approved; step 2 was waiting: cancelled with the reason
    expect(steps.map((s) => [Number(s.code), s.comment])).toEqual([
      [2, null],
      [4, 'Cancelled: the Matter was deleted'],
    ]);
    const [c] = await h.db.query<{ code: number }>(
      'SELECT d.code FROM verification_chains c JOIN base_dictionaries d ON d.id = c.decision_id WHERE c.id = $1',
      [chain],
    );
    expect(Number(c!.code)).toBe(4);
    const history = await h.db.query<{ changed_by: string }>(
      `SELECT changed_by FROM record_history WHERE collection = 'verificationChains' AND record_id = $1
          AND changes @> '[{"field": "decision"}]'::jsonb ORDER BY id DESC LIMIT 1`,
      [chain],
    );
    expect(history.map((r) => r.changed_by)).toEqual(['admin']);
  });
});

/** A draft invoice of Acme's project for November 2026, by `user`. */
async function newInvoice(user: string): Promise<number> {
  const c = await h.json<{ id: number }>(user, 'POST', '/core/api/invoices', {
    date: '2026-11-10',
    periodGte: '2026-11-01',
    periodLte: '2026-11-30',
    project: { id: h.fx.projects.acmeProject },
    payerClient: { id: h.fx.clients.acme },
    currency: { id: h.fx.currencies.usd },
    matterList: [{ id: h.fx.matters.acmeMatter }],
  });
  expect(c.status, JSON.stringify(c.body)).toBe(201);
  return c.body.id;
}

const codes = (moves: Moves) =>
  moves._embedded.statusChanges.map((m) => [m.from?.code ?? null, m.to.code, m.comment ?? null]);

describe('MC-6 every engine move is in the status history', () => {
  it('MC-6 INV-26 an invoice sent, rejected, sent again and approved has a status-history row for each move', async () => {
    const id = await newInvoice('sender');
    const send = async () =>
      (await h.json<{ verificationChain: Ref }>('sender', 'POST', `/core/api/invoices/verify/${id}/check-documents`))
        .body.verificationChain.id;
    expect((await solve('admin', await send(), 3, 'wrong period')).status).toBe(200);
    expect((await solve('annaadmin', await send(), 2)).status).toBe(200);
    const moves = await h.json<Moves>('admin', 'GET', `/core/api/invoices/${id}/statusChanges`);
    expect(moves.status, JSON.stringify(moves.body)).toBe(200);
    // newest first
    expect(codes(moves.body)).toEqual([
      [2, 4, null],
      [1, 2, null],
      [2, 1, 'wrong period'],
      [1, 2, null],
      [null, 1, null],
    ]);
  });

  it('MC-6 PRE-11 a pre-invoice sent, rejected, back to draft, sent again and approved has a status-history row for each move', async () => {
    const p = await h.json<{ id: number }>('sender', 'POST', '/core/api/preInvoices', {
      date: '2026-11-10',
      project: { id: h.fx.projects.acmeProject },
      matter: { id: h.fx.matters.acmeMatter },
      payerClient: { id: h.fx.clients.acme },
      hoursAmount: 2,
      amount: '200.00',
      vatPercent: 0,
    });
    expect(p.status, JSON.stringify(p.body)).toBe(201);
    const send = async () =>
      (await h.json<{ verificationChain: Ref }>('sender', 'POST', `/core/api/preInvoices/verify/${p.body.id}`)).body
        .verificationChain.id;
    // the approver is Carl, the sender's own employee (segregation is about deciding, not sending)
    expect((await solve('sender', await send(), 3, 'wrong hours')).status).toBe(200);
    const back = await h.request(
      'sender',
      'PATCH',
      `/core/api/preInvoices/verify/changeStatus/${p.body.id}/${h.fx.dict('PRE_INVOICE_STATUS', 1)}`,
    );
    expect(back.statusCode, back.body).toBe(200);
    expect((await solve('sender', await send(), 2)).status).toBe(200);
    const moves = await h.json<Moves>('admin', 'GET', `/core/api/preInvoices/${p.body.id}/statusChanges`);
    expect(codes(moves.body)).toEqual([
      [2, 4, null],
      [1, 2, null],
      [3, 1, null],
      [2, 3, 'wrong hours'],
      [1, 2, null],
      [null, 1, null],
    ]);
  });
});
