/**
 * The invoice card's flow buttons (INV-11, INV-23, INV-25, INV-26): recalculate the totals from what
 * it holds and send it for verification while it is a draft; act (sign) it once approved, paid or
 * partly paid. Offered to users who may edit invoices and only in the statuses the server accepts;
 * the server decides, and a refusal is shown as a notification.
 */
import { Button, Stack } from '@mui/material';
import { useTranslate } from 'react-admin';
import {
  INVOICE_APPROVED,
  INVOICE_DRAFT,
  INVOICE_PAID,
  INVOICE_PARTLY_PAID,
} from '../../../schemas/billing/invoiceRules';
import { useResourceAccess } from '../../resources/access';
import { CORE_API } from '../../resources/listQuery';
import type { ActionProps } from '../../resources/parts';
import { useFlowRequest } from '../useFlowRequest';

/** The INVOICE_STATUS code of a card's record (none on a record saved before statuses were set). */
const codeOf = (record: ActionProps['record']): number | undefined =>
  (record?.status as { code?: number } | null | undefined)?.code;

export const InvoiceFlowButtons = ({ schema, record }: ActionProps) => {
  const canAccess = useResourceAccess();
  const translate = useTranslate();
  const { send, busy, pending } = useFlowRequest();
  if (!record || !canAccess('edit', schema.route)) return null;
  const code = codeOf(record);
  const draft = code === undefined || code === INVOICE_DRAFT;
  const actable = !record.signed && [INVOICE_APPROVED, INVOICE_PAID, INVOICE_PARTLY_PAID].includes(code ?? -1);
  const recalculate = `${CORE_API}/invoices/recalculate/${record.id}`;
  const verify = `${CORE_API}/invoices/verify/${record.id}/check-documents`;
  const act = `${CORE_API}/invoices/${record.id}/act`;
  return (
    <Stack direction="row" spacing={1}>
      {draft && (
        <Button
          size="small"
          disabled={busy}
          loading={pending === recalculate}
          onClick={() => send(recalculate, 'PATCH', { success: 'bureau.billing.recalculated' })}
        >
          {translate('bureau.billing.recalculate')}
        </Button>
      )}
      {draft && (
        <Button
          size="small"
          disabled={busy}
          loading={pending === verify}
          onClick={() => send(verify, 'POST', { success: 'bureau.billing.sent_to_verification' })}
        >
          {translate('bureau.billing.send_to_verification')}
        </Button>
      )}
      {actable && (
        <Button
          size="small"
          disabled={busy}
          loading={pending === act}
          onClick={() => send(act, 'PATCH', { success: 'bureau.billing.acted' })}
        >
          {translate('bureau.billing.act')}
        </Button>
      )}
    </Stack>
  );
};
