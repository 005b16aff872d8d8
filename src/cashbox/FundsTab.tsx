/**
 * The fund tabs of the cashbox (NAV-59): sector funds, office funds, BD funds (FUND_TYPE codes 1, 2,
 * 3) and every fund - the period's fund balances (CASH-36), each income opening its fund incomes
 * (CASH-38).
 */
import { Alert, LinearProgress, Table, TableBody, TableCell, TableHead, TableRow } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { formatCurrency } from '../resources/format';
import { useSpringDataProvider } from '../resources/useAction';
import { FUND_TABS, fundIncomesUrl, loadFundBalances, personName, type FundBalance, type FundTab, type Period } from './api';
import { Figure } from './MainTab';
import { useCashboxText } from './text';

const ownerOf = (f: FundBalance): string =>
  personName(f.position) || f.department?.gname || f.office?.gfirmName || '';

export const FundsTab = ({ period, tab }: { period: Period; tab: FundTab }) => {
  const t = useCashboxText();
  const dp = useSpringDataProvider();
  const fundTypeCode = FUND_TABS[tab];
  const funds = useQuery({
    queryKey: ['cashbox', 'funds', period.id, fundTypeCode],
    queryFn: ({ signal }) => loadFundBalances(dp, { periodId: period.id, fundTypeCode }, signal),
  });
  const currency = period.currency?.code ?? '';
  if (funds.isPending) return <LinearProgress aria-label={t('loading')} />;
  if (funds.error) return <Alert severity="error">{t('load_failed', { message: (funds.error as Error).message })}</Alert>;
  if (funds.data.length === 0) return <Alert severity="info">{t('no_funds')}</Alert>;
  return (
    <Table size="small" aria-label={t('funds_table')} data-testid="cashbox-funds">
      <TableHead>
        <TableRow>
          <TableCell>{t('fund')}</TableCell>
          <TableCell>{t('owner')}</TableCell>
          <TableCell align="right">{t('opening')}</TableCell>
          <TableCell align="right">{t('fund_income')}</TableCell>
          <TableCell align="right">{t('fund_expense')}</TableCell>
          <TableCell align="right">{t('balance')}</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {funds.data.map((f) => (
          <TableRow key={f.id}>
            <TableCell component="th" scope="row">
              {f.fundType?.gname ?? ''}
            </TableCell>
            <TableCell>{ownerOf(f)}</TableCell>
            <TableCell align="right">{formatCurrency(f.openingAmount ?? 0, currency)}</TableCell>
            <TableCell align="right">
              <Figure value={f.incomeAmount} currency={currency} to={fundIncomesUrl(f.id)} label={t('fund_income')} />
            </TableCell>
            <TableCell align="right">{formatCurrency(f.expenseAmount ?? 0, currency)}</TableCell>
            <TableCell align="right">{formatCurrency(f.balanceAmount ?? 0, currency)}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
};
