import { describe, expect, it } from 'vitest';
import { findSchema } from '../index';
import { toWirePayload } from '../payload';
import { budgets } from './budgets';

/** What the budget form sends for its payers (the server enforces the same: server/budgets/budgets.test.ts). */
const payers = (list: object[]) =>
  (toWirePayload(budgets, { description: 'x', budgetPayerList: list }, findSchema).budgetPayerList ?? []) as Array<
    Record<string, unknown>
  >;
const everyField = { payerOffice: { id: 1 }, payerDepartment: { id: 2 }, payerPosition: { id: 3 }, percentage: 0.5 };

describe('budget payers as the form sends them', () => {
  it('BUD-05 a position payer (type 3) is sent with the position and an office, no department', () => {
    const [p] = payers([{ payerType: { id: 93, code: 3 }, ...everyField }]);
    expect(p).toMatchObject({ payerPosition: { id: 3 }, payerOffice: { id: 1 } });
    expect(p).not.toHaveProperty('payerDepartment');
  });

  it('BUD-06 a department payer (type 2) is sent with the department only', () => {
    const [p] = payers([{ payerType: { id: 92, code: 2 }, ...everyField }]);
    expect(p).toMatchObject({ payerDepartment: { id: 2 } });
    expect(p).not.toHaveProperty('payerOffice');
    expect(p).not.toHaveProperty('payerPosition');
  });

  it('BUD-07 a payer of any other type is sent with the office only', () => {
    for (const code of [1, 4]) {
      const [p] = payers([{ payerType: { id: 90 + code, code }, ...everyField }]);
      expect(p).toMatchObject({ payerOffice: { id: 1 } });
      expect(p).not.toHaveProperty('payerDepartment');
      expect(p).not.toHaveProperty('payerPosition');
    }
  });

  it('BUD-08 BUD-09 percentages are sent as fractions; a new payer starts at 100 %', () => {
    const [p] = payers([{ payerType: { id: 91, code: 1 }, ...everyField, percentage: 0.25 }]);
    expect(p!.percentage).toBe(0.25);
    expect(findSchema('budgetPayers')!.fields.percentage!.default).toBe(1);
  });
});
