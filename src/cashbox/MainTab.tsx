/**
 * The cashbox's main tab (CASH-07/08): per group (department) a table of one row per recipient
 * position - Position, Efficiency, Sum, GB, Total, % (CASH-10), Profit - with the group's totals
 * (CASH-21), and a side panel of the position's seven income lines (CASH-09). Every figure is a
 * link to the records it sums, on the generated list screens (filters in the address).
 */
import {
  Alert,
  Box,
  Button,
  Drawer,
  IconButton,
  LinearProgress,
  Link,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableFooter,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import CloseIcon from '@mui/icons-material/Close';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { formatCurrency } from '../resources/format';
import { useSpringDataProvider } from '../resources/useAction';
import {
  budgetsUrl,
  INCOME_LINES,
  incomesUrl,
  lineUrl,
  positionIncomes,
  loadGroupProfits,
  loadIncomes,
  loadPositionProfits,
  percentShown,
  personName,
  positionProfitUrl,
  visibleGroups,
  type GroupProfit,
  type Period,
  type PositionProfit,
} from './api';
import { useCashboxText } from './text';

/** A figure that opens the records it sums: a link named after the figure, money in the period's currency. */
export const Figure = ({
  value,
  currency,
  to,
  label,
}: {
  value: unknown;
  currency: string;
  to: string;
  label: string;
}) => {
  const t = useCashboxText();
  const text = formatCurrency(value ?? 0, currency);
  return (
    <Link component={RouterLink} to={to} aria-label={`${t('records_of', { figure: label })}: ${text}`}>
      {text}
    </Link>
  );
};

interface Context {
  period: Period;
  currency: string;
  byMe: boolean;
  employeeId?: number | null;
}

/**
 * The side panel of one position: the seven income lines (CASH-09), each opening its records, and
 * under them the position's income records of the group (CASH-31), each opening its payment.
 */
const IncomePanel = ({
  ctx,
  group,
  row,
  onClose,
}: {
  ctx: Context;
  group: GroupProfit;
  row: PositionProfit;
  onClose: () => void;
}) => {
  const t = useCashboxText();
  const dp = useSpringDataProvider();
  const name = personName(row.recipientPosition);
  const incomes = useQuery({
    queryKey: ['cashbox', 'incomes', group.id, ctx.byMe],
    queryFn: ({ signal }) => loadIncomes(dp, { groupProfitId: group.id, byMe: ctx.byMe }, signal),
  });
  const positionId = row.recipientPosition?.id;
  const own = incomes.data && positionId !== undefined ? positionIncomes(incomes.data, positionId) : undefined;
  const at = { periodId: ctx.period.id, groupProfitId: group.id, positionId };
  return (
    <Drawer
      anchor="right"
      open
      onClose={onClose}
      slotProps={{
        paper: {
          role: 'dialog',
          'aria-label': t('detail_title', { name }),
          sx: { width: 420, maxWidth: '100%', p: 2 },
        },
      }}
    >
      <Stack direction="row" sx={{ alignItems: 'center', mb: 1 }}>
        <Typography variant="h6" component="h2" sx={{ flex: 1 }}>
          {t('detail_title', { name })}
        </Typography>
        <IconButton aria-label={t('close_panel')} onClick={onClose}>
          <CloseIcon />
        </IconButton>
      </Stack>
      <Table
        size="small"

        aria-label={t('detail_title', { name })}
        data-testid="cashbox-income-lines"
      >
        <TableBody>
          {INCOME_LINES.map((line) => (
            <TableRow key={line.key}>
              <TableCell component="th" scope="row">
                {t(`line_${line.key}`)}
              </TableCell>
              <TableCell align="right">
                <Figure
                  value={row[line.field]}
                  currency={ctx.currency}
                  to={lineUrl(line, at)}
                  label={t(`line_${line.key}`)}
                />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      <Typography variant="subtitle2" component="h3" sx={{ mt: 2 }}>
        {t('income_records')}
      </Typography>
      {incomes.isPending && <LinearProgress aria-label={t('loading')} />}
      {incomes.error && (
        <Alert severity="error">{t('load_failed', { message: (incomes.error as Error).message })}</Alert>
      )}
      {own && own.rows.length === 0 && <Typography variant="body2">{t('no_income_records')}</Typography>}
      {own && own.rows.length > 0 && (
        <Table
          size="small"

          aria-label={t('income_records')}
          data-testid="cashbox-income-records"
        >
          <TableHead>
            <TableRow>
              <TableCell>{t('payment')}</TableCell>
              <TableCell>{t('role')}</TableCell>
              <TableCell align="right">{t('amount')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {own.rows.map((i) => (
              <TableRow key={i.id}>
                <TableCell>
                  {i.payment && i.invoice ? (
                    <Link component={RouterLink} to={`/invoices/${i.invoice.id}/payments`}>
                      {t('payment_n', { id: i.payment.id })}
                    </Link>
                  ) : i.payment ? (
                    t('payment_n', { id: i.payment.id })
                  ) : i.expense ? (
                    <Link component={RouterLink} to={`/expenses/${i.expense.id}/show`}>
                      {t('expense_n', { id: i.expense.id })}
                    </Link>
                  ) : null}
                </TableCell>
                <TableCell>{i.role ?? ''}</TableCell>
                <TableCell align="right">{formatCurrency(i.amount ?? 0, ctx.currency)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
          <TableFooter>
            <TableRow>
              <TableCell component="th" scope="row" colSpan={2}>
                {t('total')}
              </TableCell>
              <TableCell align="right">{formatCurrency(own.total, ctx.currency)}</TableCell>
            </TableRow>
          </TableFooter>
        </Table>
      )}
    </Drawer>
  );
};

/** One group's table (CASH-08) with its totals (CASH-21). */
const GroupTable = ({ ctx, group }: { ctx: Context; group: GroupProfit }) => {
  const t = useCashboxText();
  const dp = useSpringDataProvider();
  const [open, setOpen] = useState<PositionProfit | null>(null);
  const rows = useQuery({
    queryKey: ['cashbox', 'positions', group.id, ctx.byMe],
    queryFn: ({ signal }) => loadPositionProfits(dp, { groupProfitId: group.id, byMe: ctx.byMe }, signal),
  });
  const groupName = group.groupDepartment?.gname ?? String(group.id);
  const money = (value: unknown, to: string, label: string) => (
    <Figure value={value} currency={ctx.currency} to={to} label={label} />
  );
  return (
    <Box component="section" aria-label={groupName} sx={{ mb: 3, overflowX: 'auto', maxWidth: '100%' }}>
      <Typography variant="h6" component="h2">
        {groupName}
      </Typography>
      {rows.isPending && <LinearProgress aria-label={t('loading')} />}
      {rows.error && <Alert severity="error">{t('load_failed', { message: (rows.error as Error).message })}</Alert>}
      {rows.data && (
        <Table
          size="small"
          aria-label={t('group_table', { group: groupName })}
          data-testid={`cashbox-group-${group.id}`}
        >
          <TableHead>
            <TableRow>
              <TableCell>{t('position')}</TableCell>
              <TableCell align="right">{t('efficiency')}</TableCell>
              <TableCell align="right">{t('sum')}</TableCell>
              <TableCell align="right">
                <abbr title={t('gb_long')}>{t('gb')}</abbr>
              </TableCell>
              <TableCell align="right">{t('total')}</TableCell>
              <TableCell align="right">{t('percent')}</TableCell>
              <TableCell align="right">{t('profit')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.data.length === 0 && (
              <TableRow>
                <TableCell colSpan={7}>{t('no_rows')}</TableCell>
              </TableRow>
            )}
            {rows.data.map((r) => {
              const name = personName(r.recipientPosition);
              const pos = r.recipientPosition?.id;
              return (
                <TableRow key={r.id}>
                  <TableCell component="th" scope="row">
                    <Button size="small" onClick={() => setOpen(r)} aria-label={t('open_detail', { name })}>
                      {name}
                    </Button>
                  </TableCell>
                  <TableCell align="right">
                    {money(r.efficiencyAmountLocal, incomesUrl(group.id, pos, 'lawyer'), t('efficiency'))}
                  </TableCell>
                  <TableCell align="right">{money(r.sumAmountLocal, incomesUrl(group.id, pos), t('sum'))}</TableCell>
                  <TableCell align="right">
                    {r.groupBudgetAmountLocal != null &&
                      money(r.groupBudgetAmountLocal, budgetsUrl(ctx.period.id, group.groupDepartment?.id), t('gb'))}
                  </TableCell>
                  <TableCell align="right">
                    {r.totalAmountLocal != null && money(r.totalAmountLocal, positionProfitUrl(r.id), t('total'))}
                  </TableCell>
                  <TableCell align="right">{percentShown(r)}</TableCell>
                  <TableCell align="right">
                    {money(r.profitAmountLocal, positionProfitUrl(r.id), t('profit'))}
                  </TableCell>
                </TableRow>
              );
            })}
          </TableBody>
          <TableFooter>
            <TableRow>
              <TableCell component="th" scope="row">
                {t('group_total')}
              </TableCell>
              <TableCell />
              <TableCell align="right">
                {money(group.membersAmountSum, incomesUrl(group.id), `${t('group_total')} ${t('members_sum')}`)}
              </TableCell>
              <TableCell align="right">
                {money(
                  group.groupBudgetAmount,
                  budgetsUrl(ctx.period.id, group.groupDepartment?.id),
                  `${t('group_total')} ${t('gb')}`,
                )}
              </TableCell>
              <TableCell align="right">
                {money(group.totalAmount, incomesUrl(group.id), `${t('group_total')} ${t('total')}`)}
              </TableCell>
              <TableCell />
              <TableCell />
            </TableRow>
          </TableFooter>
        </Table>
      )}
      {open && <IncomePanel ctx={ctx} group={group} row={open} onClose={() => setOpen(null)} />}
    </Box>
  );
};

/** The main tab of a period version: its groups (CASH-28, or CASH-29 "by me"), each with its table. */
export const MainTab = ({
  period,
  byMe,
  employeeId,
}: {
  period: Period;
  byMe: boolean;
  employeeId?: number | null;
}) => {
  const t = useCashboxText();
  const dp = useSpringDataProvider();
  const groups = useQuery({
    queryKey: ['cashbox', 'groups', period.id, byMe],
    queryFn: ({ signal }) => loadGroupProfits(dp, { periodId: period.id, byMe }, signal),
  });
  const ctx: Context = { period, currency: period.currency?.code ?? '', byMe, employeeId };
  if (groups.isPending) return <LinearProgress aria-label={t('loading')} />;
  if (groups.error)
    return <Alert severity="error">{t('load_failed', { message: (groups.error as Error).message })}</Alert>;
  const shown = visibleGroups(period, groups.data);
  if (shown.length === 0) return <Alert severity="info">{t('no_groups')}</Alert>;
  return (
    <>
      {shown.map((g) => (
        <GroupTable key={g.id} ctx={ctx} group={g} />
      ))}
    </>
  );
};
