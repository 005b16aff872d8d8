/**
 * The dictionary type names in code order (DATA-MODEL.md section 11): a type's code is its index
 * + 2, so codes run contiguously from 2 and DICT-03's default "count + 2" for a new type never hits
 * a seeded code. The seeded entries live in `dictionaries.ts` (server and seed only).
 */
export const DICTIONARY_TYPE_NAMES = [
  'DEPARTMENT_TYPE',
  'DEPARTMENT_STATUS',
  'COUNTRY',
  'LANGUAGE',
  'PUBLISH_LEVEL',
  'BUSINESS_FORM',
  'CONTACT_STAGE',
  'CONTACT_RANK',
  'CONTACT_SPECIALIZATION',
  'DEAL_STAGE',
  'LEAD_SOURCE',
  'WORK_TYPE',
  'BILLING_STATUS',
  'VERIFICATION_DECISION',
  'MATTER_STATUS',
  'BILL_TYPE',
  'BUDGET_TYPE',
  'PAYER_TYPE',
  'EXPENSE_TYPE',
  'INVOICE_STATUS',
  'APPROVER_TYPE',
  'PRE_INVOICE_STATUS',
  'EMPLOYEE_STATUS',
  'GENDER',
  'OFFICE_TYPE',
  'OFFICE_STATUS',
  'NATIONAL_BANK_TYPE',
  'TRAFFIC_TYPE',
  'INCOME_DISTRIBUTION_TYPE',
  'FUND_TYPE',
  'FUND_SCHEME',
  'POSITION_FUND_TYPE',
  'POSITION_LEVEL',
  'POSITION_STATUS',
  'DOCUMENT_TYPE',
  'TEMPLATE_LOCATION_TYPE',
  'CASHBOX_VERSION',
  'TRANSFER_TYPE',
  'CASHBOX_INCOME_CATEGORY',
  'DEBT_PAYMENT_STATUS',
  'CONTENT_STATUS',
  'COUNTRY_TYPE',
  'STORAGE_FOLDER_TYPE',
  'COURT_INSTANCE_TYPE',
  'COURT_CASE_TYPE',
  'HR_REQUEST_STATUS',
] as const;

export type DictionaryName = (typeof DICTIONARY_TYPE_NAMES)[number];

/** The first dictionary type code. */
const FIRST_CODE = 2;

/**
 * The dictionary type code of a dictionary name, e.g. `COUNTRY` -> 4.
 * @throws Error `unknown dictionary type <name>` for a name not in the list.
 */
export const dictionaryCode = (name: string): number => {
  const index = (DICTIONARY_TYPE_NAMES as readonly string[]).indexOf(name);
  if (index < 0) throw new Error(`unknown dictionary type ${name}`);
  return index + FIRST_CODE;
};
