/**
 * The invoices' own parts (NAV-77..84): the list's total (`GET /invoices/totalAmount`, INV-16),
 * the status as a coloured chip (INV-05 code 4 warning, INV-07 code 6 info, paid - code 5 or the
 * `paid` flag - success). The combined act/payment display (INV-08..10) is the server's computed
 * column `actPaidState`, listed as a column. The card's flow buttons (recalculate, send to verification, act) are declared with their actions in `schemas/billing/invoices.ts`. The times and expenses tabs show the totals of the rows
 * the invoice holds (INV-20). The form, the card's tabs (main, expenses, times, payments, invoice-quotas, each
 * behind its module) and the routes are generated from `schemas/billing/invoices.ts`; the shared materials
 * tab (INV-31) is added here.
 */
import { Chip, LinearProgress } from '@mui/material';
import { lazy, Suspense, type ComponentType } from 'react';
import { useTranslate } from 'react-admin';
import { invoices } from '../../../schemas/billing/invoices';
import { INVOICE_APPROVED, INVOICE_PAID, INVOICE_PARTLY_PAID } from '../../../schemas/billing/invoiceRules';
import { listTotal, type CurrencyTotalOptions } from '../../resources/ListTotal';
import type { InputRenderProps } from '../../resources/fieldTypes/types';
import { lazyPart } from '../../resources/lazyPart';
import { defineParts, type ActionProps, type CellProps, type TabProps } from '../../resources/parts';

// Loaded with the card that shows them, not in the first load.
const DocumentButton = lazyPart<ActionProps>(() => import('../documents/DocumentButton').then((m) => m.DocumentButton));
const PaymentsTab = lazyPart<TabProps>(() => import('../payments/PaymentsTab').then((m) => m.PaymentsTab));

type Status = { code?: number | null; gname?: string | null } | null | undefined;

/** The chip colour of an invoice: paid success, code 4 warning, code 6 info, otherwise none. */
export function invoiceColor(status: Status, paid: unknown): 'success' | 'warning' | 'info' | 'default' {
  const code = status?.code;
  if (paid === true || code === INVOICE_PAID) return 'success';
  if (code === INVOICE_APPROVED) return 'warning';
  if (code === INVOICE_PARTLY_PAID) return 'info';
  return 'default';
}

/** The status of an invoice as a chip coloured by {@link invoiceColor}. */
export const StatusCell = ({ record, value }: CellProps) => {
  const status = value as Status;
  if (!status) return null;
  const color = invoiceColor(status, record.paid);
  return <Chip size="small" label={status.gname ?? `Status ${status.code}`} color={color} data-color={color} />;
};

/** What the invoices' total shows: per currency, with the USD equivalent (INV-16, MC-4). */
export const invoiceTotalOptions: CurrencyTotalOptions = {
  collection: 'invoices',
  action: 'totalAmount',
  byCurrency: { fields: [{ property: 'totalAmount' }], usdProperty: 'totalAmountUsd' },
  label: 'bureau.totals.amount',
  description: 'bureau.totals.invoices',
};

/** "Total ₸480,000.00 · USD equivalent $1,000.00", one line per currency, of the invoices the list's filters select (INV-16). */
export const TotalAmount = listTotal(invoiceTotalOptions);

/** A tab of `HeldTabs.tsx`, loaded when the card shows it; the generated list meanwhile. */
function heldTab(name: 'InvoiceTimesTab' | 'InvoiceExpensesTab'): ComponentType<TabProps> {
  const Lazy = lazy(() => import('./HeldTabs').then((m) => ({ default: m[name] })));
  const Tab = (props: TabProps) => (
    <Suspense fallback={props.generated ?? null}>
      <Lazy {...props} />
    </Suspense>
  );
  return Tab;
}

const LazyMaterials = lazy(() =>
  import('./SharedMaterialsTab').then((m) => ({ default: m.InvoiceSharedMaterialsTab })),
);
/** The shared materials tab (`SharedMaterialsTab.tsx`), loaded when the card shows it. */
const SharedMaterials = (props: TabProps) => {
  const translate = useTranslate();
  return (
    <Suspense fallback={<LinearProgress aria-label={translate('bureau.materials.loading')} />}>
      <LazyMaterials {...props} />
    </Suspense>
  );
};

/** A pick list of `ItemPicker.tsx` as a form input, loaded with the form. */
function picker(name: 'TimePicker' | 'ExpensePicker' | 'PreInvoicePicker') {
  const Lazy = lazy(() => import('./ItemPicker').then((m) => ({ default: m[name] })));
  const Input = (props: InputRenderProps) => {
    const translate = useTranslate();
    return (
      <Suspense fallback={<LinearProgress aria-label={translate('bureau.pick.loading_list')} />}>
        <Lazy {...props} />
      </Suspense>
    );
  };
  return (props: InputRenderProps) => <Input {...props} />;
}

export const invoiceParts = defineParts(invoices, {
  list: { actions: [TotalAmount] },
  fields: {
    status: { cell: StatusCell },
    timeList: { input: picker('TimePicker') },
    expenseList: { input: picker('ExpensePicker') },
    preInvoiceList: { input: picker('PreInvoicePicker') },
  },
  show: {
    actions: [DocumentButton],
    tabs: { payments: PaymentsTab, times: heldTab('InvoiceTimesTab'), expenses: heldTab('InvoiceExpensesTab') },
    // INV-31: the shared materials of the invoice's matters
    addTabs: [
      {
        name: 'shared-materials',
        label: 'bureau.materials.tab',
        module: 'SHARED_MATERIAL',
        component: SharedMaterials,
      },
    ],
  },
});
