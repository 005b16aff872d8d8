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
import { useTranslate } from 'react-admin';
import { formatMoney } from '../../resources/format';
import type { TabProps } from '../../resources/parts';
import { ReversePayments } from './ReversePayments';

/** An amount in the active locale; an absent one is 0. */
const money = (value: unknown) => formatMoney(value ?? 0);

/** The document's balance (a pre-invoice) or its paid flag (an invoice), then the payments list and their reversals. */
export const PaymentsTab = ({ record, generated }: TabProps) => {
  const translate = useTranslate();
  const currency = (record.currency as { code?: string } | null | undefined)?.code ?? '';
  return (
    <Stack spacing={1}>
      <Stack direction="row" spacing={3} aria-label={translate('bureau.payments.summary')}>
        {'balance' in record && (
          <Typography variant="body2">
            {translate('bureau.payments.balance', { amount: money(record.balance), currency })}
          </Typography>
        )}
        {'paid' in record && (
          <Typography variant="body2">
            {translate(record.paid ? 'bureau.payments.paid' : 'bureau.payments.not_paid')}
          </Typography>
        )}
        {'totalAmount' in record && (
          <Typography variant="body2">
            {translate('bureau.payments.total', { amount: money(record.totalAmount), currency })}
          </Typography>
        )}
      </Stack>
      {generated}
      {/* MC-5: a wrong payment is reversed with a comment, never deleted */}
      <ReversePayments filter={{ [`${'balance' in record ? 'preInvoice' : 'invoice'}.id`]: record.id }} />
    </Stack>
  );
};
