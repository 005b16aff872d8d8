import type { ActionContext, WireRecord } from '../../schemas/define';
import { schemas } from '../../schemas/index';
import { verificationBodies } from './start';

/**
 * The body of `POST /core/api/verificationChains/solve` (CONST-05): one decision on a chain.
 *
 * Body: `{ "verificationChainId": 12, "decisionCode": 2 | 3, "comment": "...", "actionPayload"?,
 * "number"?, "version"? }`. Decision 2 approves the current step, 3 rejects it and ends the chain
 * (a non-blank comment is required unless the owner's `verification.rejectComment` is
 * `'optional'`). Steps are decided in `orderliness` order, and only the
 * current step's approver or an admin decides (an admin decides the current step in the
 * approver's place; the step keeps both: its approver and `decidedBy` / `decidedByName` /
 * `onBehalf`, MC-6). One person decides at most one step of a chain unless the chain's office
 * allows more (`offices.allowSameApproverSteps`, MC-6: 409 naming the step already decided). The last approval sets the chain to 2; a rejection sets it to 3; either calls
 * the owner's `verification.onDecided`. `version`, when sent, must be the chain's version as read.
 *
 * Answers the chain as `GET /core/api/verificationChains/{id}` does. Errors: 400 `Validation
 * failed` (a rejection without a comment, a code other than 2 or 3), 404 (a chain the user may
 * not read), 403 (not the current approver), 409 (the chain or the user's step is already
 * decided, or it changed since `version`, or the user already decided another step of it). The chain's row is locked for the decision, so of two
 * concurrent decisions on one step exactly one is taken; the other gets the 409.
 */

type Step = {
  id: number;
  orderliness: number;
  employee: { id: number; gfirstName?: string; glastName?: string };
  decidedBy?: { id?: number } | null;
};
type Decided = { code: number; gname?: string };

const httpError = (statusCode: number, message: string, errors?: unknown[]) =>
  Object.assign(new Error(message), { statusCode, ...(errors ? { errors } : {}) });

const isAdmin = (roles: string[]) => roles.includes('ADMIN') || roles.includes('SUPER_ADMIN');
const codeOf = (v: unknown): number | undefined => (v as Decided | null)?.code;
const stepCode = (s: WireRecord): number | undefined => codeOf(s.decision);
const nameOf = (s: Step) => [s.employee.gfirstName, s.employee.glastName].filter(Boolean).join(' ');

/** The VERIFICATION_DECISION entry id of `code` (type code 15, whose id is its code). */
async function decisionId(ctx: ActionContext, code: number): Promise<number> {
  const [row] = await ctx.tx.query<{ id: number }>(
    'SELECT id FROM base_dictionaries WHERE type_id = 15 AND code = $1',
    [code],
  );
  return Number(row!.id);
}

/**
 * Whether the office a chain was built from lets one person decide several of its steps
 * (`offices.allowSameApproverSteps`, false by default and for a chain without an office: MC-6).
 */
async function sameApproverAllowed(ctx: ActionContext, chain: WireRecord): Promise<boolean> {
  const office = (chain.office as { id?: number } | null | undefined)?.id;
  if (office === undefined || office === null) return false;
  const [row] = await ctx.tx.query<{ allow: boolean | null }>(
    'SELECT allow_same_approver_steps AS allow FROM offices WHERE id = $1',
    [office],
  );
  return row?.allow === true;
}

/** The decided step of `steps` the user already took (as its approver or for another), if any. */
function stepDecidedBy(steps: WireRecord[], user: ActionContext['user'], userId: number | null): Step | undefined {
  return steps.find((s) => {
    if (stepCode(s) === 1) return false;
    const by = (s as Step).decidedBy?.id;
    // a step decided before `decidedBy` was kept counts as its approver's
    return by !== undefined && by !== null
      ? Number(by) === userId
      : user.employeeId !== null && (s as Step).employee.id === user.employeeId;
  }) as Step | undefined;
}

/** The name of the deciding user as the trail shows it: the employee's name, else the username. */
async function deciderName(ctx: ActionContext): Promise<string> {
  const { user } = ctx;
  if (user.employeeId !== null) {
    const [row] = await ctx.tx.query<{ name: string | null }>(
      "SELECT trim(concat_ws(' ', gfirst_name, glast_name)) AS name FROM employees WHERE id = $1",
      [user.employeeId],
    );
    if (row?.name) return row.name;
  }
  return user.username;
}

export async function solve(ctx: ActionContext): Promise<WireRecord> {
  const { input, user } = ctx;
  const chainId = input.verificationChainId as number;
  const code = input.decisionCode as number;
  const comment = typeof input.comment === 'string' && input.comment.trim() !== '' ? input.comment.trim() : null;
  const chain = await ctx.read(chainId, { lock: true });
  const owner = schemas.find((s) => s.verification?.ownerType === chain.ownerType);
  if (code === 3 && comment === null && owner?.verification?.rejectComment !== 'optional')
    throw httpError(400, 'Validation failed', [
      {
        entity: 'VerificationChain.solve',
        property: 'comment',
        invalidValue: input.comment ?? null,
        message: 'a rejection needs a comment',
      },
    ]);
  const chainCode = codeOf(chain.decision);
  if (chainCode !== 1)
    throw httpError(
      409,
      `This approval is already ${chainCode === 3 ? 'rejected' : chainCode === 4 ? 'cancelled' : 'approved'}; nothing is left to decide`,
    );
  if (input.version !== undefined && input.version !== null && input.version !== chain.version)
    throw httpError(
      409,
      'This approval changed since you opened it (someone decided a step); reload it and decide again',
    );
  const steps = [...((chain.verificationApproverList as WireRecord[] | undefined) ?? [])].sort(
    (a, b) => Number(a.orderliness) - Number(b.orderliness) || Number(a.id) - Number(b.id),
  );
  const current = steps.find((s) => stepCode(s) === 1) as Step | undefined;
  if (!isAdmin(user.roles) && (user.employeeId === null || current?.employee.id !== user.employeeId)) {
    const mine = steps.find((s) => (s as Step).employee.id === user.employeeId && stepCode(s) !== 1);
    if (user.employeeId !== null && mine)
      throw httpError(409, 'Your step of this approval is already decided; it now waits for the next approver');
    throw httpError(
      403,
      current
        ? `Only the current approver (${nameOf(current) || `employee ${current.employee.id}`}) or an administrator may decide this step`
        : 'Only an administrator may decide an approval without approvers',
    );
  }
  // MC-6 segregation of duties: one person decides at most one step of a chain, unless the office allows more
  const [account] = await ctx.tx.query<{ id: number }>('SELECT id FROM app_users WHERE username = $1', [user.username]);
  const userId = account ? Number(account.id) : null;
  const already = current ? stepDecidedBy(steps, user, userId) : undefined;
  if (already && !(await sameApproverAllowed(ctx, chain)))
    throw httpError(
      409,
      `You already decided step ${already.orderliness} of this approval (${nameOf(already) || `employee ${already.employee.id}`}'s step); ` +
        `step ${current!.orderliness} (${nameOf(current!) || `employee ${current!.employee.id}`}) must be decided by someone else: ` +
        'the office does not allow one person to decide two steps of one approval',
    );
  const decided = await decisionId(ctx, code);
  if (current)
    await ctx.write('verificationApprovers', current.id, {
      decision: { id: decided },
      comment,
      decisionDate: new Date().toISOString(),
      // MC-6: who decided, and whether for the step's approver
      decidedBy: userId === null ? null : { id: userId },
      decidedByName: (await deciderName(ctx)).slice(0, 240),
      onBehalf: user.employeeId === null || user.employeeId !== current.employee.id,
    });
  const final = code === 3 || !steps.some((s) => s.id !== current?.id && stepCode(s) === 1);
  if (final) {
    await ctx.write('verificationChains', chainId, { decision: { id: decided } });
    const onDecided = owner && verificationBodies(owner).onDecided;
    if (owner && onDecided && chain.ownerId !== null && chain.ownerId !== undefined)
      await onDecided({
        tx: ctx.tx,
        schema: owner,
        user,
        ownerId: Number(chain.ownerId),
        chainId,
        decision: code as 2 | 3,
        comment,
        actionPayload: input.actionPayload,
        number: (input.number as string | null | undefined) ?? null,
        write: ctx.write,
      });
  } else {
    // a step was decided: the chain's version moves, so a decision made on what was read before is refused
    // (an empty write: the version and the audit columns move, the history records it)
    await ctx.write('verificationChains', chainId, {});
  }
  return ctx.read(chainId);
}
