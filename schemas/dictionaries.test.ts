import { describe, expect, it } from 'vitest';
import { checkDictionaries, defineDictionary } from './dictionary';
import { DICTIONARY_TYPES, dictionaryCode } from './dictionaries';
import { contacts } from './index';

const entries = (name: string) => DICTIONARY_TYPES.find((t) => t.name === name)!.entries.map((e) => [e.code, e.gname]);

describe('dictionary catalogue', () => {
  it('CONST-04 MC-1 verification decisions are 1 pending, 2 approved, 3 rejected, and 4 cancelled (a chain stopped by a correction)', () => {
    expect(entries('VERIFICATION_DECISION')).toEqual([
      [1, 'Pending'],
      [2, 'Approved'],
      [3, 'Rejected'],
      [4, 'Cancelled'],
    ]);
  });

  it('CONST-12 LEAD-01 contact stage and deal stage are dictionary codes; deal stages 1-10 in the spec order', () => {
    expect(contacts.fields.stage).toMatchObject({ type: 'dictionary', dictionary: 'CONTACT_STAGE' });
    expect(entries('DEAL_STAGE')).toEqual([
      [1, 'Prospecting'],
      [2, 'First point of contact'],
      [3, 'Negotiation'],
      [4, 'Presentation scheduled'],
      [5, 'Decision making'],
      [6, 'Proposal sent'],
      [7, 'Project execution'],
      [8, 'Invoiced'],
      [9, 'Closed won'],
      [10, 'Closed lost'],
    ]);
  });

  it('DICT-03 numbers types contiguously from 2, so count + 2 never hits a seeded code', () => {
    expect(DICTIONARY_TYPES.map((t) => t.code)).toEqual(DICTIONARY_TYPES.map((_, i) => i + 2));
    expect(dictionaryCode('PRE_INVOICE_STATUS')).toBe(23);
    expect(dictionaryCode('OFFICE_TYPE')).toBe(26);
    expect(() => dictionaryCode('NO_SUCH')).toThrow(/unknown dictionary type/);
  });

  it('dictionaries beside their schemas keep every code: the types are numbered 2.. in their historic order', () => {
    // the order the codes were first given in; stored rows and filters depend on these numbers
    // prettier-ignore
    const historic = ['DEPARTMENT_TYPE', 'DEPARTMENT_STATUS', 'COUNTRY', 'LANGUAGE', 'PUBLISH_LEVEL', 'BUSINESS_FORM', 'CONTACT_STAGE', 'CONTACT_RANK', 'CONTACT_SPECIALIZATION', 'DEAL_STAGE', 'LEAD_SOURCE', 'WORK_TYPE', 'BILLING_STATUS', 'VERIFICATION_DECISION', 'MATTER_STATUS', 'BILL_TYPE', 'BUDGET_TYPE', 'PAYER_TYPE', 'EXPENSE_TYPE', 'INVOICE_STATUS', 'APPROVER_TYPE', 'PRE_INVOICE_STATUS', 'EMPLOYEE_STATUS', 'GENDER', 'OFFICE_TYPE', 'OFFICE_STATUS', 'NATIONAL_BANK_TYPE', 'TRAFFIC_TYPE', 'INCOME_DISTRIBUTION_TYPE', 'FUND_TYPE', 'FUND_SCHEME', 'POSITION_FUND_TYPE', 'POSITION_LEVEL', 'POSITION_STATUS', 'DOCUMENT_TYPE', 'TEMPLATE_LOCATION_TYPE', 'CASHBOX_VERSION', 'TRANSFER_TYPE', 'CASHBOX_INCOME_CATEGORY', 'DEBT_PAYMENT_STATUS', 'CONTENT_STATUS', 'COUNTRY_TYPE', 'STORAGE_FOLDER_TYPE', 'COURT_INSTANCE_TYPE', 'COURT_CASE_TYPE', 'HR_REQUEST_STATUS'];
    expect(Object.fromEntries(DICTIONARY_TYPES.map((t) => [t.name, t.code]))).toEqual(
      Object.fromEntries(historic.map((name, i) => [name, i + 2])),
    );
  });

  it('a dictionary declared twice, two types with one code, or two entries with one code fail at load', () => {
    const a = defineDictionary({ name: 'A_TYPE', code: 90, label: 'A', entries: [] });
    expect(() => checkDictionaries([a, { ...a, code: 91 }])).toThrow('dictionary A_TYPE is declared twice');
    expect(() => checkDictionaries([a, { ...a, name: 'B_TYPE' }])).toThrow(
      'dictionaries A_TYPE and B_TYPE both have code 90',
    );
    expect(() =>
      defineDictionary({
        name: 'C_TYPE',
        code: 92,
        label: 'C',
        entries: [
          { code: 1, gname: 'x' },
          { code: 1, gname: 'y' },
        ],
      }),
    ).toThrow('dictionary C_TYPE: two entries have code 1');
  });
});
