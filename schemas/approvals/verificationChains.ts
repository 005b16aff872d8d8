import { defineEntity, f } from '../define';

/**
 * An approval chain of one document (a matter, budget, expense, pre-invoice or invoice): ordered
 * approvers, each deciding in turn (CONST-04/05). Decided only through the chain's solve action.
 */
export const verificationChains = defineEntity({
  name: 'verificationChains',
  entityName: 'VerificationChain',
  label: 'Approvals',
  area: 'approvals',
  icon: 'FactCheck',
  access: { read: 'signedIn', write: 'admin', page: 'signedIn' },
  fields: {
    description: f.text(),
    decision: f.dictionary('VERIFICATION_DECISION', { readOnly: true }),
    ownerType: f.enum(['MATTER', 'BUDGET', 'EXPENSE', 'PRE_INVOICE', 'INVOICE'], {
      readOnly: true,
      label: 'Document type',
    }),
    ownerId: f.number({ integer: true, readOnly: true, label: 'Document' }),
    verificationApproverList: f.children('verificationApprovers', { via: 'verificationChain', label: 'Approvers' }),
  },
  projections: { full: { embed: { decision: ['code', 'gname'] } } },
  recordRepresentation: 'description',
  list: { projection: 'full', columns: ['description', 'ownerType', 'ownerId', 'decision'] },
});

/** One approver of a chain, deciding at its place in the order (`orderliness`, EXP-04). */
export const verificationApprovers = defineEntity({
  name: 'verificationApprovers',
  entityName: 'VerificationApprover',
  label: 'Approvers',
  area: 'approvals',
  icon: 'HowToReg',
  hideFromMenu: true,
  access: { read: 'signedIn', write: 'admin', page: 'admin' },
  fields: {
    verificationChain: f.ref('verificationChains', { required: true, onDelete: 'cascade' }),
    orderliness: f.number({ integer: true, min: 0, required: true }),
    employee: f.ref('employees', { required: true }),
    decision: f.dictionary('VERIFICATION_DECISION', { readOnly: true }),
    comment: f.longText({ readOnly: true }),
    decisionDate: f.dateTime({ readOnly: true, label: 'Decided' }),
  },
  projections: { full: { embed: { employee: ['gfirstName', 'glastName'], decision: ['code', 'gname'] } } },
  defaultSort: [['orderliness', 'asc']],
  recordRepresentation: 'id',
  list: {
    projection: 'full',
    columns: ['verificationChain', 'orderliness', 'employee', 'decision', 'comment', 'decisionDate'],
  },
});
