/**
 * The approval of a document on its card, for every entity that declares `verification`: the
 * chain's decision, its steps (order, approver, decision, comment, date; a step decided by someone
 * else for its approver says so: "decided by Anna Abenova for Carl Chen", MC-6), and the approve and
 * reject buttons for the current approver or an admin. A chain the user may not read (404) shows
 * nothing.
 */
import {
  Box,
  Chip,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { useGetOne, useRecordContext, useTranslate } from 'react-admin';
import type { EntitySchema } from '../../schemas/define';
import { DecisionButtons, type ChainLike } from './DecisionButtons';

interface Step {
  id: number;
  orderliness: number;
  employee?: { id: number; gfirstName?: string; glastName?: string } | null;
  decision?: { code?: number; gname?: string } | null;
  comment?: string | null;
  decisionDate?: string | null;
  /** MC-6: who took the decision, and whether for the step's approver. */
  decidedByName?: string | null;
  onBehalf?: boolean | null;
}

type Chain = ChainLike & { decision?: { code?: number; gname?: string } | null; verificationApproverList?: Step[] };

// 4: cancelled (the document was deleted while the chain was open)
const COLORS: Record<number, 'default' | 'success' | 'error' | 'warning'> = {
  1: 'warning',
  2: 'success',
  3: 'error',
  4: 'default',
};
const when = (iso: string | null | undefined) => (iso ? new Date(iso).toLocaleString() : '');
const person = (s: Step) =>
  [s.employee?.gfirstName, s.employee?.glastName].filter(Boolean).join(' ') || `Employee ${s.employee?.id ?? ''}`;

export const VerificationPanel = ({ schema }: { schema: EntitySchema }) => {
  const record = useRecordContext();
  const chainId = (record?.[schema.verification!.chainField] as { id?: number } | null | undefined)?.id;
  const translate = useTranslate();
  const { data, refetch } = useGetOne<Chain & { id: number }>(
    'verificationChains',
    { id: chainId! },
    { enabled: chainId !== undefined, retry: false },
  );
  if (!data) return null;
  const steps = [...(data.verificationApproverList ?? [])].sort((a, b) => a.orderliness - b.orderliness);
  const current = data.decision?.code === 1 ? steps.find((s) => s.decision?.code === 1) : undefined;
  return (
    <Box
      component="section"
      aria-label={translate('bureau.approvals.panel')}
      sx={{ px: 2, pt: 2 }}
      data-testid="verification-panel"
    >
      <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap', mb: 1 }}>
        <Chip
          color={COLORS[data.decision?.code ?? 0] ?? 'default'}
          label={translate('bureau.approvals.chip', { decision: data.decision?.gname ?? '-' })}
          data-testid="verification-chip"
        />
        <DecisionButtons chain={data} onDone={() => void refetch()} />
      </Stack>
      {steps.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {translate('bureau.approvals.no_approvers')}
        </Typography>
      ) : (
        <TableContainer>
          <Table size="small" aria-label={translate('bureau.approvals.steps')}>
            <TableHead>
              <TableRow>
                <TableCell>#</TableCell>
                <TableCell>{translate('bureau.approvals.approver')}</TableCell>
                <TableCell>{translate('bureau.approvals.decision')}</TableCell>
                <TableCell>{translate('bureau.comment.label')}</TableCell>
                <TableCell>{translate('bureau.approvals.date')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {steps.map((s) => (
                <TableRow key={s.id} selected={s === current}>
                  <TableCell>{s.orderliness}</TableCell>
                  <TableCell>
                    {person(s)}
                    {s === current ? ` ${translate('bureau.approvals.current_step')}` : ''}
                    {s.onBehalf && s.decidedByName ? (
                      <Typography variant="body2" color="text.secondary" data-testid="decided-by">
                        {translate('bureau.approvals.decided_by', { by: s.decidedByName, approver: person(s) })}
                      </Typography>
                    ) : null}
                  </TableCell>
                  <TableCell>{s.decision?.gname ?? ''}</TableCell>
                  <TableCell>{s.comment ?? ''}</TableCell>
                  <TableCell>{when(s.decisionDate)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
    </Box>
  );
};
