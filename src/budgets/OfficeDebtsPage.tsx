/**
 * The inter-office debts page (NAV-89, OFF-43..50): what the cashbox calculation found the chosen
 * office owes the other offices in the chosen month (the previous calendar month unless changed,
 * OFF-45). The month's versions come from `GET /cashboxPeriods` (CASH-27); the one that counts is
 * `countingVersion`'s (the highest closed version, else the highest), named on the page with the
 * report's open/closed chip. Its debts come from `GET /cashboxOfficeDebts/all` (OFF-46, with
 * `cashboxPeriodId`): one row per creditor office with its amount in the debt's currency, which
 * opens the records it sums (`cashboxSources` of the creditor row: the payments), the payment
 * status per creditor (OFF-44), the transfers behind it (details) and the debt's budgets that were
 * not rejected (OFF-48). Also read: the office with `GET /offices/{id}` (OFF-47), the payment
 * statuses from `GET /baseDictionaries` (OFF-49), the budgets' responsible positions from
 * `GET /positions` (OFF-50). A month without a calculation says so and, for those who calculate
 * (`calculatesCashbox`), links to that office's cashbox report of the month.
 */
import {
  Alert,
  Box,
  Card,
  CardContent,
  Chip,
  LinearProgress,
  Link,
  MenuItem,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Title, useNotify, usePermissions, useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { calculatesCashbox } from '../../schemas/cashbox/access';
import { countingVersion, previousMonth } from '../../schemas/cashbox/cashboxOfficeDebts';
import { debtPaymentStatus } from '../../schemas/finance/dictionaries';
import type { Permissions } from '../access/canAccess';
import { isClosed, loadPeriods, versionOf, type Period } from '../cashbox/api';
import { formatCurrency, formatMoney } from '../resources/format';
import { useResourceAccess } from '../resources/access';
import type { PageProps } from '../resources/parts';
import { useSpringDataProvider } from '../resources/useAction';

type Office = { id: number; gfirmName?: string | null };
type Entry = { id: number; code: number; gname?: string | null };
type Creditor = { id: number; office?: Office | null; amount?: number | null; paymentStatus?: Entry | null };
type Detail = {
  id: number;
  detailSide: string;
  creditorOffice?: Office | null;
  amount?: number | null;
  description?: string | null;
};
export type Debt = {
  id: number;
  cashboxPeriod?: { id?: number; reportDateGte?: string; reportDateLte?: string; office?: Office | null } | null;
  debtCurrencyCode?: string | null;
  paymentStatus?: number | null;
  creditorOffices?: Creditor[];
  details?: Detail[];
};
type Budget = {
  id: number;
  date?: string;
  amount?: number;
  description?: string | null;
  budgetType?: { gname?: string | null } | null;
  responsiblePosition?: { id: number } | null;
};
/** The query of a debt's budgets that were not rejected (OFF-48). */
export const debtBudgetsQuery = (debtId: number) => ({
  cashboxOfficeDebtId: debtId,
  'verificationChain.decision.code.ne': 3,
  projection: 'debtBudgets',
  size: 100,
});

/** An amount in the active locale (`1,234.50`, Russian `1 234,50`); empty for none. */
const money = (n: number | null | undefined) => (n === null || n === undefined ? '' : formatMoney(n));

/** An amount with its currency (`KZT 1,234.50`); the bare amount only when the currency is unknown. */
const inCurrency = (n: number | string | null | undefined, currency: string | null | undefined) =>
  currency ? formatCurrency(n, currency) : money(n === undefined || n === null ? n : Number(n));

/**
 * The records a creditor's amount sums: the `cashboxSources` of that creditor row (the payments
 * whose transfers and incomes make it, each with its part), on the generated list screen.
 */
export const creditorSourcesUrl = (creditorId: number): string =>
  `/cashboxSources?filter=${encodeURIComponent(
    JSON.stringify({ lineEntity: 'cashboxOfficeDebtCreditors', lineId: creditorId }),
  )}`;

/** The cashbox report of an office's month (`/cashbox/main?office&from&to`), where it is calculated. */
export const cashboxReportUrl = (officeId: string | number, gte: string, lte: string): string =>
  `/cashbox/main?office=${officeId}&from=${gte}&to=${lte}`;

/** The first and last day of `YYYY-MM`. */
export const monthRange = (month: string): { gte: string; lte: string } => {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const last = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return { gte: `${month}-01`, lte: `${month}-${String(last).padStart(2, '0')}` };
};

/** A debt's budgets, with the holder of each responsible position. */
const DebtBudgets = ({ debt }: { debt: Debt }) => {
  const dataProvider = useSpringDataProvider();
  const translate = useTranslate();
  const budgets = useQuery({
    queryKey: ['officeDebts', 'budgets', debt.id],
    queryFn: async ({ signal }) =>
      (await dataProvider.request<Budget[]>('budgets', { query: debtBudgetsQuery(debt.id), signal })).data,
  });
  const positionIds = [
    ...new Set((budgets.data ?? []).flatMap((b) => (b.responsiblePosition ? [b.responsiblePosition.id] : []))),
  ];
  const positions = useQuery({
    enabled: positionIds.length > 0,
    queryKey: ['officeDebts', 'positions', positionIds],
    queryFn: async ({ signal }) =>
      (
        await dataProvider.request<
          Array<{ id: number; employee?: { gfirstName?: string; glastName?: string } | null }>
        >('positions', { query: { 'id.in': positionIds, size: positionIds.length }, signal })
      ).data,
  });
  const holder = (id?: number) => {
    const p = positions.data?.find((x) => x.id === id);
    return p?.employee ? `${p.employee.gfirstName ?? ''} ${p.employee.glastName ?? ''}`.trim() : '';
  };
  if (budgets.isPending) return <LinearProgress aria-label={translate('bureau.debts.loading_budgets')} />;
  if (budgets.error) return <Alert severity="warning">{(budgets.error as Error).message}</Alert>;
  if (!budgets.data?.length) return <Typography variant="body2">{translate('bureau.debts.no_budgets')}</Typography>;
  return (
    <Table size="small" aria-label={translate('bureau.debts.budgets_of', { id: debt.id })}>
      <TableHead>
        <TableRow>
          <TableCell>{translate('bureau.debts.date')}</TableCell>
          <TableCell>{translate('bureau.debts.type')}</TableCell>
          <TableCell>{translate('bureau.debts.description')}</TableCell>
          <TableCell>{translate('bureau.debts.responsible')}</TableCell>
          <TableCell align="right">{translate('bureau.debts.amount')}</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {budgets.data.map((b) => (
          <TableRow key={b.id}>
            <TableCell>{b.date}</TableCell>
            <TableCell>{b.budgetType?.gname}</TableCell>
            <TableCell>{b.description}</TableCell>
            <TableCell>{holder(b.responsiblePosition?.id)}</TableCell>
            <TableCell align="right">{money(b.amount)}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
};

/** The creditors of a debt: the amount owed to each office (opening its records) and its payment status select (OFF-44). */
const Creditors = ({ debt, statuses, canEdit }: { debt: Debt; statuses: Entry[]; canEdit: boolean }) => {
  const dataProvider = useSpringDataProvider();
  const notify = useNotify();
  const translate = useTranslate();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState<number | null>(null);
  const change = async (creditor: Creditor, statusId: number) => {
    setBusy(creditor.id);
    try {
      await dataProvider.request('cashboxOfficeDebtCreditors', {
        id: creditor.id,
        method: 'PATCH',
        body: { paymentStatus: { id: statusId } },
      });
      notify('bureau.debts.status_saved', { type: 'success' });
      await queryClient.invalidateQueries({ queryKey: ['officeDebts', 'debts'] });
    } catch (e) {
      notify((e as Error).message || 'bureau.billing.refused', { type: 'error' });
    } finally {
      setBusy(null);
    }
  };
  return (
    <Table size="small" aria-label={translate('bureau.debts.creditors_of', { id: debt.id })}>
      <TableHead>
        <TableRow>
          <TableCell>{translate('bureau.debts.creditor_office')}</TableCell>
          <TableCell align="right">{translate('bureau.debts.amount')}</TableCell>
          <TableCell>{translate('bureau.debts.payment_status')}</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {(debt.creditorOffices ?? []).map((c) => {
          const amount = inCurrency(c.amount, debt.debtCurrencyCode);
          const office = c.office?.gfirmName ?? '';
          return (
            <TableRow key={c.id}>
              <TableCell>{office}</TableCell>
              <TableCell align="right">
                <Link
                  component={RouterLink}
                  to={creditorSourcesUrl(c.id)}
                  aria-label={translate('bureau.debts.records_of', { office, amount })}
                >
                  {amount}
                </Link>
              </TableCell>
              <TableCell>
                <TextField
                  select
                  size="small"
                  value={statuses.some((s) => s.id === c.paymentStatus?.id) ? c.paymentStatus!.id : ''}
                  disabled={!canEdit || busy === c.id}
                  onChange={(e) => void change(c, Number(e.target.value))}
                  slotProps={{
                    htmlInput: { 'aria-label': translate('bureau.debts.payment_status_of', { office }) },
                  }}
                >
                  {statuses.map((s) => (
                    <MenuItem key={s.id} value={s.id}>
                      {s.gname}
                    </MenuItem>
                  ))}
                </TextField>
              </TableCell>
            </TableRow>
          );
        })}
      </TableBody>
    </Table>
  );
};

const DebtCard = ({ debt, statuses, canEdit }: { debt: Debt; statuses: Entry[]; canEdit: boolean }) => {
  const translate = useTranslate();
  const paid = debt.paymentStatus === 2;
  return (
    <Card variant="outlined" component="section" aria-label={translate('bureau.debts.debt', { id: debt.id })}>
      <CardContent>
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center', mb: 1 }}>
          <Typography variant="h6">
            {debt.cashboxPeriod?.office?.gfirmName ?? translate('bureau.debts.office')}
          </Typography>
          <Typography variant="body2">
            {debt.cashboxPeriod?.reportDateGte} – {debt.cashboxPeriod?.reportDateLte} · {debt.debtCurrencyCode}
          </Typography>
          <Chip
            size="small"
            color={paid ? 'success' : 'warning'}
            label={translate(paid ? 'bureau.debts.paid' : 'bureau.debts.unpaid')}
          />
        </Stack>
        <Typography variant="subtitle2">{translate('bureau.debts.creditors')}</Typography>
        <Creditors debt={debt} statuses={statuses} canEdit={canEdit} />
        <Typography variant="subtitle2" sx={{ mt: 2 }}>
          {translate('bureau.debts.details')}
        </Typography>
        {(debt.details ?? []).length === 0 ? (
          <Typography variant="body2">{translate('bureau.debts.no_details')}</Typography>
        ) : (
          <Table size="small" aria-label={translate('bureau.debts.details_of', { id: debt.id })}>
            <TableHead>
              <TableRow>
                <TableCell>{translate('bureau.debts.side')}</TableCell>
                <TableCell>{translate('bureau.debts.creditor_office')}</TableCell>
                <TableCell>{translate('bureau.debts.description')}</TableCell>
                <TableCell align="right">{translate('bureau.debts.amount')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {(debt.details ?? []).map((d) => (
                <TableRow key={d.id}>
                  <TableCell>
                    {translate(d.detailSide === 'DEBTOR' ? 'bureau.debts.debtor' : 'bureau.debts.creditor')}
                  </TableCell>
                  <TableCell>{d.creditorOffice?.gfirmName}</TableCell>
                  <TableCell>{d.description}</TableCell>
                  <TableCell align="right">{inCurrency(d.amount, debt.debtCurrencyCode)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
        <Typography variant="subtitle2" sx={{ mt: 2 }}>
          {translate('bureau.debts.budgets')}
        </Typography>
        <DebtBudgets debt={debt} />
      </CardContent>
    </Card>
  );
};

/** The version whose debts the page shows: its number and the report's open/closed chip. */
const VersionLine = ({ period, versions }: { period: Period; versions: Period[] }) => {
  const translate = useTranslate();
  const closed = isClosed(period);
  const latest = Math.max(...versions.map(versionOf));
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 2 }} data-testid="debts-version">
      <Typography variant="body2">{translate('bureau.debts.from_version', { n: versionOf(period) })}</Typography>
      <Chip
        size="small"
        color={closed ? 'success' : 'warning'}
        label={translate(closed ? 'bureau.cashbox.closed' : 'bureau.cashbox.open', { _: closed ? 'Closed' : 'Open' })}
      />
      {closed && latest > versionOf(period) && (
        <Typography variant="body2" color="text.secondary">
          {translate('bureau.debts.closed_counts', { n: latest })}
        </Typography>
      )}
    </Stack>
  );
};

/** The page itself (replaces the generated list of `officeDebts`). */
export default function OfficeDebtsPage(_props: PageProps) {
  const dataProvider = useSpringDataProvider();
  const canAccess = useResourceAccess();
  const translate = useTranslate();
  const { permissions } = usePermissions<Permissions>();
  const canCalculate = calculatesCashbox(permissions?.roles ?? []);
  const [filter, setFilter] = useState(() => ({
    month: previousMonth().gte.slice(0, 7),
    officeId: '',
    creditorOfficeId: '',
  }));
  const set = (key: keyof typeof filter) => (e: { target: { value: string } }) =>
    setFilter((f) => ({ ...f, [key]: e.target.value }));
  const validMonth = /^\d{4}-\d{2}$/.test(filter.month);
  const { gte, lte } = validMonth ? monthRange(filter.month) : { gte: '', lte: '' };
  const offices = useQuery({
    queryKey: ['officeDebts', 'offices'],
    queryFn: async ({ signal }) =>
      (await dataProvider.request<Office[]>('offices', { query: { size: 1000, sort: 'gfirmName,asc' }, signal })).data,
  });
  const office = useQuery({
    enabled: filter.officeId !== '',
    queryKey: ['officeDebts', 'office', filter.officeId],
    queryFn: async ({ signal }) =>
      (await dataProvider.request<Office>('offices', { id: filter.officeId, signal })).data,
  });
  const statuses = useQuery({
    queryKey: ['officeDebts', 'statuses'],
    queryFn: async ({ signal }) =>
      (
        await dataProvider.request<Entry[]>('baseDictionaries', {
          query: { 'type.code': debtPaymentStatus.code, size: 100, sort: 'code,asc' },
          signal,
        })
      ).data,
  });
  // the month's calculated versions of the office (CASH-27), of that month exactly
  const periods = useQuery({
    enabled: filter.officeId !== '' && validMonth,
    queryKey: ['officeDebts', 'periods', filter.officeId, gte],
    queryFn: async ({ signal }) =>
      (await loadPeriods(dataProvider, { officeId: Number(filter.officeId), dateGte: gte }, signal)).filter(
        (p) => p.reportDateLte === lte,
      ),
  });
  const versions = periods.data ?? [];
  const period = countingVersion(versions);
  const debts = useQuery({
    enabled: period !== undefined,
    queryKey: ['officeDebts', 'debts', filter, period?.id],
    // the debts of that version (OFF-46); an empty creditor office is left out of the query
    queryFn: async ({ signal }) =>
      (
        await dataProvider.action<Debt[] | undefined>('cashboxOfficeDebts', {
          name: 'all',
          data: {
            gte,
            lte,
            officeId: filter.officeId,
            creditorOfficeId: filter.creditorOfficeId,
            cashboxPeriodId: period!.id,
          },
          signal,
        })
      ).data ?? [],
  });
  const officeSelect = (label: string, key: 'officeId' | 'creditorOfficeId', empty: string) => (
    <TextField select size="small" label={label} value={filter[key]} onChange={set(key)} sx={{ minWidth: 220 }}>
      <MenuItem value="">{translate(empty)}</MenuItem>
      {(offices.data ?? []).map((o) => (
        <MenuItem key={o.id} value={String(o.id)}>
          {o.gfirmName}
        </MenuItem>
      ))}
    </TextField>
  );
  return (
    <Box sx={{ p: 2 }}>
      <Title title={translate('bureau.debts.title')} />
      <Typography variant="h5" component="h1" sx={{ mb: 2 }}>
        {translate('bureau.debts.title')}
        {office.data?.gfirmName ? `: ${office.data.gfirmName}` : ''}
      </Typography>
      <Stack direction="row" spacing={2} sx={{ mb: 2, flexWrap: 'wrap' }}>
        {officeSelect(translate('bureau.debts.debtor_office'), 'officeId', 'bureau.debts.choose')}
        <TextField
          type="month"
          size="small"
          label={translate('bureau.debts.month')}
          value={filter.month}
          onChange={set('month')}
          slotProps={{ inputLabel: { shrink: true } }}
        />
        {officeSelect(translate('bureau.debts.creditor_office'), 'creditorOfficeId', 'bureau.debts.all_offices')}
      </Stack>
      {filter.officeId === '' && <Alert severity="info">{translate('bureau.debts.choose_office')}</Alert>}
      {(periods.isFetching || debts.isFetching) && <LinearProgress aria-label={translate('bureau.debts.loading')} />}
      {periods.error && <Alert severity="error">{(periods.error as Error).message}</Alert>}
      {debts.error && <Alert severity="error">{(debts.error as Error).message}</Alert>}
      {periods.data && !period && (
        <Alert severity="info">
          {translate('bureau.debts.not_calculated')}{' '}
          {canCalculate && (
            <Link component={RouterLink} to={cashboxReportUrl(filter.officeId, gte, lte)}>
              {translate('bureau.debts.open_report')}
            </Link>
          )}
        </Alert>
      )}
      {period && <VersionLine period={period} versions={versions} />}
      {debts.data && debts.data.length === 0 && <Alert severity="info">{translate('bureau.debts.none')}</Alert>}
      <Stack spacing={2}>
        {(debts.data ?? []).map((d) => (
          <DebtCard
            key={d.id}
            debt={d}
            statuses={statuses.data ?? []}
            canEdit={canAccess('edit', 'cashboxOfficeDebtCreditors')}
          />
        ))}
      </Stack>
    </Box>
  );
}
