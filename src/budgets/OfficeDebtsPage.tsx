/**
 * The inter-office debts page (NAV-89, OFF-43..50): the debts of a period (the previous calendar
 * month unless changed, OFF-45), optionally of one debtor office and one creditor office, each
 * with its creditors (payment status changed per creditor, OFF-44), its details and its budgets
 * that were not rejected (OFF-48). Reads: `GET /cashboxOfficeDebts/all` (OFF-46), the chosen
 * office with `GET /offices/{id}` (OFF-47), the payment statuses from `GET /baseDictionaries`
 * (OFF-49) and the budgets' responsible positions from `GET /positions` (OFF-50).
 */
import {
  Alert,
  Box,
  Card,
  CardContent,
  Chip,
  LinearProgress,
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
import { Title, useNotify, useTranslate } from 'react-admin';
import { formatMoney } from '../resources/format';
import { previousMonth } from '../../schemas/cashbox/cashboxOfficeDebts';
import { debtPaymentStatus } from '../../schemas/finance/dictionaries';
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
  cashboxPeriod?: { reportDateGte?: string; reportDateLte?: string; office?: Office | null } | null;
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

/** The creditors of a debt, each with its payment status select (OFF-44). */
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
        {(debt.creditorOffices ?? []).map((c) => (
          <TableRow key={c.id}>
            <TableCell>{c.office?.gfirmName}</TableCell>
            <TableCell align="right">{money(c.amount)}</TableCell>
            <TableCell>
              <TextField
                select
                size="small"
                value={statuses.some((s) => s.id === c.paymentStatus?.id) ? c.paymentStatus!.id : ''}
                disabled={!canEdit || busy === c.id}
                onChange={(e) => void change(c, Number(e.target.value))}
                slotProps={{
                  htmlInput: {
                    'aria-label': translate('bureau.debts.payment_status_of', { office: c.office?.gfirmName ?? '' }),
                  },
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
        ))}
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
                  <TableCell align="right">{money(d.amount)}</TableCell>
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

/** The page itself (replaces the generated list of `officeDebts`). */
export default function OfficeDebtsPage(_props: PageProps) {
  const dataProvider = useSpringDataProvider();
  const canAccess = useResourceAccess();
  const translate = useTranslate();
  const [filter, setFilter] = useState(() => ({ ...previousMonth(), officeId: '', creditorOfficeId: '' }));
  const set = (key: keyof typeof filter) => (e: { target: { value: string } }) =>
    setFilter((f) => ({ ...f, [key]: e.target.value }));
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
  const debts = useQuery({
    enabled: filter.gte !== '' && filter.lte !== '',
    queryKey: ['officeDebts', 'debts', filter],
    // the debts of a period and offices (OFF-46); empty office ids are left out of the query
    queryFn: async ({ signal }) =>
      (await dataProvider.action<Debt[] | undefined>('cashboxOfficeDebts', { name: 'all', data: filter, signal }))
        .data ?? [],
  });
  const officeSelect = (label: string, key: 'officeId' | 'creditorOfficeId') => (
    <TextField select size="small" label={label} value={filter[key]} onChange={set(key)} sx={{ minWidth: 220 }}>
      <MenuItem value="">{translate('bureau.debts.all_offices')}</MenuItem>
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
        <TextField
          type="date"
          size="small"
          label={translate('bureau.debts.from')}
          value={filter.gte}
          onChange={set('gte')}
          slotProps={{ inputLabel: { shrink: true } }}
        />
        <TextField
          type="date"
          size="small"
          label={translate('bureau.debts.to')}
          value={filter.lte}
          onChange={set('lte')}
          slotProps={{ inputLabel: { shrink: true } }}
        />
        {officeSelect(translate('bureau.debts.debtor_office'), 'officeId')}
        {officeSelect(translate('bureau.debts.creditor_office'), 'creditorOfficeId')}
      </Stack>
      {debts.isFetching && <LinearProgress aria-label={translate('bureau.debts.loading')} />}
      {debts.error && <Alert severity="error">{(debts.error as Error).message}</Alert>}
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
