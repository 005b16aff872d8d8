/**
 * The bespoke parts of budgets and inter-office debts: the budget list's total and the payers on
 * the budget card (loaded with those views), and the debts page at `/officeDebts` (loaded on first
 * visit).
 */
import { LinearProgress } from '@mui/material';
import { lazy, Suspense, type ComponentType } from 'react';
import { useTranslate } from 'react-admin';
import { budgets } from '../../schemas/budgets/budgets';
import { cashboxOfficeDebts } from '../../schemas/cashbox/cashboxOfficeDebts';
import { lazyInput } from '../resources/lazyPart';
import { defineParts, type ActionProps, type CellProps, type PageProps } from '../resources/parts';

type BudgetParts = typeof import('./budgetParts');
/** A part of `budgetParts.tsx`, loaded with the budget views rather than in the first load. */
function budgetPart<P extends object>(name: keyof BudgetParts): ComponentType<P> {
  const Lazy = lazy(() => import('./budgetParts').then((m) => ({ default: m[name] as unknown as ComponentType<P> })));
  const Part = (props: P) => (
    <Suspense fallback={null}>
      <Lazy {...props} />
    </Suspense>
  );
  return Part;
}

// Loaded with the budget form (its inputs and widgets are not in the first load).
const PayersInput = lazyInput(() => import('./PayersInput').then((m) => m.PayersInput));

const OfficeDebtsPage = lazy(() => import('./OfficeDebtsPage'));

/** The debts page with a progress bar while its chunk loads. */
const LazyOfficeDebtsPage = (props: PageProps) => {
  const translate = useTranslate();
  return (
    <Suspense fallback={<LinearProgress aria-label={translate('bureau.debts.loading_page')} />}>
      <OfficeDebtsPage {...props} />
    </Suspense>
  );
};

export const budgetParts = defineParts(budgets, {
  list: { actions: [budgetPart<ActionProps>('TotalAmount')] },
  fields: {
    budgetPayerList: { cell: budgetPart<CellProps>('PayersCell'), input: PayersInput },
  },
});

export const officeDebtParts = defineParts(cashboxOfficeDebts, { list: { page: LazyOfficeDebtsPage } });
