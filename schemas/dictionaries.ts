/**
 * Dictionary types and the entry codes the spec fixes (DATA-MODEL.md section 11).
 * Type codes run contiguously from 2, so DICT-03's default "count + 2" for a new type never hits a
 * seeded code. Entries listed here are seeded; `id` pins an entry id (H7: 22, 66, 67).
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

const e = (code: number, gname: string, extra: Partial<DictionaryEntrySeed> = {}): DictionaryEntrySeed => ({ code, gname, ...extra });

/** Every dictionary type, by its code. Countries and languages are filled from ISO packages by the seed. */
export const DICTIONARY_TYPES = [
  { code: 2, name: 'DEPARTMENT_TYPE', gname: 'Department type', entries: [e(2, 'Firm'), e(4, 'Top management'), e(5, 'Managing partners'), e(6, 'Board'), e(7, 'Sector'), e(9, 'Practice group'), e(10, 'Support'), e(14, 'Business team'), e(15, 'Service'), e(16, 'Product')] },
  { code: 3, name: 'DEPARTMENT_STATUS', gname: 'Department status', entries: [e(1, 'Active'), e(2, 'Inactive')] },
  { code: 4, name: 'COUNTRY', gname: 'Country', entries: [] },
  { code: 5, name: 'LANGUAGE', gname: 'Language', entries: [] },
  { code: 6, name: 'PUBLISH_LEVEL', gname: 'Publish level', entries: ['country', 'office', 'department', 'employee', 'news', 'newsletter', 'matter', 'publication', 'events', 'video', 'page', 'experience', 'project', 'menu', 'vacancy', 'podcast'].map((n, i) => e(i + 1, n, { charCode: n })) },
  { code: 7, name: 'BUSINESS_FORM', gname: 'Business form', entries: [e(1, 'LLP'), e(2, 'JSC'), e(3, 'LLC'), e(4, 'Sole proprietor'), e(5, 'Public company'), e(6, 'Non-profit')] },
  { code: 8, name: 'CONTACT_STAGE', gname: 'Contact stage', entries: [e(1, 'New'), e(2, 'Engaged'), e(3, 'Client'), e(4, 'Dormant')] },
  { code: 9, name: 'CONTACT_RANK', gname: 'Contact rank', entries: [e(1, 'Decision maker'), e(2, 'Influencer'), e(3, 'Gatekeeper'), e(4, 'User')] },
  { code: 10, name: 'CONTACT_SPECIALIZATION', gname: 'Contact specialization', entries: [e(1, 'Legal'), e(2, 'Finance'), e(3, 'Tax'), e(4, 'HR'), e(5, 'Procurement'), e(6, 'Management')] },
  { code: 11, name: 'DEAL_STAGE', gname: 'Deal stage', entries: [e(1, 'Prospecting'), e(2, 'First point of contact'), e(3, 'Negotiation'), e(4, 'Presentation scheduled'), e(5, 'Decision making'), e(6, 'Proposal sent'), e(7, 'Project execution'), e(8, 'Invoiced'), e(9, 'Closed won'), e(10, 'Closed lost')] },
  { code: 12, name: 'LEAD_SOURCE', gname: 'Lead source', entries: [e(1, 'Referral'), e(2, 'Website'), e(3, 'Event'), e(4, 'Existing client')] },
  { code: 13, name: 'WORK_TYPE', gname: 'Work type', entries: [e(1, 'Time entry'), e(2, 'Phone'), e(3, 'Meeting'), e(4, 'E-mail'), e(5, 'Task')] },
  { code: 14, name: 'BILLING_STATUS', gname: 'Billing status', entries: [e(1, 'Not billable'), e(2, 'Unbilled'), e(3, 'In pre-invoice'), e(4, 'Invoiced'), e(5, 'Written off')] },
  { code: 15, name: 'VERIFICATION_DECISION', gname: 'Verification decision', entries: [e(1, 'Pending'), e(2, 'Approved'), e(3, 'Rejected')] },
  { code: 16, name: 'MATTER_STATUS', gname: 'Matter status', entries: [e(1, 'Open'), e(2, 'On hold'), e(3, 'Closed')] },
  { code: 17, name: 'BILL_TYPE', gname: 'Bill type', entries: [e(1, 'Fixed fee'), e(2, 'Rate-based')] },
  { code: 18, name: 'BUDGET_TYPE', gname: 'Budget type', entries: [e(1, 'Marketing'), e(2, 'Business development'), e(3, 'Office'), e(4, 'Training')] },
  { code: 19, name: 'PAYER_TYPE', gname: 'Payer type', entries: [e(1, 'Office'), e(2, 'Department'), e(3, 'Position')] },
  { code: 20, name: 'EXPENSE_TYPE', gname: 'Expense type', entries: [e(1, 'Travel'), e(2, 'Court fees'), e(3, 'Translation'), e(4, 'Courier'), e(5, 'Notary')] },
  { code: 21, name: 'INVOICE_STATUS', gname: 'Invoice status', entries: [e(1, 'Draft'), e(2, 'On verification'), e(3, 'Cancelled'), e(4, 'Approved'), e(5, 'Paid'), e(6, 'Partly paid')] },
  { code: 22, name: 'APPROVER_TYPE', gname: 'Approver type', entries: [e(1, 'Budget'), e(2, 'Expense'), e(3, 'Pre-invoice'), e(4, 'Invoice'), e(5, 'Matter')] },
  { code: 23, name: 'PRE_INVOICE_STATUS', gname: 'Pre-invoice status', entries: [e(1, 'Draft'), e(2, 'On verification'), e(3, 'Rejected'), e(4, 'Approved'), e(5, 'Acted', { id: 66 }), e(6, 'Closed', { id: 67 })] },
  { code: 24, name: 'EMPLOYEE_STATUS', gname: 'Employee status', entries: [e(1, 'Active'), e(2, 'On leave'), e(3, 'Dismissed')] },
  { code: 25, name: 'GENDER', gname: 'Gender', entries: [e(1, 'Female'), e(2, 'Male')] },
  { code: 26, name: 'OFFICE_TYPE', gname: 'Office type', entries: [e(1, 'Head office'), e(2, 'Branch'), e(3, 'Representative office')] },
  { code: 27, name: 'OFFICE_STATUS', gname: 'Office status', entries: [e(1, 'Active'), e(2, 'Closed')] },
  { code: 28, name: 'NATIONAL_BANK_TYPE', gname: 'National bank type', entries: [e(1, 'Resident'), e(2, 'Non-resident')] },
  { code: 29, name: 'TRAFFIC_TYPE', gname: 'Traffic type', entries: [e(1, 'Inbound'), e(2, 'Outbound')] },
  { code: 30, name: 'INCOME_DISTRIBUTION_TYPE', gname: 'Income distribution type', entries: [e(1, 'Office'), e(2, 'Fund'), e(3, 'Transfer')] },
  { code: 31, name: 'FUND_TYPE', gname: 'Fund type', entries: [e(1, 'Sector'), e(2, 'Office'), e(3, 'BD')] },
  { code: 32, name: 'FUND_SCHEME', gname: 'Fund scheme', entries: [1, 2, 3, 4, 5, 6].map((c) => e(c, `Scheme ${c}`)) },
  { code: 33, name: 'POSITION_FUND_TYPE', gname: 'Position fund type', entries: [e(1, 'Partner fund'), e(2, 'Office fund')] },
  { code: 34, name: 'POSITION_LEVEL', gname: 'Position level', entries: [e(1, 'Subordinates', { id: 22 }), e(2, 'Associate'), e(3, 'Senior associate'), e(4, 'Junior partner'), e(5, 'Partner')] },
  { code: 35, name: 'POSITION_STATUS', gname: 'Position status', entries: [e(1, 'Active'), e(2, 'Closed')] },
  { code: 36, name: 'DOCUMENT_TYPE', gname: 'Document type', entries: [e(1, 'Invoice'), e(2, 'Pre-invoice'), e(3, 'Act'), e(4, 'Contract')] },
  { code: 37, name: 'TEMPLATE_LOCATION_TYPE', gname: 'Template location type', entries: [e(1, 'Local'), e(2, 'International')] },
  { code: 38, name: 'CASHBOX_VERSION', gname: 'Cashbox version', entries: [e(1, 'Version 1'), e(2, 'Version 2'), e(3, 'Version 3')] },
  { code: 39, name: 'TRANSFER_TYPE', gname: 'Transfer type', entries: [e(1, 'Direct'), e(2, 'Fund')] },
  { code: 40, name: 'CASHBOX_INCOME_CATEGORY', gname: 'Cashbox income category', entries: ['Income', 'Personal Budget', 'Paid Expense', 'Non Cash Not Prepaid Expense', 'Cash Budget', 'Cash Prepaid Expense', 'Transfer Amount'].map((n, i) => e(i + 1, n)) },
  { code: 41, name: 'DEBT_PAYMENT_STATUS', gname: 'Debt payment status', entries: [e(1, 'Unpaid'), e(2, 'Paid')] },
  { code: 42, name: 'CONTENT_STATUS', gname: 'Content status', entries: [e(1, 'Draft'), e(2, 'Published'), e(3, 'Deleted')] },
  { code: 43, name: 'COUNTRY_TYPE', gname: 'Country type', entries: [e(1, 'Office country'), e(2, 'Coverage country')] },
  { code: 44, name: 'STORAGE_FOLDER_TYPE', gname: 'Storage folder type', entries: [e(1, 'Images'), e(2, 'Documents')] },
  { code: 45, name: 'COURT_INSTANCE_TYPE', gname: 'Court instance type', entries: [e(1, 'First instance'), e(2, 'Appeal'), e(3, 'Cassation')] },
  { code: 46, name: 'COURT_CASE_TYPE', gname: 'Court case type', entries: [e(1, 'Civil'), e(2, 'Administrative'), e(3, 'Criminal')] },
  { code: 47, name: 'HR_REQUEST_STATUS', gname: 'HR request status', entries: [e(1, 'New'), e(2, 'In progress'), e(3, 'Done')] },
] as const satisfies readonly DictionaryTypeSeed[];

export type DictionaryName = (typeof DICTIONARY_TYPES)[number]['name'];

/** The dictionary type code of a dictionary name, e.g. `COUNTRY` -> 4. */
export const dictionaryCode = (name: string): number => {
  const t = DICTIONARY_TYPES.find((d) => d.name === name);
  if (!t) throw new Error(`unknown dictionary type ${name}`);
  return t.code;
};
