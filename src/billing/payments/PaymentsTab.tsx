/**
 * The payments tab of a billing document's card (NAV-87/88 for pre-invoices; the invoice card's
 * payments tab too): what was paid and what is left, above the generated list of the document's
 * payments (`paymentHistories` with `preInvoice.id` or `invoice.id`, PAY-03), whose create form
 * sends the amount as the number the currency input parsed (PAY-02).
 *
 * Mount it on a card tab declared `related: { collection: 'paymentHistories', via: <'preInvoice'
 * | 'invoice'> }` with `module: 'PAYMENT_HISTORY'`:
 * @example
 * defineParts(invoices, { show: { tabs: { payments: PaymentsTab } } })
 */
import { Stack, Typography } from '@mui/material';
import type { TabProps } from '../../resources/parts';

const money = (value: unknown) =>
  Number(value ?? 0).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** The document's balance (a pre-invoice) or its paid flag (an invoice), then the payments list. */
export const PaymentsTab = ({ record, generated }: TabProps) => {
  const currency = (record.currency as { code?: string } | null | undefined)?.code ?? '';
  return (
    <Stack spacing={1}>
      <Stack direction="row" spacing={3} aria-label="Payment summary">
        {'balance' in record && (
          <Typography variant="body2">
            Balance {money(record.balance)} {currency}
          </Typography>
        )}
        {'paid' in record && <Typography variant="body2">{record.paid ? 'Paid' : 'Not paid'}</Typography>}
        {'totalAmount' in record && (
          <Typography variant="body2">
            Total {money(record.totalAmount)} {currency}
          </Typography>
        )}
      </Stack>
      {generated}
    </Stack>
  );
};
