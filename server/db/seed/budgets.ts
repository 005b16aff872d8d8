import {
  budgetPayers,
  budgets,
  cashboxOfficeDebtCreditors,
  cashboxOfficeDebtDetails,
  cashboxOfficeDebts,
  cashboxPeriods,
  verificationApprovers,
  verificationChains,
} from '../../../schemas/index';
import type { Reference } from './reference';
import { REFERENCE_DATE } from './random';
import { insertRows, syncIdSequence, type Tx } from './sql';

const day = (d: Date) => d.toISOString().slice(0, 10);
const audit = {
  createdBy: 'seed',
  lastModifiedBy: 'seed',
  createdDate: REFERENCE_DATE.toISOString(),
  lastModifiedDate: REFERENCE_DATE.toISOString(),
};

/**
 * Demo budgets and a month of inter-office debts. Budgets: 24 over the last year, four per office
 * of the first three offices and more for the first, each paid by one to three payers of every
 * type (shares adding up to 100 %), one payer in three closed by a fund; their chains are pending,
 * approved or rejected, decided by the demo `billing` account's employee (who approves budgets).
 * Debts: for October 2026 (the month before the reference date, the debts page's default) each of
 * the first three offices owes the other two, with one detail line per side and, for the first,
 * one of its approved budgets. Ids follow the tables' current maximum, so it runs after the other
 * sections. @returns row counts by table
 */
export async function seedBudgets(tx: Tx, ref: Reference, approver: number): Promise<Record<string, number>> {
  const offices = await tx.query<{ id: number; currency_id: number | null }>(
    'SELECT id, currency_id FROM offices ORDER BY id LIMIT 3',
  );
  const positions = await tx.query<{ id: number; office_id: number; department_id: number | null }>(
    'SELECT id, office_id, department_id FROM positions WHERE date_lte IS NULL AND office_id IS NOT NULL ORDER BY id LIMIT 60',
  );
  if (offices.length < 2 || positions.length === 0) return {};
  const next = async (table: string) =>
    Number((await tx.query<{ n: number }>(`SELECT COALESCE(max(id), 0)::int AS n FROM ${table}`))[0]?.n ?? 0) + 1;
  let chainId = await next('verification_chains');
  let stepId = await next('verification_approvers');
  const budgetRows: Array<Record<string, unknown>> = [];
  const payerRows: Array<Record<string, unknown>> = [];
  const chainRows: Array<Record<string, unknown>> = [];
  const stepRows: Array<Record<string, unknown>> = [];
  const approved: Array<{ id: number; office: number }> = [];
  const shares = [['1'], ['0.5', '0.5'], ['0.5', '0.25', '0.25'], ['0.6', '0.4']];
  for (let i = 0; i < 24; i++) {
    const id = i + 1;
    const office = offices[i % 4 === 3 ? 0 : i % offices.length]!;
    const date = new Date(REFERENCE_DATE.getTime() - (i * 15 + 3) * 86_400_000);
    const decision = [1, 2, 2, 3][i % 4]!;
    const responsible = positions.find((p) => p.office_id === office.id) ?? positions[0]!;
    budgetRows.push({
      id,
      date: day(date),
      budgetType: ref.dict('BUDGET_TYPE', (i % 4) + 1),
      amount: String(((i * 37) % 20) * 250 + 500) + '.00',
      currency: office.currency_id ?? ref.currency('USD'),
      coverBudgetOffice: office.id,
      cash: i % 5 === 0,
      responsiblePosition: responsible.id,
      description: [
        'Client seminar',
        'Conference stand',
        'Team training',
        'Office refit',
        'Legal directory listing',
        'Pitch dinner',
      ][i % 6]!,
      closed: decision === 2 && i % 3 === 0,
      verificationChain: chainId,
      ...audit,
    });
    shares[i % shares.length]!.forEach((percentage, k) => {
      const type = ((i + k) % 3) + 1;
      const position = positions[(i * 3 + k) % positions.length]!;
      payerRows.push({
        budget: id,
        payerType: ref.dict('PAYER_TYPE', type),
        payerOffice: type === 2 ? null : type === 3 ? position.office_id : office.id,
        payerDepartment: type === 2 ? position.department_id : null,
        payerPosition: type === 3 ? position.id : null,
        percentage,
        closedByFund: decision === 2 && k === 0 && i % 3 === 1,
        ...audit,
      });
    });
    chainRows.push({
      id: chainId,
      description: `Budget: ${String(budgetRows[i]!.description)}`,
      decision: ref.dict('VERIFICATION_DECISION', decision),
      ownerType: 'BUDGET',
      ownerId: id,
      ...audit,
    });
    stepRows.push({
      id: stepId++,
      verificationChain: chainId,
      orderliness: 1,
      employee: approver,
      decision: ref.dict('VERIFICATION_DECISION', decision),
      comment: decision === 3 ? 'Not this quarter' : null,
      decisionDate: decision === 1 ? null : REFERENCE_DATE.toISOString(),
      ...audit,
    });
    if (decision === 2) approved.push({ id, office: office.id });
    chainId++;
  }
  // the chains go in first: budgets point at them
  await insertRows(tx, verificationChains, chainRows);
  await insertRows(tx, verificationApprovers, stepRows);
  await insertRows(tx, budgets, budgetRows);
  await insertRows(
    tx,
    budgetPayers,
    payerRows.map((r, k) => ({ id: k + 1, ...r })),
  );

  const periodRows = offices.map((o, k) => ({
    id: k + 1,
    office: o.id,
    currency: o.currency_id ?? ref.currency('USD'),
    reportDateGte: '2026-10-01',
    reportDateLte: '2026-10-31',
    ...audit,
  }));
  const debtRows = offices.map((o, k) => ({
    id: k + 1,
    cashboxPeriod: k + 1,
    budget: approved.find((b) => b.office === o.id)?.id ?? null,
    ...audit,
  }));
  const creditorRows: Array<Record<string, unknown>> = [];
  const detailRows: Array<Record<string, unknown>> = [];
  offices.forEach((o, k) => {
    for (const other of offices.filter((x) => x.id !== o.id)) {
      const amount = `${(k + 1) * 1000 + other.id * 10}.00`;
      creditorRows.push({
        id: creditorRows.length + 1,
        cashboxOfficeDebt: k + 1,
        office: other.id,
        amount,
        paymentStatus: ref.dict('DEBT_PAYMENT_STATUS', creditorRows.length % 3 === 0 ? 2 : 1),
        ...audit,
      });
      for (const side of ['DEBTOR', 'CREDITOR'])
        detailRows.push({
          id: detailRows.length + 1,
          cashboxOfficeDebt: k + 1,
          detailSide: side,
          creditorOffice: other.id,
          amount,
          description: side === 'DEBTOR' ? 'Income distribution transfer' : 'Share earned by its positions',
          ...audit,
        });
    }
  });
  await insertRows(tx, cashboxPeriods, periodRows);
  await insertRows(tx, cashboxOfficeDebts, debtRows);
  await insertRows(tx, cashboxOfficeDebtCreditors, creditorRows);
  await insertRows(tx, cashboxOfficeDebtDetails, detailRows);
  for (const s of [
    verificationChains,
    verificationApprovers,
    budgets,
    budgetPayers,
    cashboxPeriods,
    cashboxOfficeDebts,
    cashboxOfficeDebtCreditors,
    cashboxOfficeDebtDetails,
  ])
    await syncIdSequence(tx, s);
  return {
    budgets: budgetRows.length,
    budgetPayers: payerRows.length,
    budgetChains: chainRows.length,
    cashboxOfficeDebts: debtRows.length,
    cashboxOfficeDebtCreditors: creditorRows.length,
  };
}
