import { describe, expect, it } from 'vitest';
import { DICTIONARY_TYPES, dictionaryCode } from './dictionaries';
import { contacts } from './index';

const entries = (name: string) => DICTIONARY_TYPES.find((t) => t.name === name)!.entries.map((e) => [e.code, e.gname]);

describe('dictionary catalogue', () => {
  it('CONST-04 verification decisions are 1 pending, 2 approved, 3 rejected', () => {
    expect(entries('VERIFICATION_DECISION')).toEqual([
      [1, 'Pending'],
      [2, 'Approved'],
      [3, 'Rejected'],
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
});
