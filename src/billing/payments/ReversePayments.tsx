/**
 * The reversals of a document's payments (MC-5): each payment of the document with its state - a
 * Reverse button for a live one (a dialog asks why: the comment is required), "Reversed by ...:
 * why" for a reversed one. A payment is never deleted; the reversal (`POST
 * /paymentHistories/{id}/reverse { comment }`) keeps it listed and takes it out of the balance.
 * The server decides who may (billing managers): a refusal is notified and nothing changes.
 * @example
 * <ReversePayments filter={{ 'invoice.id': 12 }} />
 */
import { Button, Dialog, DialogActions, DialogContent, DialogTitle, Stack, TextField, Typography } from '@mui/material';
import { useState } from 'react';
import { useGetList, useTranslate, type RaRecord } from 'react-admin';
import { formatDate, formatMoney } from '../../resources/format';
import { useFlowRequest } from '../useFlowRequest';

/** A payment as the list answers it (the fields shown here). */
type Payment = RaRecord & {
  paymentDate?: string;
  amount?: number | string;
  reversedAt?: string | null;
  reversedBy?: string | null;
  reversalComment?: string | null;
};

/** The payments of one document (`filter`: `{ 'preInvoice.id': id }` or `{ 'invoice.id': id }`) with Reverse. */
export const ReversePayments = ({ filter }: { filter: Record<string, unknown> }) => {
  const translate = useTranslate();
  const { data } = useGetList<Payment>('paymentHistories', {
    filter,
    pagination: { page: 1, perPage: 100 },
    sort: { field: 'paymentDate', order: 'DESC' },
  });
  const { send, busy, pending } = useFlowRequest();
  const [reversing, setReversing] = useState<Payment | null>(null);
  const [comment, setComment] = useState('');
  if (!data?.length) return null;
  return (
    <Stack spacing={0.5} aria-label={translate('bureau.payments.reversals')}>
      {data.map((p) => (
        <Stack key={p.id} direction="row" spacing={2} alignItems="center">
          <Typography variant="body2" sx={p.reversedAt ? { textDecoration: 'line-through' } : undefined}>
            {formatDate(p.paymentDate)} {formatMoney(p.amount ?? 0)}
          </Typography>
          {p.reversedAt ? (
            <Typography variant="body2" color="text.secondary">
              {translate('bureau.payments.reversed', { by: p.reversedBy ?? '', comment: p.reversalComment ?? '' })}
            </Typography>
          ) : (
            <Button
              size="small"
              disabled={busy}
              onClick={() => {
                setComment('');
                setReversing(p);
              }}
            >
              {translate('bureau.payments.reverse')}
            </Button>
          )}
        </Stack>
      ))}
      <Dialog open={reversing !== null} onClose={() => setReversing(null)}>
        <DialogTitle>{translate('bureau.payments.reverse_title')}</DialogTitle>
        <DialogContent>
          <TextField
            label={translate('bureau.payments.reverse_comment')}
            value={comment}
            onChange={(e) => setComment(e.target.value)}
            multiline
            required
            fullWidth
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setReversing(null)}>{translate('ra.action.cancel')}</Button>
          <Button
            disabled={busy || comment.trim() === ''}
            loading={pending === 'reverse'}
            onClick={async () => {
              const ok = await send(
                'paymentHistories',
                { name: 'reverse', id: reversing!.id, data: { comment: comment.trim() } },
                { success: 'bureau.payments.reversed_done' },
              );
              if (ok) setReversing(null);
            }}
          >
            {translate('bureau.payments.reverse')}
          </Button>
        </DialogActions>
      </Dialog>
    </Stack>
  );
};
