/**
 * The pre-invoices' own parts: the total of the filtered list (PRE-07), and the card's buttons of
 * the flow - send to verification (PRE-11), act (PRE-13), close an amount manually (PRE-14). Each
 * button is offered only in the statuses the server accepts and to users who may edit; the server
 * decides, and a refusal is shown as a notification.
 */
import { Button, Dialog, DialogActions, DialogContent, DialogTitle, Stack, TextField } from '@mui/material';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { useResourceAccess } from '../../resources/access';
import { listTotal } from '../../resources/ListTotal';
import { formatMoney } from '../../resources/format';
import type { ActionProps } from '../../resources/parts';
import { useFlowRequest } from '../useFlowRequest';

/** An amount in the active locale (`1,234.50`, Russian `1 234,50`); an absent one is 0. */
const money = (value: unknown) => formatMoney(value ?? 0);

/**
 * "Total ₸12,000.00 · Balance ₸2,000.00", one line per currency, of the filtered pre-invoices
 * (`GET /preInvoices/totalAmount`, PRE-07, MC-4).
 */
export const TotalAmount = listTotal({
  collection: 'preInvoices',
  action: 'totalAmount',
  byCurrency: { fields: [{ property: 'totalAmount' }, { property: 'balance', label: 'bureau.totals.balance' }] },
  label: 'bureau.totals.amount',
  description: 'bureau.totals.pre_invoices',
});

/** The PRE_INVOICE_STATUS code of a card's record. */
const codeOf = (record: ActionProps['record']): number | undefined =>
  (record?.status as { code?: number } | null | undefined)?.code;

/** The card's flow buttons (PRE-11, PRE-13, PRE-14), for users who may edit pre-invoices. */
export const FlowButtons = ({ schema, record }: ActionProps) => {
  const canAccess = useResourceAccess();
  const translate = useTranslate();
  const { send, busy, pending } = useFlowRequest();
  const [closing, setClosing] = useState(false);
  const [closed, setClosed] = useState('');
  if (!record || !canAccess('edit', schema.route)) return null;
  const code = codeOf(record);
  const closedValue = closed.trim() === '' ? NaN : Number(closed.replace(/,/g, ''));
  return (
    <Stack direction="row" spacing={1}>
      {(code === 1 || code === 3 || code === undefined) && (
        <Button
          size="small"
          disabled={busy}
          loading={pending === 'verify'}
          onClick={() =>
            send(
              schema.route,
              { name: 'verify', data: { preInvoiceId: record.id } },
              { success: 'bureau.billing.sent_to_verification' },
            )
          }
        >
          {translate('bureau.billing.send_to_verification')}
        </Button>
      )}
      {(code === 4 || code === 5) && !record.signed && (
        <Button
          size="small"
          disabled={busy}
          loading={pending === 'act'}
          onClick={() => send(schema.route, { name: 'act', id: record.id }, { success: 'bureau.billing.acted' })}
        >
          {translate('bureau.billing.act')}
        </Button>
      )}
      <Button size="small" disabled={busy} onClick={() => setClosing(true)}>
        {translate('bureau.billing.close_manually')}
      </Button>
      <Dialog open={closing} onClose={() => setClosing(false)}>
        <DialogTitle>{translate('bureau.billing.close_manually_title')}</DialogTitle>
        <DialogContent>
          <TextField
            label={translate('bureau.billing.closed_manually')}
            value={closed}
            onChange={(e) => setClosed(e.target.value)}
            inputMode="decimal"
            error={closed !== '' && !(closedValue >= 0)}
            helperText={translate('bureau.billing.balance_now', { amount: money(record.balance) })}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setClosing(false)}>{translate('ra.action.cancel')}</Button>
          <Button
            disabled={busy || !(closedValue >= 0)}
            loading={pending === 'update'}
            onClick={async () => {
              // the typed text as a decimal string: read exactly by the server (docs/api.md, money)
              const ok = await send(
                schema.route,
                { name: 'update', id: record.id, data: { manualClosedAmount: closed.replace(/,/g, '').trim() } },
                { success: 'bureau.billing.saved' },
              );
              if (ok) setClosing(false);
            }}
          >
            {translate('ra.action.save')}
          </Button>
        </DialogActions>
      </Dialog>
    </Stack>
  );
};
