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
  INCOME_LINES,
  loadDiff,
  loadPositionsById,
  periodIdOf,
  personName,
  startCalculation,
  versionOf,
  type Job,
  type Period,
} from './api';
import { useCashboxText, type CashboxTextKey } from './text';

/** The records behind a change that have a card of their own; a payment has none (it is read on its invoice's payments tab). */
const CARDS = new Set(['times', 'expenses', 'invoices', 'preInvoices', 'matters', 'positions']);

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
            aria-label={
              job.status === 'queued' ? t('calculation_queued') : t('calculating', { progress: job.progress ?? 0 })
            }
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

/** The figures a diff names (`server` field -> text key), in the report's order; others show their own name. */
const FIGURE_TEXT: Record<string, CashboxTextKey> = {
  efficiencyAmountLocal: 'efficiency',
  sumAmountLocal: 'sum',
  profitAmountLocal: 'profit',
  ...Object.fromEntries(INCOME_LINES.map((l) => [l.field, `line_${l.key}` as CashboxTextKey])),
};

/**
 * The changes of a version since the previous one (`GET /cashboxPeriods/{id}/diff`): per position,
 * each figure before and after, and why - the records (payments, time entries, quotas, expenses,
 * budgets) whose parts differ, each opening its card.
 */
export const DiffButton = ({ period }: { period: Period }) => {
  const t = useCashboxText();
  const dp = useSpringDataProvider();
  const [open, setOpen] = useState(false);
  const diff = useQuery({
    enabled: open,
    queryKey: ['cashbox', 'diff', period.id],
    queryFn: ({ signal }) => loadDiff(dp, period.id, signal),
  });
  const ids = (diff.data?.positions ?? []).map((p) => p.positionId);
  const positions = useQuery({
    enabled: ids.length > 0,
    queryKey: ['cashbox', 'diffPositions', ids],
    queryFn: ({ signal }) => loadPositionsById(dp, ids, signal),
  });
  const version = versionOf(period);
  const currency = period.currency?.code ?? '';
  const amount = (v: string | null) => (v === null ? '–' : formatCurrency(v, currency));
  const nameOf = (id: number) => personName(positions.data?.find((p) => p.id === id)?.employee) || `#${id}`;
  const figureText = (name: string) => (FIGURE_TEXT[name] ? t(FIGURE_TEXT[name]) : name);
  const changed = diff.data?.positions ?? [];
  return (
    <>
      <Button onClick={() => setOpen(true)} disabled={version <= 1} data-testid="cashbox-diff">
        {t('diff')}
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} maxWidth="md" fullWidth aria-labelledby="cashbox-diff-title">
        <DialogTitle id="cashbox-diff-title">
          {t('diff_title', { n: diff.data?.previousVersion ?? version - 1 })}
        </DialogTitle>
        <DialogContent>
          {diff.isFetching && <LinearProgress aria-label={t('loading')} />}
          {diff.error && <Alert severity="error">{t('load_failed', { message: (diff.error as Error).message })}</Alert>}
          {diff.data && diff.data.previousPeriodId === null && <Alert severity="info">{t('diff_first')}</Alert>}
          {diff.data && diff.data.previousPeriodId !== null && changed.length === 0 && (
            <Alert severity="info">{t('diff_none')}</Alert>
          )}
          {changed.map((p) => (
            <Box key={p.positionId} component="section" aria-label={nameOf(p.positionId)} sx={{ mb: 2 }}>
              <Typography variant="subtitle1" component="h3">
                {nameOf(p.positionId)}
              </Typography>
              <Table
                size="small"

                aria-label={t('diff_of', { name: nameOf(p.positionId) })}
              >
                <TableHead>
                  <TableRow>
                    <TableCell>{t('figure')}</TableCell>
                    <TableCell align="right">{t('before')}</TableCell>
                    <TableCell align="right">{t('after')}</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {Object.entries(p.figures).map(([name, f]) => (
                    <TableRow key={name}>
                      <TableCell component="th" scope="row">
                        {figureText(name)}
                      </TableCell>
                      <TableCell align="right">{amount(f.previous)}</TableCell>
                      <TableCell align="right">{amount(f.current)}</TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
              {p.sources.length > 0 && (
                <Table
                  size="small"

                  aria-label={t('why_of', { name: nameOf(p.positionId) })}
                >
                  <TableHead>
                    <TableRow>
                      <TableCell>{t('why')}</TableCell>
                      <TableCell align="right">{t('before')}</TableCell>
                      <TableCell align="right">{t('after')}</TableCell>
                    </TableRow>
                  </TableHead>
                  <TableBody>
                    {p.sources.map((src) => (
                      <TableRow key={`${src.entity}-${src.id}`}>
                        <TableCell component="th" scope="row">
                          {CARDS.has(src.entity) ? (
                            <Link component={RouterLink} to={`/${src.entity}/${src.id}/show`}>
                              {t('record_n', { entity: src.entity, id: src.id })}
                            </Link>
                          ) : (
                            t('record_n', { entity: src.entity, id: src.id })
                          )}
                        </TableCell>
                        <TableCell align="right">{amount(src.previous)}</TableCell>
                        <TableCell align="right">{amount(src.current)}</TableCell>
                      </TableRow>
                    ))}
                  </TableBody>
                </Table>
              )}
            </Box>
          ))}
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)}>{t('close_panel')}</Button>
        </DialogActions>
      </Dialog>
    </>
  );
};
