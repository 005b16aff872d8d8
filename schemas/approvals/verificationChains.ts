import { rule, type AccessCondition } from '../accessRule';
import { defineEntity, f, hasTrash, VERIFICATION_OWNER_TYPES, type AccessSubject } from '../define';
import { schemas } from '../registry';
import { solveAction } from './solve';

const isAdmin = (user: AccessSubject) => user.roles.includes('ADMIN') || user.roles.includes('SUPER_ADMIN');

/**
 * A chain is readable by whoever can read the document it belongs to: for each entity that
 * declares `verification`, a chain of its `ownerType` whose owner record the user may read (that
 * entity's module and access rule). A document in the trash is readable by no one, so its chain
 * leaves every inbox and list (and cannot be decided) until the document is restored. Admins
 * read every other chain.
 */
export function ownerReadable(user: AccessSubject): AccessCondition | null {
  // the registry is read when a request asks, never while the modules load
  const owners = schemas.filter((s) => s.verification);
  if (isAdmin(user)) {
    const trashed = owners.filter(hasTrash);
    if (trashed.length === 0) return null;
    return rule.and(
      ...trashed.map((s) => rule.or(rule.ne('ownerType', s.verification!.ownerType), rule.readable(s.name, 'ownerId'))),
    );
  }
  return rule.or(
    ...owners.map((s) => rule.and(rule.eq('ownerType', s.verification!.ownerType), rule.readable(s.name, 'ownerId'))),
  );
}

/**
 * Verification chains (CONST-04/05, EXP-04, MAT-06): the approval of one document, built by the
 * server when a document whose entity declares `verification` is created, and decided only
 * through `POST /core/api/verificationChains/solve` (its body: `server/approvals/solve.ts`). The list is
 * the "Waiting for me" inbox: its default filter is `waitingForMe=true`.
 */
export const verificationChains = defineEntity({
  name: 'verificationChains',
  entityName: 'VerificationChain',
  label: 'Approvals',
  area: 'approvals',
  icon: 'FactCheck',
  access: { read: 'signedIn', write: 'admin', page: 'signedIn' },
  // chains are built by the documents' creates and decided by the solve action only
  genericWrites: { create: false, update: false, delete: false },
  fields: {
    description: f.longText({ readOnly: true, label: 'Description' }),
    verificationApproverList: f.children('verificationApprovers', {
      via: 'verificationChain',
      readOnly: true,
      label: 'Approvers',
    }),
    decision: f.dictionary('VERIFICATION_DECISION', { readOnly: true, label: 'Decision' }),
    ownerType: f.enum(VERIFICATION_OWNER_TYPES, { readOnly: true, label: 'Document type' }),
    ownerId: f.number({ integer: true, readOnly: true, label: 'Document' }),
    // the office whose approvers the chain was built from: its `allowSameApproverSteps` decides
    // whether one person may decide two steps (MC-6)
    office: f.ref('offices', { readOnly: true, onDelete: 'setNull', label: 'Office' }),
  },
  computed: {
    currentApproverId: {
      type: 'number',
      integer: true,
      label: 'Current approver id',
    },
    currentApprover: {
      type: 'text',
      label: 'Waiting for',
    },
    waitingForMe: {
      type: 'boolean',
      label: 'Waiting for me',
    },
    waitingSince: { type: 'dateTime', label: 'Waiting since' },
  },
  accessRule: ownerReadable,
  actions: { solve: solveAction },
  projections: {
    full: {
      embed: {
        decision: ['code', 'gname'],
        verificationApproverList: 'full',
      },
    },
  },
  defaultSort: [['createdDate', 'desc']],
  indexes: [['ownerType', 'ownerId']],
  search: ['description'],
  recordRepresentation: 'description',
  list: {
    columns: ['ownerType', 'ownerId', 'description', 'decision', 'currentApprover', 'waitingSince'],
    defaultFilter: { waitingForMe: true },
    filters: [
      { source: 'waitingForMe', field: 'waitingForMe', label: 'Waiting for me', alwaysOn: true },
      { source: 'ownerType', field: 'ownerType', label: 'Document type' },
      { source: 'search', label: 'Search' },
    ],
  },
  show: {
    tabs: [
      {
        name: 'main',
        label: 'Main',
        fields: ['ownerType', 'ownerId', 'description', 'decision', 'currentApprover', 'waitingSince'],
      },
    ],
  },
});

/**
 * One step of a chain: its approver, position in the order (`orderliness`, EXP-04), and the
 * decision taken with its comment and time, and who took it (`decidedBy`, `decidedByName`,
 * `onBehalf` when it was not the step's approver: "decided by Natalya Volkova for Svetlana Tsoy"). Written only by the engine; readable by whoever can
 * read its chain.
 */
export const verificationApprovers = defineEntity({
  name: 'verificationApprovers',
  entityName: 'VerificationApprover',
  label: 'Verification approvers',
  area: 'approvals',
  icon: 'HowToReg',
  hideFromMenu: true,
  access: { read: 'signedIn', write: 'admin', page: 'admin' },
  genericWrites: { create: false, update: false, delete: false },
  fields: {
    verificationChain: f.ref('verificationChains', { required: true, onDelete: 'cascade', readOnly: true }),
    orderliness: f.number({ integer: true, required: true, readOnly: true, label: 'Order' }),
    employee: f.ref('employees', { required: true, readOnly: true, label: 'Approver' }),
    decision: f.dictionary('VERIFICATION_DECISION', { readOnly: true, label: 'Decision' }),
    comment: f.longText({ readOnly: true, label: 'Comment' }),
    decisionDate: f.dateTime({ readOnly: true, label: 'Decided at' }),
    // MC-6: who took the decision (the approver, or an administrator in the approver's place),
    // the name as it was then, and whether it was taken for the step's approver by someone else
    decidedBy: f.ref('users', { readOnly: true, onDelete: 'setNull', label: 'Decided by' }),
    decidedByName: f.text({ readOnly: true, maxLength: 240, label: 'Decided by' }),
    onBehalf: f.boolean({ readOnly: true, default: false, label: 'Decided for the approver' }),
  },
  accessRule: (user) => (isAdmin(user) ? null : rule.readable('verificationChains', 'verificationChainId')),
  projections: {
    full: { embed: { employee: ['gfirstName', 'glastName'], decision: ['code', 'gname'] } },
  },
  defaultSort: [['orderliness', 'asc']],
  recordRepresentation: 'orderliness',
  list: {
    columns: ['verificationChain', 'orderliness', 'employee', 'decision', 'decidedByName', 'comment', 'decisionDate'],
  },
});
