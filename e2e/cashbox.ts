import { expect, type Api } from './fixtures';
import { approvedPreInvoice, billingApproves, whoAmI, type Ref } from './billing';

/**
 * Set-up the cashbox journeys share (`CASH-40-calculate-month.spec.ts`,
 * `CASH-27-recalculate-late-payment.spec.ts`, `CASH-12-member-own-rows.spec.ts`): money collected
 * in a past month by the billing manager's office, shared by an invoice quota between the
 * demo `member` and `top`, so the month's cashbox has their rows, their incomes and the payment
 * behind them. Everything goes through the API with the users' own tokens.
 */

/**
 * The month `back` months before `now` (1 = the previous month, the one the report opens: CASH-14),
 * as `YYYY-MM-DD` first and last days. Journeys that calculate the same office run on two workers,
 * so each takes a month of its own: a calculation elsewhere never adds a version to theirs.
 */
export function previousMonth(now = new Date(), back = 1): { dateGte: string; dateLte: string; month: string } {
  const first = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - back, 1));
  const last = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - back + 1, 0));
  const day = (d: Date) => d.toISOString().slice(0, 10);
  return { dateGte: day(first), dateLte: day(last), month: day(first).slice(0, 7) };
}

/** `YYYY-MM-DD` of day `n` of the month starting `dateGte`. */
export const dayOf = (dateGte: string, n: number): string => `${dateGte.slice(0, 8)}${String(n).padStart(2, '0')}`;

type Page<K extends string, T> = { _embedded?: Partial<Record<K, T[]>> };

/** The current position of `employeeId` in `officeId` (its first by id). */
async function positionOf(api: Api, employeeId: number): Promise<Ref> {
  const page = await api.call<Page<'positions', Ref & { dateLte: string | null }>>(
    'GET',
    `/core/api/positions?employee.id=${employeeId}&size=50&sort=id,asc`,
  );
  const current = (page._embedded?.positions ?? []).filter((p) => !p.dateLte);
  expect(current.length, `employee ${employeeId} holds a current position`).toBeGreaterThan(0);
  return current[0]!;
}

/** The employee of the demo user `username`, read by an administrator (`GET /auth/api/v2/users`): no sign-in of theirs needed. */
export async function employeeOf(admin: Api, username: string): Promise<number> {
  const page = await admin.call<Page<'users', { username: string; employee: Ref | null }>>(
    'GET',
    `/auth/api/v2/users?username=${username}&size=10`,
  );
  const user = (page._embedded?.users ?? []).find((u) => u.username === username);
  expect(user?.employee, `${username} has an employee`).toBeTruthy();
  return user!.employee!.id;
}

/** What {@link collectedInMonth} made. */
export interface Collected {
  officeId: number;
  invoice: Ref & { number: string };
  /** The payment dated in the month (`amount` in the invoice's currency, USD). */
  payment: Ref & { amount: string };
  memberEmployeeId: number;
  topEmployeeId: number;
  memberPosition: Ref;
  topPosition: Ref;
}

/**
 * An approved USD invoice of `total` dated in the month `range`, issued through the billing
 * manager's office (its USD transit account, which ties its payments to the office's cashbox),
 * shared 50/50 by invoice quotas between the positions of the demo `member` and `top`, and a payment of
 * `paid` dated on day 10 of the month. The billing manager creates it, the administrator decides
 * the approval steps (`billing.ts`).
 */
export async function collectedInMonth(
  apis: { billing: Api; admin: Api; top: Api },
  range: { dateGte: string; dateLte: string },
  amounts: { total: string; paid: string } = { total: '1000.00', paid: '600.00' },
): Promise<Collected> {
  const { billing, admin } = apis;
  await billingApproves(billing, admin);
  const me = await whoAmI(billing);
  const member = { employeeId: await employeeOf(admin, 'member') };
  const top = await whoAmI(apis.top);
  const stamp = Date.now();
  const client = (await billing.call<Page<'clients', Ref>>('GET', '/core/api/clients?size=1&sort=id,asc'))._embedded!
    .clients![0]!;
  const usd = (await billing.call<Page<'currencies', Ref>>('GET', '/core/api/currencies?code=USD'))._embedded!
    .currencies![0]!;
  // the office's USD transit account: what ties an invoice's payments to the office (the loader)
  const accounts = await admin.call<Page<'officeAccounts', Ref>>(
    'GET',
    `/core/api/officeAccounts?office.id=${me.employeeOfficeId}&size=100`,
  );
  const accountIds = new Set((accounts._embedded?.officeAccounts ?? []).map((a) => a.id));
  const transits = await admin.call<Page<'officeTransitAccounts', Ref & { officeAccount: Ref }>>(
    'GET',
    `/core/api/officeTransitAccounts?currency.id=${usd.id}&size=1000`,
  );
  const transit = (transits._embedded?.officeTransitAccounts ?? []).find((t) => accountIds.has(t.officeAccount.id));
  expect(transit, `office ${me.employeeOfficeId} has a USD transit account`).toBeTruthy();
  const project = await billing.call<Ref>('POST', '/core/api/projects', { description: `E2E cashbox ${stamp}` });
  const pre = await approvedPreInvoice(billing, admin, {
    projectId: project.id,
    clientId: client.id,
    currencyId: usd.id,
    amount: amounts.total,
  });
  const created = await billing.call<Ref>('POST', '/core/api/invoices', {
    date: dayOf(range.dateGte, 5),
    periodGte: range.dateGte,
    periodLte: range.dateLte,
    project: { id: project.id },
    payerClient: { id: client.id },
    currency: { id: usd.id },
    officeTransitAccount: { id: transit!.id },
    preInvoiceList: [{ id: pre.id }],
  });
  // the quotas are set while the invoice is a draft: an approved one's cannot change
  const memberPosition = await positionOf(admin, member.employeeId);
  const topPosition = await positionOf(admin, top.employeeId);
  for (const position of [memberPosition, topPosition])
    await billing.call('POST', '/core/api/invoiceQuotas', {
      invoiceId: created.id,
      dateGte: range.dateGte,
      dateLte: range.dateLte,
      percentage: '0.5',
      position: { id: position.id },
    });
  await billing.call('POST', `/core/api/invoices/verify/${created.id}/check-documents`, { invoiceId: created.id }, 200);
  const sent = await billing.call<{ verificationChain: Ref }>('GET', `/core/api/invoices/${created.id}`);
  for (let step = 0; step < 10; step++) {
    const chain = await admin.call<{ decision: { code: number } }>(
      'GET',
      `/core/api/verificationChains/${sent.verificationChain.id}`,
    );
    if (chain.decision.code !== 1) break;
    await admin.call(
      'POST',
      '/core/api/verificationChains/solve',
      { verificationChainId: sent.verificationChain.id, decisionCode: 2, comment: 'Approved by the administrator' },
      200,
    );
  }
  const invoice = await billing.call<Ref & { number: string; status: { code: number } }>(
    'GET',
    `/core/api/invoices/${created.id}`,
  );
  expect(invoice.status.code, `invoice ${invoice.number} approved`).toBe(4);
  const payment = await billing.call<Ref & { amount: string }>('POST', '/core/api/paymentHistories', {
    paymentDate: dayOf(range.dateGte, 10),
    amount: amounts.paid,
    invoice: { id: invoice.id },
  });
  return {
    officeId: me.employeeOfficeId,
    invoice,
    payment,
    memberEmployeeId: member.employeeId,
    topEmployeeId: top.employeeId,
    memberPosition,
    topPosition,
  };
}

/** A finished job as `GET /jobs/{id}` answers it. */
export interface CalculationJob {
  status: string;
  progress: number;
  result: { periodId: number; version: number };
}

/** The answer of the SPA's `POST /cashbox/calculate`, then its job read until it is finished (the SPA polls it too). */
export async function finishedJob(api: Api, jobId: number): Promise<CalculationJob> {
  let job: CalculationJob | undefined;
  await expect
    .poll(
      async () => {
        job = await api.call<CalculationJob>('GET', `/core/api/jobs/${jobId}`);
        return job.status;
      },
      { timeout: 60_000, message: `job ${jobId} finishes` },
    )
    .toMatch(/^(succeeded|failed|cancelled)$/);
  expect(job!.status, `job ${jobId}`).toBe('succeeded');
  return job!;
}

/** Calculates `officeId`'s month through the API as `api` (CASH-40) and answers the finished job. */
export async function calculated(api: Api, officeId: number, range: { dateGte: string; dateLte: string }) {
  const started = await api.call<{ job: Ref }>('POST', '/core/api/cashbox/calculate', { ...range, officeId }, 202);
  return finishedJob(api, started.job.id);
}

/** The rows of a collection page (`_embedded[name]`), none when absent. */
export const rowsOf = <T>(page: { _embedded?: Record<string, unknown> }, name: string): T[] =>
  (page._embedded?.[name] as T[] | undefined) ?? [];

/** The full name of the employee holding `position` (`First Last`, as the report names a row). */
export async function holderName(api: Api, position: Ref): Promise<string> {
  const p = await api.call<{ employee: { gfirstName: string; glastName: string } }>(
    'GET',
    `/core/api/positions/${position.id}?projection=full`,
  );
  return `${p.employee.gfirstName} ${p.employee.glastName}`;
}
