/**
 * The employee balance report (NAV-28, CASH-01..06): an office's month (the previous month by
 * default, CASH-14), one row per employee with the month's profits and the balance in the local
 * currency and in USD (CASH-02), and a comment each that the user saves (CASH-05). The balances
 * come from `GET /cashboxEmployeeBalances/all` (CASH-03; "by me" adds the user's employee id),
 * the employees' names and positions from the positions of the month (CASH-06).
 */
import {
  Alert,
  Box,
  Button,
  FormControlLabel,
  LinearProgress,
  Stack,
  Switch,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Title, useGetIdentity, useNotify } from 'react-admin';
import { useSearchParams } from 'react-router-dom';
import { formatCurrency } from '../resources/format';
import { useSpringDataProvider } from '../resources/useAction';
import {
  loadBalancePositions,
  loadBalances,
  loadOffices,
  personName,
  saveBalanceComment,
  type BalancePosition,
  type EmployeeBalance,
} from './api';
import { monthOf, normaliseEnd, normaliseStart, previousMonthRange } from './period';
import { OfficePicker } from './OfficePicker';
import { useCashboxText } from './text';

/** One balance's comment: its own field and Save (CASH-05). */
const CommentCell = ({ balance, name }: { balance: EmployeeBalance; name: string }) => {
  const t = useCashboxText();
  const dp = useSpringDataProvider();
  const notify = useNotify();
  const [value, setValue] = useState(balance.comment ?? '');
  const [busy, setBusy] = useState(false);
  const save = async () => {
    setBusy(true);
    try {
      await saveBalanceComment(dp, balance.id, value);
      notify(t('saved'), { type: 'success' });
    } catch (e) {
      notify((e as Error).message || 'bureau.billing.refused', { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
      <TextField
        size="small"
        multiline
        value={value}
        onChange={(e) => setValue(e.target.value)}
        slotProps={{ htmlInput: { 'aria-label': t('comment_of', { name }), maxLength: 1000 } }}
        sx={{ minWidth: 220 }}
      />
      <Button size="small" onClick={() => void save()} loading={busy} disabled={value === (balance.comment ?? '')}>
        {t('save')}
      </Button>
    </Stack>
  );
};

export default function BalancePage() {
  const t = useCashboxText();
  const dp = useSpringDataProvider();
  const { identity } = useGetIdentity();
  const employeeId = (identity as { employeeId?: number | null } | undefined)?.employeeId;
  // the choices live in the address (`?office=2&month=2026-10&byMe=1`), as on the cashbox report
  const [params, setParams] = useSearchParams();
  const officeParam = params.get('office');
  const officeId = officeParam && /^\d+$/.test(officeParam) ? Number(officeParam) : undefined;
  const monthParam = params.get('month');
  const month = monthParam && /^\d{4}-\d{2}$/.test(monthParam) ? monthParam : monthOf(previousMonthRange().dateGte);
  const byMe = params.get('byMe') === '1';
  const set = (key: string, value: string | undefined) =>
    setParams((prev) => {
      const next = new URLSearchParams(prev);
      if (value) next.set(key, value);
      else next.delete(key);
      return next;
    });
  const setOfficeId = (id: number | undefined) => set('office', id?.toString());
  const setMonth = (m: string) => set('month', m);
  const setByMe = (on: boolean) => set('byMe', on ? '1' : undefined);
  const range = { dateGte: normaliseStart(month), dateLte: normaliseEnd(month) };

  const offices = useQuery({ queryKey: ['balance', 'offices'], queryFn: ({ signal }) => loadOffices(dp, signal) });
  const balances = useQuery({
    enabled: officeId !== undefined,
    queryKey: ['balance', 'rows', officeId, month, byMe ? employeeId : null],
    queryFn: ({ signal }) =>
      loadBalances(dp, { officeId: officeId!, month, employeeId: byMe ? employeeId : undefined }, signal),
  });
  const positions = useQuery({
    queryKey: ['balance', 'positions', range.dateGte, range.dateLte],
    queryFn: ({ signal }) => loadBalancePositions(dp, range, signal),
  });
  const byEmployee = new Map<number, BalancePosition[]>();
  for (const p of positions.data ?? []) {
    const id = p.employee?.id;
    if (id !== undefined) byEmployee.set(id, [...(byEmployee.get(id) ?? []), p]);
  }
  const localCurrency = offices.data?.find((o) => o.id === officeId)?.currency?.code ?? '';
  const nameOf = (b: EmployeeBalance) =>
    personName(byEmployee.get(b.recipientEmployeeId)?.[0]?.employee) || `#${b.recipientEmployeeId}`;

  return (
    <Box sx={{ p: 2 }}>
      <Title title={t('balances_title')} />
      <Typography variant="h5" component="h1" sx={{ mb: 2 }}>
        {t('balances_title')}
      </Typography>
      <Stack direction="row" spacing={2} useFlexGap sx={{ mb: 2, flexWrap: 'wrap', alignItems: 'center' }}>
        <OfficePicker offices={offices.data} value={officeId} onChange={setOfficeId} testId="balance-office" />
        <TextField
          type="month"
          size="small"
          label={t('month')}
          value={month}
          onChange={(e) => e.target.value && setMonth(monthOf(normaliseStart(e.target.value)))}
          slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': 'balance-month' } }}
        />
        <FormControlLabel
          control={
            <Switch
              checked={byMe}
              onChange={(e) => setByMe(e.target.checked)}
              slotProps={{ input: { 'data-testid': 'balance-by-me' } as object }}
            />
          }
          label={t('by_me')}
        />
      </Stack>
      {officeId === undefined && <Alert severity="info">{t('choose_office')}</Alert>}
      {balances.isFetching && <LinearProgress aria-label={t('loading')} />}
      {balances.error && (
        <Alert severity="error">{t('load_failed', { message: (balances.error as Error).message })}</Alert>
      )}
      {balances.data && balances.data.length === 0 && <Alert severity="info">{t('no_balances')}</Alert>}
      {balances.data && balances.data.length > 0 && (
        <Box sx={{ overflowX: 'auto', maxWidth: '100%' }}>
          <Table
            size="small"

            aria-label={t('balances_table')}
            data-testid="balance-table"
          >
            <TableHead>
              <TableRow>
                <TableCell>{t('employee')}</TableCell>
                <TableCell>{t('positions')}</TableCell>
                <TableCell align="right">{t('profits')}</TableCell>
                <TableCell align="right">{t('balance_local')}</TableCell>
                <TableCell align="right">{t('balance_usd')}</TableCell>
                <TableCell>{t('comment')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {balances.data.map((b) => {
                // the balance's own currency, else the office's local one (CASH-02)
                const currency = b.currency?.code ?? localCurrency;
                const name = nameOf(b);
                return (
                  <TableRow key={b.id}>
                    <TableCell component="th" scope="row">
                      {name}
                    </TableCell>
                    <TableCell>
                      {(byEmployee.get(b.recipientEmployeeId) ?? [])
                        .map((p) => p.department?.gname)
                        .filter(Boolean)
                        .join(', ')}
                    </TableCell>
                    <TableCell align="right">{formatCurrency(b.profits ?? 0, currency)}</TableCell>
                    <TableCell align="right">{formatCurrency(b.balanceAmount ?? 0, currency)}</TableCell>
                    <TableCell align="right">{formatCurrency(b.balanceAmountUsd ?? 0, 'USD')}</TableCell>
                    <TableCell>
                      <CommentCell balance={b} name={name} />
                    </TableCell>
                  </TableRow>
                );
              })}
            </TableBody>
          </Table>
        </Box>
      )}
    </Box>
  );
}
