/** Words of the engagement section: project kinds, matter subjects by practice, time narratives. */

export const PROJECT_KINDS = [
  'General corporate support',
  'Acquisition of a regional competitor',
  'Group restructuring',
  'Dispute with a former distributor',
  'Tax audit defence',
  'Syndicated loan',
  'Merger control filing',
  'Workforce restructuring',
  'Trademark portfolio',
  'Warehouse development',
  'Subsoil use contract',
  'Sanctions compliance programme',
  'Joint venture with a state company',
  'Eurobond issue',
  'Arbitration under a construction contract',
  'Data protection programme',
];

/** Matter subjects by practice index (departments.ts PRACTICES order). */
// prettier-ignore
export const MATTER_SUBJECTS: readonly (readonly string[])[] = [
  ['Share purchase agreement', 'Legal due diligence', 'Shareholders agreement', 'Corporate housekeeping', 'Board resolutions', 'Spin-off of a business unit'],
  ['Claim in the commercial court', 'ICC arbitration', 'Enforcement of an award', 'Appeal', 'Pre-trial settlement', 'Interim measures'],
  ['Tax structuring', 'Tax audit', 'Transfer pricing documentation', 'VAT refund claim', 'Tax dispute'],
  ['Facility agreement', 'Security package', 'Bond prospectus', 'Refinancing', 'Project finance documents'],
  ['Merger clearance', 'Antitrust investigation', 'Distribution agreements review', 'Dawn raid readiness'],
  ['Collective redundancy', 'Employment contracts update', 'Work permits', 'Executive dismissal', 'Bonus plan'],
  ['Trademark registrations', 'Software licence', 'Privacy notices', 'Patent opposition', 'IT outsourcing contract'],
  ['Lease of office premises', 'Land plot acquisition', 'EPC contract', 'Construction claim', 'Zoning approvals'],
  ['Subsoil licence extension', 'Power purchase agreement', 'Environmental permits', 'Offtake agreement'],
  ['Sanctions screening', 'Internal investigation', 'Anti-bribery policy', 'Export control classification'],
];

export const VERBS = [
  'Drafting',
  'Reviewing',
  'Revising',
  'Call with the client on',
  'Meeting on',
  'Research on',
  'Comments to',
  'Negotiation of',
  'Internal discussion of',
  'Preparing a memo on',
  'E-mails on',
  'Finalising',
];

export const OBJECTS = [
  'the draft agreement',
  'the disclosure letter',
  'the board minutes',
  'the statement of claim',
  'the expert report',
  'the tax position',
  'the security documents',
  'the notification to the regulator',
  'the employment terms',
  'the licence terms',
  'the lease',
  'the term sheet',
  'the due diligence findings',
  'the counterparty mark-up',
  'the court hearing',
  'the closing checklist',
  'the power of attorney',
  'the correspondence with the authority',
];

/** Task subjects by work type code (2 phone, 3 meeting, 4 e-mail, 5 task). */
export const TASKS: Record<number, readonly string[]> = {
  2: ['Call the client about next steps', 'Follow-up call', 'Call to agree the fee', 'Introductory call'],
  3: ['Meeting at the client office', 'Kick-off meeting', 'Pitch meeting', 'Status meeting'],
  4: ['Send the engagement letter', 'Send the proposal', 'Send the status report', 'Reply on the fee estimate'],
  5: ['Prepare the conflict check', 'Open the matter file', 'Update the deal tracker', 'Collect the signed documents'],
};
