import { DICTIONARY_TYPE_NAMES, dictionaryCode, type DictionaryName } from './dictionaryTypes';

/**
 * Dictionary types and the entry codes the spec fixes (DATA-MODEL.md section 11), for the seed.
 * The SPA needs only the type codes (`dictionaryTypes.ts`), not these entries. Entries listed here
 * are seeded; `id` pins an entry id (H7: 22, 66, 67).
 */
export interface DictionaryEntrySeed {
  code: number;
  gname: string;
  lname?: string;
  charCode?: string;
  /** Pinned database id (DATA-MODEL H7). */
  id?: number;
}

export interface DictionaryTypeSeed {
  code: number;
  name: string;
  gname: string;
  entries: DictionaryEntrySeed[];
}

export { dictionaryCode, type DictionaryName } from './dictionaryTypes';

const e = (code: number, gname: string, extra: Partial<DictionaryEntrySeed> = {}): DictionaryEntrySeed => ({
  code,
  gname,
  ...extra,
});

/** Each dictionary type's name and entries. Countries and languages are filled from ISO packages by the seed. */
const SEEDS: Record<DictionaryName, Omit<DictionaryTypeSeed, 'code' | 'name'>> = {
  DEPARTMENT_TYPE: {
    gname: 'Department type',
    entries: [
      e(2, 'Firm'),
      e(4, 'Top management'),
      e(5, 'Managing partners'),
      e(6, 'Board'),
      e(7, 'Sector'),
      e(9, 'Practice group'),
      e(10, 'Support'),
      e(14, 'Business team'),
      e(15, 'Service'),
      e(16, 'Product'),
    ],
  },
  DEPARTMENT_STATUS: { gname: 'Department status', entries: [e(1, 'Active'), e(2, 'Inactive')] },
  COUNTRY: { gname: 'Country', entries: [] },
  LANGUAGE: { gname: 'Language', entries: [] },
  PUBLISH_LEVEL: {
    gname: 'Publish level',
    entries: [
      'country',
      'office',
      'department',
      'employee',
      'news',
      'newsletter',
      'matter',
      'publication',
      'events',
      'video',
      'page',
      'experience',
      'project',
      'menu',
      'vacancy',
      'podcast',
    ].map((n, i) => e(i + 1, n, { charCode: n })),
  },
  BUSINESS_FORM: {
    gname: 'Business form',
    entries: [
      e(1, 'LLP'),
      e(2, 'JSC'),
      e(3, 'LLC'),
      e(4, 'Sole proprietor'),
      e(5, 'Public company'),
      e(6, 'Non-profit'),
    ],
  },
  CONTACT_STAGE: { gname: 'Contact stage', entries: [e(1, 'New'), e(2, 'Engaged'), e(3, 'Client'), e(4, 'Dormant')] },
  CONTACT_RANK: {
    gname: 'Contact rank',
    entries: [e(1, 'Decision maker'), e(2, 'Influencer'), e(3, 'Gatekeeper'), e(4, 'User')],
  },
  CONTACT_SPECIALIZATION: {
    gname: 'Contact specialization',
    entries: [e(1, 'Legal'), e(2, 'Finance'), e(3, 'Tax'), e(4, 'HR'), e(5, 'Procurement'), e(6, 'Management')],
  },
  DEAL_STAGE: {
    gname: 'Deal stage',
    entries: [
      e(1, 'Prospecting'),
      e(2, 'First point of contact'),
      e(3, 'Negotiation'),
      e(4, 'Presentation scheduled'),
      e(5, 'Decision making'),
      e(6, 'Proposal sent'),
      e(7, 'Project execution'),
      e(8, 'Invoiced'),
      e(9, 'Closed won'),
      e(10, 'Closed lost'),
    ],
  },
  LEAD_SOURCE: {
    gname: 'Lead source',
    entries: [e(1, 'Referral'), e(2, 'Website'), e(3, 'Event'), e(4, 'Existing client')],
  },
  WORK_TYPE: {
    gname: 'Work type',
    entries: [e(1, 'Time entry'), e(2, 'Phone'), e(3, 'Meeting'), e(4, 'E-mail'), e(5, 'Task')],
  },
  BILLING_STATUS: {
    gname: 'Billing status',
    entries: [e(1, 'Not billable'), e(2, 'Unbilled'), e(3, 'In pre-invoice'), e(4, 'Invoiced'), e(5, 'Written off')],
  },
  VERIFICATION_DECISION: {
    gname: 'Verification decision',
    entries: [e(1, 'Pending'), e(2, 'Approved'), e(3, 'Rejected')],
  },
  MATTER_STATUS: { gname: 'Matter status', entries: [e(1, 'Open'), e(2, 'On hold'), e(3, 'Closed')] },
  BILL_TYPE: { gname: 'Bill type', entries: [e(1, 'Fixed fee'), e(2, 'Rate-based')] },
  BUDGET_TYPE: {
    gname: 'Budget type',
    entries: [e(1, 'Marketing'), e(2, 'Business development'), e(3, 'Office'), e(4, 'Training')],
  },
  PAYER_TYPE: { gname: 'Payer type', entries: [e(1, 'Office'), e(2, 'Department'), e(3, 'Position')] },
  EXPENSE_TYPE: {
    gname: 'Expense type',
    entries: [e(1, 'Travel'), e(2, 'Court fees'), e(3, 'Translation'), e(4, 'Courier'), e(5, 'Notary')],
  },
  INVOICE_STATUS: {
    gname: 'Invoice status',
    entries: [
      e(1, 'Draft'),
      e(2, 'On verification'),
      e(3, 'Cancelled'),
      e(4, 'Approved'),
      e(5, 'Paid'),
      e(6, 'Partly paid'),
    ],
  },
  APPROVER_TYPE: {
    gname: 'Approver type',
    entries: [e(1, 'Budget'), e(2, 'Expense'), e(3, 'Pre-invoice'), e(4, 'Invoice'), e(5, 'Matter')],
  },
  PRE_INVOICE_STATUS: {
    gname: 'Pre-invoice status',
    entries: [
      e(1, 'Draft'),
      e(2, 'On verification'),
      e(3, 'Rejected'),
      e(4, 'Approved'),
      e(5, 'Acted', { id: 66 }),
      e(6, 'Closed', { id: 67 }),
    ],
  },
  EMPLOYEE_STATUS: { gname: 'Employee status', entries: [e(1, 'Active'), e(2, 'On leave'), e(3, 'Dismissed')] },
  GENDER: { gname: 'Gender', entries: [e(1, 'Female'), e(2, 'Male')] },
  OFFICE_TYPE: { gname: 'Office type', entries: [e(1, 'Head office'), e(2, 'Branch'), e(3, 'Representative office')] },
  OFFICE_STATUS: { gname: 'Office status', entries: [e(1, 'Active'), e(2, 'Closed')] },
  NATIONAL_BANK_TYPE: { gname: 'National bank type', entries: [e(1, 'Resident'), e(2, 'Non-resident')] },
  TRAFFIC_TYPE: { gname: 'Traffic type', entries: [e(1, 'Inbound'), e(2, 'Outbound')] },
  INCOME_DISTRIBUTION_TYPE: {
    gname: 'Income distribution type',
    entries: [e(1, 'Office'), e(2, 'Fund'), e(3, 'Transfer')],
  },
  FUND_TYPE: { gname: 'Fund type', entries: [e(1, 'Sector'), e(2, 'Office'), e(3, 'BD')] },
  FUND_SCHEME: { gname: 'Fund scheme', entries: [1, 2, 3, 4, 5, 6].map((c) => e(c, `Scheme ${c}`)) },
  POSITION_FUND_TYPE: { gname: 'Position fund type', entries: [e(1, 'Partner fund'), e(2, 'Office fund')] },
  POSITION_LEVEL: {
    gname: 'Position level',
    entries: [
      e(1, 'Subordinates', { id: 22 }),
      e(2, 'Associate'),
      e(3, 'Senior associate'),
      e(4, 'Junior partner'),
      e(5, 'Partner'),
    ],
  },
  POSITION_STATUS: { gname: 'Position status', entries: [e(1, 'Active'), e(2, 'Closed')] },
  DOCUMENT_TYPE: {
    gname: 'Document type',
    entries: [e(1, 'Invoice'), e(2, 'Pre-invoice'), e(3, 'Act'), e(4, 'Contract')],
  },
  TEMPLATE_LOCATION_TYPE: { gname: 'Template location type', entries: [e(1, 'Local'), e(2, 'International')] },
  CASHBOX_VERSION: { gname: 'Cashbox version', entries: [e(1, 'Version 1'), e(2, 'Version 2'), e(3, 'Version 3')] },
  TRANSFER_TYPE: { gname: 'Transfer type', entries: [e(1, 'Direct'), e(2, 'Fund')] },
  CASHBOX_INCOME_CATEGORY: {
    gname: 'Cashbox income category',
    entries: [
      'Income',
      'Personal Budget',
      'Paid Expense',
      'Non Cash Not Prepaid Expense',
      'Cash Budget',
      'Cash Prepaid Expense',
      'Transfer Amount',
    ].map((n, i) => e(i + 1, n)),
  },
  DEBT_PAYMENT_STATUS: { gname: 'Debt payment status', entries: [e(1, 'Unpaid'), e(2, 'Paid')] },
  CONTENT_STATUS: { gname: 'Content status', entries: [e(1, 'Draft'), e(2, 'Published'), e(3, 'Deleted')] },
  COUNTRY_TYPE: { gname: 'Country type', entries: [e(1, 'Office country'), e(2, 'Coverage country')] },
  STORAGE_FOLDER_TYPE: { gname: 'Storage folder type', entries: [e(1, 'Images'), e(2, 'Documents')] },
  COURT_INSTANCE_TYPE: {
    gname: 'Court instance type',
    entries: [e(1, 'First instance'), e(2, 'Appeal'), e(3, 'Cassation')],
  },
  COURT_CASE_TYPE: { gname: 'Court case type', entries: [e(1, 'Civil'), e(2, 'Administrative'), e(3, 'Criminal')] },
  HR_REQUEST_STATUS: { gname: 'HR request status', entries: [e(1, 'New'), e(2, 'In progress'), e(3, 'Done')] },
};

/** Every dictionary type with its code and seeded entries, in code order (seed and tests). */
export const DICTIONARY_TYPES: readonly DictionaryTypeSeed[] = DICTIONARY_TYPE_NAMES.map((name) => ({
  code: dictionaryCode(name),
  name,
  ...SEEDS[name],
}));
