/**
 * Approve and reject buttons for the current step of a verification chain, with the comment
 * dialog (required to reject), calling the `solve` action of verification chains with the chain's
 * version as read, so a decision taken meanwhile by someone else is refused (409) rather than
 * applied to the next step. Shown only to the current step's approver or an admin; the server
 * decides in every case.
 */
import Check from '@mui/icons-material/Check';
import Close from '@mui/icons-material/Close';
import { Button, Stack } from '@mui/material';
import { useState, type MouseEvent } from 'react';
import { useGetIdentity, useNotify, useTranslate } from 'react-admin';
import { useResourceAccess } from '../resources/access';
import { ADMIN_ONLY } from '../resources/status/rules';
import { CommentDialog } from '../widgets/CommentDialog';
import { useSpringDataProvider } from '../resources/useAction';

/** The part of a chain the buttons read (a `verificationChains` record). */
export interface ChainLike {
  id: number | string;
  version?: number;
  decision?: { code?: number } | null;
  currentApproverId?: number | null;
}

/** Whether the signed-in user may decide the chain's current step now (approver of the step, or admin). */
export function useMayDecide(chain: ChainLike | undefined): boolean {
  const { identity } = useGetIdentity();
  const canAccess = useResourceAccess();
  if (!chain || chain.decision?.code !== 1) return false;
  if (canAccess('view', ADMIN_ONLY)) return true;
  const me = (identity as { employeeId?: number | null } | undefined)?.employeeId;
  return me !== undefined && me !== null && chain.currentApproverId === me;
}

const stop = (e: MouseEvent) => e.stopPropagation();

export const DecisionButtons = ({ chain, onDone }: { chain: ChainLike; onDone: () => void }) => {
  const mayDecide = useMayDecide(chain);
  const dataProvider = useSpringDataProvider();
  const notify = useNotify();
  const translate = useTranslate();
  const [open, setOpen] = useState<2 | 3 | undefined>();
  if (!mayDecide) return null;
  const close = () => setOpen(undefined);
  const submit = async (comment: string | null) => {
    try {
      await dataProvider.action('verificationChains', {
        name: 'solve',
        data: {
          verificationChainId: Number(chain.id),
          decisionCode: open,
          comment,
          ...(chain.version === undefined ? {} : { version: chain.version }),
        },
      });
      notify(open === 2 ? 'bureau.approvals.approved' : 'bureau.approvals.rejected', { type: 'success' });
      close();
      onDone();
    } catch (e) {
      notify((e as Error).message || 'bureau.approvals.refused', { type: 'error' });
    }
  };
  const rejecting = open === 3;
  return (
    <Stack direction="row" spacing={1} onClick={stop}>
      <Button size="small" variant="contained" color="success" startIcon={<Check />} onClick={() => setOpen(2)}>
        {translate('bureau.approvals.approve')}
      </Button>
      <Button size="small" variant="outlined" color="error" startIcon={<Close />} onClick={() => setOpen(3)}>
        {translate('bureau.approvals.reject')}
      </Button>
      {open && (
        <CommentDialog
          title={translate(rejecting ? 'bureau.approvals.reject_title' : 'bureau.approvals.approve_title')}
          required={rejecting}
          requiredHint={translate('bureau.approvals.reject_needs_comment')}
          confirmLabel={translate(rejecting ? 'bureau.approvals.reject' : 'bureau.approvals.approve')}
          confirmColor={rejecting ? 'error' : 'success'}
          onCancel={close}
          onConfirm={submit}
        />
      )}
    </Stack>
  );
};
