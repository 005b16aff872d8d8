import fc from 'fast-check';
import { toMoney, type Money } from '../../schemas/money';
import {
  type Currency,
  decides,
  INV,
  type InvoiceModel,
  type Model,
  openOf,
  PRE,
  preBillable,
  type Real,
  refresh,
  type Role,
  ROLES,
  sends,
  setLines,
  timeBillable,
  USER_OF,
  writes,
} from './billingModel';
import { differences } from './billingModelReal';

/**
 * The steps of the model-based billing test (MC-model): each is a `fast-check` async command that
 * predicts from the model whether the server accepts it, sends it through `app.inject` as a
 * random role, asserts the answer (2xx when predicted, else one of 400/403/404/409), updates the
 * model only on success, and then compares every document of the run with the model
 * (`differences`), so a refused step that changed anything fails at once.
 */

type Answer = { status: number; body: Record<string, unknown> };
/** Steps run so far in this process, and how many the server accepted (the test prints them). */
export const tally = { run: 0, accepted: 0 };
const REFUSED = [400, 403, 404, 409];

/** Resolves a random pick against a list (undefined for an empty list). */
const pick = <T>(xs: T[], n: number): T | undefined => (xs.length === 0 ? undefined : xs[n % xs.length]);
const unique = <T>(xs: T[]) => [...new Set(xs)];

abstract class Step implements fc.AsyncCommand<Model, Real> {
  constructor(readonly role: Role) {}
  check(m: Model): boolean {
    return this.target(m);
  }
  /** Whether the step has something to act on. */
  protected target: (m: Model) => boolean = () => true;
  /** Whether the server should accept the step. */
  protected abstract allowed: (m: Model) => boolean;
  protected abstract send: (m: Model, r: Real) => Promise<Answer>;
  /** Updates the model after an accepted step. */
  protected abstract apply: (m: Model, a: Answer) => void;
  protected call(r: Real, method: 'GET' | 'POST' | 'PATCH', url: string, body?: unknown): Promise<Answer> {
    return r.h.json(USER_OF[this.role], method, url, body);
  }
  async run(m: Model, r: Real): Promise<void> {
    const ok = this.allowed(m);
    const a = await this.send(m, r);
    tally.run++;
    if (ok) tally.accepted++;
    const said = `${this} answered ${a.status} ${JSON.stringify(a.body).slice(0, 300)}`;
    if (ok) {
      if (a.status < 200 || a.status >= 300) throw new Error(`predicted success: ${said}`);
      this.apply(m, a);
    } else if (!REFUSED.includes(a.status)) throw new Error(`predicted refusal: ${said}`);
    const diff = await differences(m, r);
    if (diff.length > 0) throw new Error(`after ${said}:\n  ${diff.join('\n  ')}`);
  }
}

const dict = (r: Real, type: string, code: number) => r.h.fx.dict(type, code);
const currencyId = (r: Real, c: Currency) => (c === 'USD' ? r.h.fx.currencies.usd : r.h.fx.currencies.kzt);

class CreatePre extends Step {
  constructor(
    role: Role,
    readonly currency: Currency,
    readonly cents: number,
    readonly vat: boolean,
  ) {
    super(role);
  }
  allowed = () => writes(this.role);
  send = (_m: Model, r: Real) =>
    this.call(r, 'POST', '/core/api/preInvoices', {
      date: '2026-11-12',
      project: { id: r.h.fx.projects.acmeProject },
      matter: { id: r.h.fx.matters.acmeMatter },
      payerClient: { id: r.h.fx.clients.acme },
      currency: { id: currencyId(r, this.currency) },
      amount: toMoney(this.cents).div(100).toFixed(2),
      vatPercent: this.vat ? 0.12 : 0,
    });
  apply = (m: Model, a: Answer) => {
    const amount = toMoney(this.cents).div(100);
    const gross = this.vat ? amount.plus(amount.times('0.12').toDecimalPlaces(2)) : amount;
    m.pres.push({
      id: Number(a.body.id),
      currency: this.currency,
      gross,
      status: PRE.draft,
      before: null,
      invoice: null,
    });
  };
  override toString = () => `createPre(${this.role}, ${this.currency}, ${this.cents / 100}, vat ${this.vat})`;
}

/** A step on one pre-invoice of the run. */
abstract class PreStep extends Step {
  constructor(
    role: Role,
    readonly n: number,
  ) {
    super(role);
  }
  protected override target = (m: Model) => m.pres.length > 0;
  protected pre = (m: Model) => pick(m.pres, this.n)!;
}

class SendPre extends PreStep {
  allowed = (m: Model) => sends(this.role) && [PRE.draft, PRE.rejected].includes(this.pre(m).status as 1 | 3);
  send = (m: Model, r: Real) => this.call(r, 'POST', `/core/api/preInvoices/verify/${this.pre(m).id}`);
  apply = (m: Model) => void (this.pre(m).status = PRE.verification);
  override toString = () => `sendPre(${this.role}, #${this.n})`;
}

/** Decides the chain a document waits on: approve or reject. */
async function solve(step: Step & { role: Role }, r: Real, table: string, id: number, approve: boolean) {
  const [row] = await r.h.db.query<{ chain: number | null }>(
    `SELECT verification_chain_id AS chain FROM ${table} WHERE id = $1`,
    [id],
  );
  return r.h.json<Record<string, unknown>>(USER_OF[step.role], 'POST', '/core/api/verificationChains/solve', {
    verificationChainId: Number(row?.chain ?? 0),
    decisionCode: approve ? 2 : 3,
    // a rejection needs a comment
    ...(approve ? {} : { comment: 'Rejected by the model' }),
  });
}

class DecidePre extends PreStep {
  constructor(
    role: Role,
    n: number,
    readonly approve: boolean,
  ) {
    super(role, n);
  }
  /** Mostly a pre-invoice waiting on its chain. */
  protected override pre = (m: Model) =>
    pick(
      m.pres.filter((p) => p.status === PRE.verification),
      this.n,
    ) ?? pick(m.pres, this.n)!;
  allowed = (m: Model) => decides(this.role) && this.pre(m).status === PRE.verification;
  send = (m: Model, r: Real) => solve(this, r, 'pre_invoices', this.pre(m).id, this.approve);
  apply = (m: Model) => void (this.pre(m).status = this.approve ? PRE.approved : PRE.rejected);
  override toString = () => `decidePre(${this.role}, #${this.n}, ${this.approve ? 'approve' : 'reject'})`;
}

/** The declared moves of a pre-invoice's status call (MC-2): Rejected -> Draft, Draft -> Closed, Approved -> Acted/Closed, Acted -> Closed. */
const PRE_MOVES: Record<number, number[]> = { 1: [6], 3: [1], 4: [5, 6], 5: [6] };

class MovePre extends PreStep {
  constructor(
    role: Role,
    n: number,
    readonly to: number,
  ) {
    super(role, n);
  }
  allowed = (m: Model) => {
    const p = this.pre(m);
    // a call to the status it has is answered 200 and moves nothing
    if (p.status === this.to) return writes(this.role);
    return writes(this.role) && p.invoice === null && (PRE_MOVES[p.status] ?? []).includes(this.to);
  };
  send = (m: Model, r: Real) =>
    this.call(
      r,
      'PATCH',
      `/core/api/preInvoices/verify/changeStatus/${this.pre(m).id}/${dict(r, 'PRE_INVOICE_STATUS', this.to)}`,
    );
  apply = (m: Model) => void (this.pre(m).status = this.to);
  override toString = () => `movePre(${this.role}, #${this.n}, to ${this.to})`;
}

/** Picks of lines: which time entries and pre-invoices of the run an invoice should hold. */
function lines(m: Model, currency: Currency, timePicks: number[], prePicks: number[]) {
  const pres = m.pres.filter((p) => p.currency === currency);
  return {
    times: currency === 'USD' ? unique(timePicks.map((n) => pick(m.times, n)!).filter((t) => t !== undefined)) : [],
    pres: unique(prePicks.map((n) => pick(pres, n)?.id).filter((p): p is number => p !== undefined)),
  };
}

const invoiceBody = (r: Real, currency: Currency, times: number[], pres: number[]) => ({
  date: '2026-11-12',
  periodGte: '2026-11-01',
  periodLte: '2026-11-30',
  billType: { id: dict(r, 'BILL_TYPE', 1) },
  project: { id: r.h.fx.projects.acmeProject },
  payerClient: { id: r.h.fx.clients.acme },
  previewType: 'Project',
  currency: { id: currencyId(r, currency) },
  matterList: [{ id: r.h.fx.matters.acmeMatter }],
  timeList: times.map((id) => ({ id })),
  preInvoiceList: pres.map((id) => ({ id })),
});

class CreateInvoice extends Step {
  constructor(
    role: Role,
    readonly currency: Currency,
    readonly timePicks: number[],
    readonly prePicks: number[],
  ) {
    super(role);
  }
  private lines = (m: Model) => lines(m, this.currency, this.timePicks, this.prePicks);
  allowed = (m: Model) => {
    const { times, pres } = this.lines(m);
    return (
      writes(this.role) &&
      times.every((t) => timeBillable(m, t, undefined, this.currency)) &&
      pres.every((id) =>
        preBillable(
          m.pres.find((p) => p.id === id)!,
          undefined,
          this.currency,
        ),
      )
    );
  };
  send = (m: Model, r: Real) => {
    const { times, pres } = this.lines(m);
    return this.call(r, 'POST', '/core/api/invoices', invoiceBody(r, this.currency, times, pres));
  };
  apply = (m: Model, a: Answer) => {
    const { times, pres } = this.lines(m);
    const inv: InvoiceModel = {
      id: Number(a.body.id),
      currency: this.currency,
      status: INV.draft,
      signed: false,
      times: [],
      pres: [],
      contract: '',
    };
    m.invoices.push(inv);
    setLines(m, inv, times, pres);
  };
  override toString = () =>
    `createInvoice(${this.role}, ${this.currency}, times [${this.timePicks}], pres [${this.prePicks}])`;
}

/** A step on one invoice of the run. */
abstract class InvoiceStep extends Step {
  constructor(
    role: Role,
    readonly n: number,
  ) {
    super(role);
  }
  protected override target = (m: Model) => m.invoices.length > 0;
  protected inv = (m: Model) => pick(m.invoices, this.n)!;
}

/** Adds or removes lines (MC-1: a Draft only, unless the same lines are sent again; MC-3: only what may be billed). */
class EditLines extends InvoiceStep {
  constructor(
    role: Role,
    n: number,
    readonly timePicks: number[],
    readonly prePicks: number[],
    readonly keep: boolean,
  ) {
    super(role, n);
  }
  private lines = (m: Model) =>
    this.keep
      ? { times: this.inv(m).times, pres: this.inv(m).pres }
      : lines(m, this.inv(m).currency, this.timePicks, this.prePicks);
  allowed = (m: Model) => {
    const inv = this.inv(m);
    const { times, pres } = this.lines(m);
    const sameLines =
      [...times].sort().join() === [...inv.times].sort().join() &&
      [...pres].sort().join() === [...inv.pres].sort().join();
    if (!writes(this.role)) return false;
    if (inv.status !== INV.draft) return sameLines;
    return (
      times.every((t) => timeBillable(m, t, inv, inv.currency)) &&
      pres.every((id) =>
        preBillable(
          m.pres.find((p) => p.id === id)!,
          inv,
          inv.currency,
        ),
      )
    );
  };
  send = (m: Model, r: Real) => {
    const { times, pres } = this.lines(m);
    return this.call(r, 'PATCH', `/core/api/invoices/${this.inv(m).id}`, {
      timeList: times.map((id) => ({ id })),
      preInvoiceList: pres.map((id) => ({ id })),
    });
  };
  apply = (m: Model) => {
    const { times, pres } = this.lines(m);
    setLines(m, this.inv(m), times, pres);
  };
  override toString = () =>
    `editLines(${this.role}, #${this.n}, ${this.keep ? 'same lines' : `times [${this.timePicks}], pres [${this.prePicks}]`})`;
}

/**
 * Edits a field of the invoice (the contract): a Draft only (MC-1). Sending back the value it holds
 * changes nothing and passes in any status, as the SPA's whole-record PUT needs.
 */
class EditField extends InvoiceStep {
  constructor(
    role: Role,
    n: number,
    readonly text: string,
  ) {
    super(role, n);
  }
  private value = (m: Model) => `${this.text}-${m.invoices.length}-${this.inv(m).contract.length}`;
  allowed = (m: Model) =>
    writes(this.role) && (this.inv(m).status === INV.draft || this.inv(m).contract === this.value(m));
  send = (m: Model, r: Real) =>
    this.call(r, 'PATCH', `/core/api/invoices/${this.inv(m).id}`, { contract: this.value(m) });
  apply = (m: Model) => void (this.inv(m).contract = this.value(m));
  override toString = () => `editField(${this.role}, #${this.n}, ${this.text})`;
}

class SendInvoice extends InvoiceStep {
  allowed = (m: Model) => sends(this.role) && this.inv(m).status === INV.draft;
  send = (m: Model, r: Real) => this.call(r, 'POST', `/core/api/invoices/verify/${this.inv(m).id}/check-documents`);
  apply = (m: Model) => void (this.inv(m).status = INV.verification);
  override toString = () => `sendInvoice(${this.role}, #${this.n})`;
}

class DecideInvoice extends InvoiceStep {
  constructor(
    role: Role,
    n: number,
    readonly approve: boolean,
  ) {
    super(role, n);
  }
  /** Mostly an invoice waiting on its chain. */
  protected override inv = (m: Model) =>
    pick(
      m.invoices.filter((i) => i.status === INV.verification),
      this.n,
    ) ?? pick(m.invoices, this.n)!;
  allowed = (m: Model) => decides(this.role) && this.inv(m).status === INV.verification;
  send = (m: Model, r: Real) => solve(this, r, 'invoices', this.inv(m).id, this.approve);
  apply = (m: Model) => {
    const inv = this.inv(m);
    inv.status = this.approve ? INV.approved : INV.draft;
    // approved, it shows at once what its pre-invoices were paid
    refresh(m, inv);
  };
  override toString = () => `decideInvoice(${this.role}, #${this.n}, ${this.approve ? 'approve' : 'reject'})`;
}

/**
 * Back to Draft with a comment (MC-2): from On verification or Approved, not once acted or paid.
 * A Draft asked to be Draft is answered 200 and stays as it is (no move).
 */
class BackToDraft extends InvoiceStep {
  allowed = (m: Model) => {
    const inv = this.inv(m);
    if (inv.status === INV.draft) return writes(this.role);
    return writes(this.role) && !inv.signed && (inv.status === INV.verification || inv.status === INV.approved);
  };
  send = (m: Model, r: Real) =>
    this.call(
      r,
      'PATCH',
      `/core/api/invoices/verify/changeStatus/${this.inv(m).id}/${dict(r, 'INVOICE_STATUS', INV.draft)}`,
      {
        comment: 'Correction',
      },
    );
  apply = (m: Model) => void (this.inv(m).status = INV.draft);
  override toString = () => `backToDraft(${this.role}, #${this.n})`;
}

class Act extends InvoiceStep {
  allowed = (m: Model) =>
    writes(this.role) && [INV.approved, INV.paid, INV.partlyPaid].includes(this.inv(m).status as 4);
  send = (m: Model, r: Real) => this.call(r, 'PATCH', `/core/api/invoices/${this.inv(m).id}/act`);
  apply = (m: Model) => void (this.inv(m).signed = true);
  override toString = () => `act(${this.role}, #${this.n})`;
}

class Recalculate extends InvoiceStep {
  allowed = (m: Model) => writes(this.role) && this.inv(m).status === INV.draft;
  send = (m: Model, r: Real) => this.call(r, 'PATCH', `/core/api/invoices/recalculate/${this.inv(m).id}`);
  apply = () => undefined;
  override toString = () => `recalculate(${this.role}, #${this.n})`;
}

/**
 * How much a payment pays: all that is open, a part of it, or a cent too much. All of nothing (a
 * paid document) is a payment of 0, which the server takes (no rule refuses it).
 */
type PayShare = 'all' | 'part' | 'over';
const payAmount = (open: Money, share: PayShare): Money =>
  share === 'all' ? open : share === 'over' ? open.plus('0.01') : open.div(3).toDecimalPlaces(2);

class PayInvoice extends InvoiceStep {
  constructor(
    role: Role,
    n: number,
    readonly share: PayShare,
  ) {
    super(role, n);
  }
  private amount = (m: Model) => payAmount(openOf(m, { invoice: this.inv(m).id }), this.share);
  allowed = (m: Model) => {
    const amount = this.amount(m);
    return (
      writes(this.role) &&
      [INV.approved, INV.paid, INV.partlyPaid].includes(this.inv(m).status as 4) &&
      !amount.isNegative() &&
      amount.lessThanOrEqualTo(openOf(m, { invoice: this.inv(m).id }))
    );
  };
  send = (m: Model, r: Real) =>
    this.call(r, 'POST', '/core/api/paymentHistories', {
      paymentDate: '2026-11-15',
      amount: this.amount(m).toFixed(2),
      invoice: { id: this.inv(m).id },
    });
  apply = (m: Model, a: Answer) => {
    m.payments.push({
      id: Number(a.body.id),
      invoice: this.inv(m).id,
      preInvoice: null,
      amount: this.amount(m),
      reversed: false,
    });
    refresh(m, this.inv(m));
  };
  override toString = () => `payInvoice(${this.role}, #${this.n}, ${this.share})`;
}

class PayPre extends PreStep {
  constructor(
    role: Role,
    n: number,
    readonly share: PayShare,
  ) {
    super(role, n);
  }
  private amount = (m: Model) => payAmount(openOf(m, { preInvoice: this.pre(m).id }), this.share);
  allowed = (m: Model) => {
    const amount = this.amount(m);
    return (
      writes(this.role) && !amount.isNegative() && amount.lessThanOrEqualTo(openOf(m, { preInvoice: this.pre(m).id }))
    );
  };
  send = (m: Model, r: Real) =>
    this.call(r, 'POST', '/core/api/paymentHistories', {
      paymentDate: '2026-11-15',
      amount: this.amount(m).toFixed(2),
      preInvoice: { id: this.pre(m).id },
    });
  apply = (m: Model, a: Answer) => {
    const p = this.pre(m);
    m.payments.push({
      id: Number(a.body.id),
      invoice: null,
      preInvoice: p.id,
      amount: this.amount(m),
      reversed: false,
    });
    const inv = m.invoices.find((i) => i.id === p.invoice);
    if (inv) refresh(m, inv);
  };
  override toString = () => `payPre(${this.role}, #${this.n}, ${this.share})`;
}

/** Reverses a payment (MC-5): a billing manager, once. */
class Reverse extends Step {
  constructor(
    role: Role,
    readonly n: number,
  ) {
    super(role);
  }
  protected override target = (m: Model) => m.payments.length > 0;
  private payment = (m: Model) => pick(m.payments, this.n)!;
  allowed = (m: Model) => writes(this.role) && !this.payment(m).reversed;
  send = (m: Model, r: Real) =>
    this.call(r, 'POST', `/core/api/paymentHistories/${this.payment(m).id}/reverse`, { comment: 'Wrong document' });
  apply = (m: Model) => {
    const p = this.payment(m);
    p.reversed = true;
    const invoice = p.invoice ?? m.pres.find((x) => x.id === p.preInvoice)?.invoice ?? null;
    const inv = m.invoices.find((i) => i.id === invoice);
    if (inv) refresh(m, inv);
  };
  override toString = () => `reverse(${this.role}, #${this.n})`;
}

const role = fc.constantFrom(...ROLES);
/** Mostly the roles that may write, so most steps get past the door. */
const actor = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom<Role>('admin', 'manager') },
  { weight: 1, arbitrary: role },
);
const n = fc.nat({ max: 50 });
const currency = fc.constantFrom<Currency>('USD', 'USD', 'KZT');
const picks = fc.array(n, { maxLength: 3 });
const share = fc.constantFrom<PayShare>('all', 'part', 'part', 'over');

/** Every step the test draws from, with weights towards the money moves. */
export const steps = [
  fc
    .tuple(actor, currency, fc.integer({ min: 1, max: 5_000_000 }), fc.boolean())
    .map(([r, c, cents, vat]) => new CreatePre(r, c, cents, vat)),
  fc.tuple(actor, n).map(([r, i]) => new SendPre(r, i)),
  fc.tuple(role, n, fc.boolean()).map(([r, i, ok]) => new DecidePre(r, i, ok)),
  fc.tuple(actor, n, fc.constantFrom(1, 2, 4, 5, 6)).map(([r, i, to]) => new MovePre(r, i, to)),
  fc.tuple(actor, currency, picks, picks).map(([r, c, t, p]) => new CreateInvoice(r, c, t, p)),
  fc.tuple(actor, n, picks, picks, fc.boolean()).map(([r, i, t, p, keep]) => new EditLines(r, i, t, p, keep)),
  fc.tuple(actor, n, fc.constantFrom('C-1', 'C-2')).map(([r, i, t]) => new EditField(r, i, t)),
  fc.tuple(actor, n).map(([r, i]) => new SendInvoice(r, i)),
  fc.tuple(role, n, fc.boolean()).map(([r, i, ok]) => new DecideInvoice(r, i, ok)),
  fc.tuple(actor, n).map(([r, i]) => new BackToDraft(r, i)),
  fc.tuple(actor, n).map(([r, i]) => new Act(r, i)),
  fc.tuple(actor, n).map(([r, i]) => new Recalculate(r, i)),
  fc.tuple(actor, n, share).map(([r, i, s]) => new PayInvoice(r, i, s)),
  fc.tuple(actor, n, share).map(([r, i, s]) => new PayPre(r, i, s)),
  fc.tuple(actor, n).map(([r, i]) => new Reverse(r, i)),
];
