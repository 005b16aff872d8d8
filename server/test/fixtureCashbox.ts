import type { Database } from '../db/database';
import { insertRow } from '../auth/testing';

/** The fixture's records a cashbox line names. */
export interface CashboxFixtureIds {
  /** Almaty's October 2026 cashbox period. */
  almatyOctober: number;
  /** The firm department (a group). */
  firm: number;
  almaty: number;
  /** Boris, employee id, and his position in the firm department. */
  boris: number;
  borisFirm: number;
  almatyBudget: number;
}

/**
 * One line of each cashbox result collection (CASH-20..25, CASH-02) in Almaty's October, all
 * Boris's or the office's, so the generic suites and the authorization matrix have a record of
 * each; in the product only the calculation writes them.
 *
 * @param dict dictionary entry id by type name and code, as the fixture has it
 */
export async function insertCashboxLines(
  db: Pick<Database, 'query'>,
  dict: (type: string, code: number) => number,
  { almatyOctober, firm, almaty, boris, borisFirm, almatyBudget }: CashboxFixtureIds,
): Promise<void> {
  const cashboxLine = { cashboxPeriod: almatyOctober };
  const borisGroup = await insertRow(db, 'cashboxGroupProfits', {
    ...cashboxLine,
    groupDepartment: firm,
    groupDepartmentTypeCode: 2,
    groupOffice: almaty,
    membersAmountSum: '100.00',
    groupBudgetAmount: '0.00',
    totalAmount: '100.00',
  });
  const borisOwn = { ...cashboxLine, recipientEmployeeId: boris };
  await insertRow(db, 'cashboxPositionProfits', {
    ...borisOwn,
    cashboxGroupProfit: borisGroup,
    recipientPosition: borisFirm,
    efficiencyAmountLocal: '0.00',
    sumAmountLocal: '100.00',
    profitAmountLocal: '100.00',
    get: '1',
    put: '0',
    juniorPartner: false,
    percentShown: 100,
    incomeAmount: '100.00',
  });
  const borisIncome = await insertRow(db, 'cashboxPositionIncomes', {
    ...borisOwn,
    cashboxGroupProfit: borisGroup,
    recipientPosition: borisFirm,
    category: dict('CASHBOX_INCOME_CATEGORY', 1),
    role: 'responsible',
    amount: '100.00',
  });
  await insertRow(db, 'cashboxPositionExpenses', {
    ...borisOwn,
    position: borisFirm,
    category: dict('CASHBOX_INCOME_CATEGORY', 3),
    amount: '0.00',
  });
  await insertRow(db, 'cashboxBudgetDistributions', {
    ...borisOwn,
    budget: almatyBudget,
    position: borisFirm,
    closedByFund: false,
    amount: '0.00',
  });
  await insertRow(db, 'cashboxFundIncomes', {
    ...cashboxLine,
    fundType: dict('FUND_TYPE', 2),
    locateOfficeId: almaty,
    amount: '0.00',
  });
  await insertRow(db, 'cashboxTechnicalExpenses', { ...cashboxLine, office: almaty, amount: '0.00' });
  await insertRow(db, 'cashboxFundBalances', { ...borisOwn, position: borisFirm, amount: '0.00' });
  await insertRow(db, 'cashboxGroupBudgetTransfers', {
    ...borisOwn,
    fromGroupProfit: borisGroup,
    fromGroupDepartment: firm,
    toPosition: borisFirm,
    amount: '0.00',
  });
  await insertRow(db, 'cashboxEmployeeBalances', {
    ...borisOwn,
    office: almaty,
    reportDate: '2026-10-01',
    previousAmount: '0.00',
    profits: '100.00',
    balanceAmount: '100.00',
  });
  // the net income Boris's income came from (conservation: 100 = 0 + 0 + 0 + 100), naming no payment
  const netIncome = await insertRow(db, 'cashboxNetIncomes', {
    ...cashboxLine,
    paymentAmount: '100.00',
    vatAmount: '0.00',
    amount: '100.00',
  });
  await insertRow(db, 'cashboxSources', {
    ...cashboxLine,
    lineEntity: 'cashboxNetIncomes',
    lineId: netIncome,
    sourceEntity: 'paymentHistories',
    sourceId: 0,
    amount: '100.00',
  });
  await insertRow(db, 'cashboxSources', {
    ...borisOwn,
    lineEntity: 'cashboxPositionIncomes',
    lineId: borisIncome,
    sourceEntity: 'paymentHistories',
    sourceId: 0,
    amount: '100.00',
  });
}
