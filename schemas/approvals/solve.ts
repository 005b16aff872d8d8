import type { EntityAction } from '../define';
import { f } from '../define';

/**
 * `POST /core/api/verificationChains/solve` (CONST-05): one decision on a chain.
 *
 * Body: `{ "verificationChainId": 12, "decisionCode": 2 | 3, "comment": "...", "actionPayload"?,
 * "number"?, "version"? }`. Decision 2 approves the current step, 3 rejects it and ends the chain
 * (a non-blank comment is required unless the owner's `verification.rejectComment` is
 * `'optional'`). Steps are decided in `orderliness` order, and only the
 * current step's approver or an admin decides (an admin decides the current step in the
 * approver's place). The last approval sets the chain to 2; a rejection sets it to 3; either calls
 * the owner's `verification.onDecided`. `version`, when sent, must be the chain's version as read.
 *
 * Answers the chain as `GET /core/api/verificationChains/{id}` does. Errors: 400 `Validation
 * failed` (a rejection without a comment, a code other than 2 or 3), 404 (a chain the user may
 * not read), 403 (not the current approver), 409 (the chain or the user's step is already
 * decided, or it changed since `version`). The chain's row is locked for the decision, so of two
 * concurrent decisions on one step exactly one is taken; the other gets the 409.
 */

/** The solve action of `verificationChains`: its signature (the body: `server/approvals/solve.ts`). */
export const solveAction: EntityAction = {
  level: 'collection',
  summary: 'Approve (decisionCode 2) or reject (3, with a comment) the current step of a verification chain',
  input: {
    verificationChainId: f.number({ required: true, integer: true, min: 1 }),
    decisionCode: f.number({ required: true, integer: true, min: 2, max: 3 }),
    comment: f.longText(),
    actionPayload: f.longText({ maxLength: 10000 }),
    number: f.text({ maxLength: 64 }),
    version: f.number({ integer: true, min: 0 }),
  },
  // any signed-in user may ask; the handler decides: the chain must be readable (404) and the
  // user the current step's approver or an admin (403)
  access: { privilege: 'view' },
};
