/**
 * The budgets' own parts: the total amount of the filtered budgets (BUD-13) beside the list's
 * buttons, and the payers on the card with the budget's closed-by-fund switch (BUD-18/19) and,
 * per payer, what the cashbox report closed by fund (`GET /cashboxBudgetDistributions/{budgetId}/closedByFund`).
 * Nothing here writes but the switch.
 */
import {
  Chip,
  FormControlLabel,
  Stack,
  Switch,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import { formatCurrency } from '../resources/format';
import { useResourceAccess } from '../resources/access';
import type { CellProps } from '../resources/parts';
import { useSpringDataProvider } from '../resources/useAction';
import { listTotal } from '../resources/ListTotal';

/** "Total ₸12,000.00", one line per currency, of the budgets the list's filters select (`GET /budgets/totalAmount`, BUD-13, MC-4). */
export const TotalAmount = listTotal({
  collection: 'budgets',
  action: 'totalAmount',
  byCurrency: { fields: [{ property: 'totalAmount' }] },
  label: 'bureau.totals.amount',
  description: 'bureau.totals.budgets',
});

type Named = { gname?: string | null; gfirmName?: string | null; code?: number | null } | null | undefined;
type Payer = {
  id: number;
  payerType?: Named;
  payerOffice?: Named;
  payerDepartment?: Named;
  payerPosition?: ({ id: number; employee?: { gfirstName?: string; glastName?: string } | null } & Named) | null;
  percentage?: number | null;
  closedByFund?: boolean | null;
};

/** Who pays, in words: the office, the department or the position's holder. */
const payerName = (p: Payer): string => {
  const position = p.payerPosition;
  if (position) {
    const who = [position.employee?.gfirstName, position.employee?.glastName].filter(Boolean).join(' ');
    return who || `#${position.id}`;
  }
  return p.payerDepartment?.gname ?? p.payerOffice?.gfirmName ?? '';
};

/** Percent for a fraction: 0.5 -> "50 %". */
const percentOf = (fraction: number | null | undefined) =>
  fraction === null || fraction === undefined ? '' : `${Number((fraction * 100).toFixed(6))} %`;

/**
 * The `true` / `false` actions of budget payers (`PATCH budgetPayers/{budgetId}/{true|false}`,
 * BUD-18): one switch for the budget, as the path names the budget and the server sets every payer
 * of it. The switch changes only after the server has answered (BUD-19): on success every payer is
 * shown flipped, on a refusal nothing changes and the message is shown.
 */
const ClosedByFundSwitch = ({
  budgetId,
  closed,
  onChange,
  canEdit,
}: {
  budgetId: number | string;
  closed: boolean;
  onChange: (closed: boolean) => void;
  canEdit: boolean;
}) => {
  const dataProvider = useSpringDataProvider();
  const notify = useNotify();
  const translate = useTranslate();
  const [busy, setBusy] = useState(false);
  const toggle = async () => {
    const next = !closed;
    setBusy(true);
    try {
      await dataProvider.action('budgetPayers', { name: String(next), id: budgetId });
      onChange(next);
    } catch (e) {
      notify((e as Error).message || 'bureau.billing.refused', { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <FormControlLabel
      control={
        <Switch
          checked={closed}
          disabled={!canEdit || busy}
          onChange={toggle}
          slotProps={{ input: { 'aria-label': translate('bureau.payers.closed_by_fund_of') } }}
        />
      }
      label={translate('bureau.payers.closed_by_fund_of')}
    />
  );
};

/** The answer of `GET /cashboxBudgetDistributions/{budgetId}/closedByFund` (server/cashbox/rooms.ts `BudgetClosedByFund`). */
type ReportClosedByFund = {
  period: { id: number; version: number; status: string | null; currencyCode: string | null } | null;
  payers: Array<{ budgetPayerId: number; closedByFund: boolean; amount: string }>;
};

/**
 * What the cashbox report closed by fund for a budget: the counting version of the budget's
 * office and month (the highest closed one, else the highest) and each payer's part closed by
 * fund, computed by the server from the version's distribution rows. Undefined while loading or
 * when refused (a reader without the cashbox's rows sees only the switch's state).
 */
const useReportClosedByFund = (budgetId: number | string) => {
  const dataProvider = useSpringDataProvider();
  return useQuery({
    queryKey: ['budgets', 'closedByFund', budgetId],
    retry: false,
    queryFn: async ({ signal }) =>
      (
        await dataProvider.request<ReportClosedByFund>('cashboxBudgetDistributions', {
          id: budgetId,
          path: 'closedByFund',
          signal,
        })
      ).data,
  });
};

/**
 * The budget's payers on the card: type, payer, share in percent, closed by fund (set for the
 * budget), and the part the cashbox report closed by fund in the report's currency (0 when the
 * report did not close it, empty when the report has no part of the payer the user may read).
 */
export const PayersCell = ({ value, schema, record }: CellProps) => {
  const canAccess = useResourceAccess();
  const translate = useTranslate();
  const payers = Array.isArray(value) ? (value as Payer[]) : [];
  const [flipped, setFlipped] = useState<boolean | undefined>(undefined);
  const report = useReportClosedByFund(record.id);
  const reportPeriod = report.data?.period;
  const currency = reportPeriod?.currencyCode ?? '';
  const closedInReport = (p: Payer): string => {
    const part = report.data?.payers?.find((x) => x.budgetPayerId === p.id);
    if (!part || !currency) return '';
    return formatCurrency(part.closedByFund ? part.amount : 0, currency);
  };
  if (payers.length === 0) return <Typography variant="body2">{translate('bureau.payers.none')}</Typography>;
  const canEdit = canAccess('edit', schema.route);
  const closedOf = (p: Payer) => flipped ?? Boolean(p.closedByFund);
  return (
    <Stack>
      <ClosedByFundSwitch
        budgetId={record.id}
        closed={payers.every(closedOf)}
        onChange={setFlipped}
        canEdit={canEdit}
      />
      {report.data && (
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }} data-testid="payers-report">
          <Typography variant="body2">
            {reportPeriod
              ? translate('bureau.payers.report_version', { n: reportPeriod.version })
              : translate('bureau.payers.no_report')}
          </Typography>
          {reportPeriod && (
            <Chip
              size="small"
              color={reportPeriod.status === 'CLOSED' ? 'success' : 'warning'}
              label={translate(reportPeriod.status === 'CLOSED' ? 'bureau.cashbox.closed' : 'bureau.cashbox.open', {
                _: reportPeriod.status === 'CLOSED' ? 'Closed' : 'Open',
              })}
            />
          )}
        </Stack>
      )}
      <Table size="small" aria-label={translate('bureau.payers.title')}>
        <TableHead>
          <TableRow>
            <TableCell>{translate('bureau.payers.type')}</TableCell>
            <TableCell>{translate('bureau.payers.payer')}</TableCell>
            <TableCell align="right">{translate('bureau.payers.share')}</TableCell>
            <TableCell>{translate('bureau.payers.closed_by_fund')}</TableCell>
            <TableCell align="right">{translate('bureau.payers.closed_in_report')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {payers.map((p) => (
            <TableRow key={p.id}>
              <TableCell>{p.payerType?.gname ?? ''}</TableCell>
              <TableCell>{payerName(p)}</TableCell>
              <TableCell align="right">{percentOf(p.percentage)}</TableCell>
              <TableCell>{translate(closedOf(p) ? 'ra.boolean.true' : 'ra.boolean.false')}</TableCell>
              <TableCell align="right">{closedInReport(p)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Stack>
  );
};
