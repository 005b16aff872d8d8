/**
 * The bespoke parts of expenses: rows coloured by billing status (EXP-06..08), the list's totals
 * and Excel export (EXP-15, EXP-20/21, loaded with the list, not in the first load) and billing
 * status chips (the time list's), the payers with their shares in percent (EXP-03). The card, its
 * verification panel and the forms are the generated ones.
 */
import { lazy, Suspense, type ComponentType } from 'react';
import { expenses } from '../../../schemas/billing/expenses';
import { defineParts, type ActionProps, type CellProps } from '../../resources/parts';
import { expenseRowSx } from './looks';

type ListParts = typeof import('./listParts');
/** A part of `listParts.tsx`, loaded with the expense list; blank for the moment the chunk takes. */
function listPart<P extends object>(name: keyof ListParts): ComponentType<P> {
  const Lazy = lazy(() => import('./listParts').then((m) => ({ default: m[name] as unknown as ComponentType<P> })));
  const Part = (props: P) => (
    <Suspense fallback={null}>
      <Lazy {...props} />
    </Suspense>
  );
  return Part;
}

const BillingStatusCell = lazy(() => import('../../times/listParts').then((m) => ({ default: m.BillingStatusCell })));

export const expenseParts = defineParts(expenses, {
  list: {
    actions: [listPart<ActionProps>('ExpenseTotals'), listPart<ActionProps>('ExportExcelButton')],
    rowSx: expenseRowSx,
  },
  fields: {
    expensePayerList: { cell: listPart<CellProps>('PayersCell') },
    billingStatus: {
      cell: (p: CellProps) => (
        <Suspense fallback={null}>
          <BillingStatusCell {...p} />
        </Suspense>
      ),
    },
  },
});
