/**
 * The cashbox's actions on a month: Calculate (CASH-40, admins, top managers and billing
 * managers) with the job's progress, Close month (top managers), and the changes of a version
 * since the previous one. The server decides again on every request; the buttons only follow it.
 */
import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  LinearProgress,
  Link,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useNotify } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { formatCurrency } from '../resources/format';
import { useSpringDataProvider } from '../resources/useAction';
import {
  closePeriod,
  findJob,
  loadDiff,
  periodIdOf,
  personName,
  startCalculation,
  versionOf,
  type DiffChange,
  type Job,
  type Period,
} from './api';
import { useCashboxText } from './text';

/** How often a running calculation's job is read (ms). */
export const POLL_MS = 1000;

/**
 * Calculate: POSTs the month (CASH-40), then reads the job every {@link POLL_MS} ms and shows its
 * progress; when it has succeeded, `onDone` receives the period it wrote (if the job names it).
 */
export const CalculateButton = ({
  range,
  officeId,
  onDone,
}: {
  range: { dateGte: string; dateLte: string };
  officeId: number;
  onDone: (periodId: number | undefined) => void;
}) => {
  const t = useCashboxText();
  const dp = useSpringDataProvider();
  const notify = useNotify();
  const [job, setJob] = useState<Pick<Job, 'id' | 'status' | 'progress' | 'progressNote'> | null>(null);
  const [error, setError] = useState<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const poll = async (id: number) => {
    try {
      const seen = await findJob(dp, id);
      if (!seen) throw new Error(`job ${id} is not among your jobs`);
      setJob(seen);
      if (seen.status === 'succeeded') {
        setJob(null);
        onDone(periodIdOf(seen.result));
      } else if (seen.status === 'failed') {
        setJob(null);
        setError(t('calculation_failed', { message: seen.error ?? '' }));
      } else if (seen.status === 'cancelled') {
        setJob(null);
        setError(t('calculation_cancelled'));
      } else timer.current = setTimeout(() => void poll(id), POLL_MS);
    } catch (e) {
      setJob(null);
      setError(t('calculation_failed', { message: (e as Error).message }));
    }
  };

  const start = async () => {
    if (job) return;
    setError(null);
    try {
      const id = await startCalculation(dp, { ...range, officeId });
      setJob({ id, status: 'queued', progress: 0 });
      await poll(id);
    } catch (e) {
      setJob(null);
      notify((e as Error).message || 'bureau.billing.refused', { type: 'error' });
    }
  };

  return (
    <Box sx={{ minWidth: 200 }}>
      <Button variant="contained" onClick={() => void start()} loading={Boolean(job)} data-testid="cashbox-calculate">
        {t('calculate')}
      </Button>
      {job && (
        <Box data-testid="cashbox-progress" sx={{ mt: 1 }}>
          <LinearProgress
            variant="determinate"
            value={job.progress ?? 0}
            aria-label={job.status === 'queued' ? t('calculation_queued') : t('calculating', { progress: job.progress ?? 0 })}
          />
          <Typography variant="caption" role="status">
            {job.status === 'queued' ? t('calculation_queued') : t('calculating', { progress: job.progress ?? 0 })}
            {job.progressNote ? ` · ${job.progressNote}` : ''}
          </Typography>
        </Box>
      )}
      {error && (
        <Alert severity="error" sx={{ mt: 1 }}>
          {error}
        </Alert>
      )}
    </Box>
  );
};

/** Close month: asks, then `POST /cashboxPeriods/{id}/close`, and reads the versions again. */
export const CloseMonthButton = ({ period }: { period: Period }) => {
  const t = useCashboxText();
  const dp = useSpringDataProvider();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const close = async () => {
    setBusy(true);
    try {
      await closePeriod(dp, period.id);
      notify(t('closed_ok'), { type: 'success' });
      await queryClient.invalidateQueries({ queryKey: ['cashbox', 'periods'] });
    } catch (e) {
      notify((e as Error).message || 'bureau.billing.refused', { type: 'error' });
    } finally {
      setBusy(false);
      setAsking(false);
    }
  };
  return (
    <>
      <Button variant="outlined" onClick={() => setAsking(true)} data-testid="cashbox-close">
        {t('close_month')}
      </Button>
      <Dialog open={asking} onClose={() => setAsking(false)} aria-labelledby="cashbox-close-title">
        <DialogTitle id="cashbox-close-title">{t('close_month')}</DialogTitle>
        <DialogContent>
          <DialogContentText>{t('close_confirm', { n: versionOf(period) })}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setAsking(false)}>{t('cancel')}</Button>
          <Button variant="contained" onClick={() => void close()} loading={busy}>
            {t('confirm')}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
};

const reasonText = (r: NonNullable<DiffChange['reasons']>[number]) =>
  typeof r === 'string' ? r : (r.description ?? r.message ?? `${r.entity ?? ''} ${r.id ?? ''}`.trim());

/** The changes of a version since the previous one (`GET /cashboxPeriods/{id}/diff`): per position, figure, before, after, why. */
export const DiffButton = ({ period }: { period: Period }) => {
  const t = useCashboxText();
  const dp = useSpringDataProvider();
  const [open, setOpen] = useState(false);
  const diff = useQuery({
    enabled: open,
    queryKey: ['cashbox', 'diff', period.id],
    queryFn: ({ signal }) => loadDiff(dp, period.id, signal),
  });
  const version = versionOf(period);
  const currency = period.currency?.code ?? '';
  const amount = (v: unknown) => (v == null || v === '' || Number.isNaN(Number(v)) ? String(v ?? '') : formatCurrency(v, currency));
  const rows = (diff.data ?? []).flatMap((entry) =>
    (entry.changes ?? []).map((c, i) => ({
      key: `${personName(entry.recipientPosition ?? entry.position)}-${i}`,
      name: entry.positionName ?? personName(entry.recipientPosition ?? entry.position),
      change: c,
    })),
  );
  return (
    <>
      <Button onClick={() => setOpen(true)} disabled={version <= 1} data-testid="cashbox-diff">
        {t('diff')}
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} maxWidth="md" fullWidth aria-labelledby="cashbox-diff-title">
        <DialogTitle id="cashbox-diff-title">{t('diff_title', { n: version - 1 })}</DialogTitle>
        <DialogContent>
          {diff.isFetching && <LinearProgress aria-label={t('loading')} />}
          {diff.error && <Alert severity="error">{t('load_failed', { message: (diff.error as Error).message })}</Alert>}
          {diff.data && rows.length === 0 && <Alert severity="info">{t('diff_none')}</Alert>}
          {rows.length > 0 && (
            <Table size="small" aria-label={t('diff')}>
              <TableHead>
                <TableRow>
                  <TableCell>{t('position')}</TableCell>
                  <TableCell>{t('figure')}</TableCell>
                  <TableCell align="right">{t('before')}</TableCell>
                  <TableCell align="right">{t('after')}</TableCell>
                  <TableCell>{t('why')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {rows.map(({ key, name, change }) => (
                  <TableRow key={key}>
                    <TableCell component="th" scope="row">
                      {name}
                    </TableCell>
                    <TableCell>{change.figure ?? change.field}</TableCell>
                    <TableCell align="right">{amount(change.before)}</TableCell>
                    <TableCell align="right">{amount(change.after)}</TableCell>
                    <TableCell>
                      {(change.reasons ?? []).map((r, i) => (
                        <div key={i}>
                          {typeof r !== 'string' && r.entity && r.id !== undefined ? (
                            <Link component={RouterLink} to={`/${r.entity}/${r.id}/show`}>
                              {reasonText(r)}
                            </Link>
                          ) : (
                            reasonText(r)
                          )}
                        </div>
                      ))}
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)}>{t('close_panel')}</Button>
        </DialogActions>
      </Dialog>
    </>
  );
};
