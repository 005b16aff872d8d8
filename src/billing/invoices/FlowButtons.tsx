/**
 * The invoice card's flow buttons (INV-11, INV-23, INV-25, INV-26): recalculate the totals from what
 * it holds and send it for verification while it is a draft; act (sign) it once approved, paid or
 * partly paid. Offered to users who may edit invoices and only in the statuses the server accepts;
 * the server decides, and a refusal is shown as a notification.
 */
import { Button, Stack } from '@mui/material';
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
  const { send, busy } = useFlowRequest();
  if (!record || !canAccess('edit', schema.route)) return null;
  const code = codeOf(record);
  const draft = code === undefined || code === INVOICE_DRAFT;
  const actable = !record.signed && [INVOICE_APPROVED, INVOICE_PAID, INVOICE_PARTLY_PAID].includes(code ?? -1);
  return (
    <Stack direction="row" spacing={1}>
      {draft && (
        <Button
          size="small"
          disabled={busy}
          onClick={() => send(`${CORE_API}/invoices/recalculate/${record.id}`, 'PATCH')}
        >
          Recalculate
        </Button>
      )}
      {draft && (
        <Button
          size="small"
          disabled={busy}
          onClick={() => send(`${CORE_API}/invoices/verify/${record.id}/check-documents`, 'POST')}
        >
          Send to verification
        </Button>
      )}
      {actable && (
        <Button size="small" disabled={busy} onClick={() => send(`${CORE_API}/invoices/${record.id}/act`, 'PATCH')}>
          Act
        </Button>
      )}
    </Stack>
  );
};
