/**
 * The fund tabs of the cashbox (NAV-59). Sector funds, office funds and BD funds show the period's
 * fund incomes of their FUND_TYPE (codes 1, 2, 3; CASH-24/38) per office where the fund is
 * located, each total opening its records; "funds" shows every fund income per type and office,
 * and the fund balances (CASH-36): each position's put amount moved per its fund's scheme.
 */
import {
  Alert,
  Box,
  LinearProgress,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { sumExact } from '../../schemas/money';
import { useSpringDataProvider } from '../resources/useAction';
import {
  FUND_TABS,
  fundBalancesUrl,
  fundIncomesUrl,
  loadFundBalances,
  loadFundIncomes,
  loadOffices,
  personName,
  type FundIncome,
  type FundTab,
  type Period,
} from './api';
import { Figure } from './MainTab';
import { useCashboxText } from './text';

/** Fund incomes summed exactly per fund type and fund office, in first-seen order. */
const perFund = (incomes: FundIncome[]) => {
  const groups = new Map<string, { type: FundIncome['fundType']; officeId: number | null; rows: FundIncome[] }>();
  for (const i of incomes) {
    const key = `${i.fundType?.code ?? ''}|${i.locateOfficeId ?? ''}`;
    const g = groups.get(key) ?? { type: i.fundType, officeId: i.locateOfficeId ?? null, rows: [] };
    g.rows.push(i);
    groups.set(key, g);
  }
  return [...groups.values()].map((g) => ({ ...g, total: sumExact(g.rows.map((r) => r.amount)).toFixed() }));
};

export const FundsTab = ({ period, tab, byMe }: { period: Period; tab: FundTab; byMe: boolean }) => {
  const t = useCashboxText();
  const dp = useSpringDataProvider();
  const fundTypeCode = FUND_TABS[tab];
  const currency = period.currency?.code ?? '';
  const incomes = useQuery({
    queryKey: ['cashbox', 'fundIncomes', period.id, byMe],
    queryFn: ({ signal }) => loadFundIncomes(dp, { periodId: period.id, byMe }, signal),
  });
  const offices = useQuery({ queryKey: ['cashbox', 'offices'], queryFn: ({ signal }) => loadOffices(dp, signal) });
  const balances = useQuery({
    enabled: fundTypeCode === undefined,
    queryKey: ['cashbox', 'fundBalances', period.id, byMe],
    queryFn: ({ signal }) => loadFundBalances(dp, { periodId: period.id, byMe }, signal),
  });
  const officeName = (id: number | null) =>
    offices.data?.find((o) => o.id === id)?.gfirmName ?? (id === null ? '' : `#${id}`);
  if (incomes.isPending) return <LinearProgress aria-label={t('loading')} />;
  if (incomes.error)
    return <Alert severity="error">{t('load_failed', { message: (incomes.error as Error).message })}</Alert>;
  const funds = perFund(
    incomes.data.filter((i) => fundTypeCode === undefined || Number(i.fundType?.code) === fundTypeCode),
  );
  return (
    <Box sx={{ overflowX: 'auto', maxWidth: '100%' }}>
      {funds.length === 0 ? (
        <Alert severity="info">{t('no_funds')}</Alert>
      ) : (
        <Table
          size="small"

          aria-label={t('funds_table')}
          data-testid="cashbox-funds"
        >
          <TableHead>
            <TableRow>
              <TableCell>{t('fund')}</TableCell>
              <TableCell>{t('fund_office')}</TableCell>
              <TableCell align="right">{t('records')}</TableCell>
              <TableCell align="right">{t('fund_income')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {funds.map((f) => (
              <TableRow key={`${f.type?.code}-${f.officeId}`}>
                <TableCell component="th" scope="row">
                  {f.type?.gname ?? ''}
                </TableCell>
                <TableCell>{officeName(f.officeId)}</TableCell>
                <TableCell align="right">{f.rows.length}</TableCell>
                <TableCell align="right">
                  <Figure
                    value={f.total}
                    currency={currency}
                    to={fundIncomesUrl(period.id, Number(f.type?.code), f.officeId ?? undefined)}
                    label={`${f.type?.gname ?? ''} ${officeName(f.officeId)}`.trim()}
                  />
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
      {fundTypeCode === undefined && (
        <>
          <Typography variant="h6" component="h2" sx={{ mt: 3 }}>
            {t('fund_balances')}
          </Typography>
          {balances.isPending && <LinearProgress aria-label={t('loading')} />}
          {balances.error && (
            <Alert severity="error">{t('load_failed', { message: (balances.error as Error).message })}</Alert>
          )}
          {balances.data && balances.data.length === 0 && <Alert severity="info">{t('no_funds')}</Alert>}
          {balances.data && balances.data.length > 0 && (
            <Table
              size="small"

              aria-label={t('fund_balances')}
              data-testid="cashbox-fund-balances"
            >
              <TableHead>
                <TableRow>
                  <TableCell>{t('position')}</TableCell>
                  <TableCell>{t('scheme')}</TableCell>
                  <TableCell align="right">{t('amount')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {balances.data.map((b) => (
                  <TableRow key={b.id}>
                    <TableCell component="th" scope="row">
                      {personName(b.position)}
                    </TableCell>
                    <TableCell>{b.fundScheme?.gname ?? ''}</TableCell>
                    <TableCell align="right">
                      <Figure
                        value={b.amount}
                        currency={currency}
                        to={fundBalancesUrl(period.id, b.position?.id)}
                        label={personName(b.position)}
                      />
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          )}
        </>
      )}
    </Box>
  );
};
