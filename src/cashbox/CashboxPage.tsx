/**
 * The cashbox report (NAV-58/59, CASH-07..19, CASH-26..40): an office's month - the office
 * (CASH-26), the period (previous month by default, normalised to whole months: CASH-14..18),
 * "by me" (CASH-13), the version (latest by default, open or closed) - with the tabs main,
 * sector funds, office funds, BD funds and funds (`/cashbox/<tab>`, main by default), and the
 * month's actions (calculate, close, changes since the previous version). The choices live in the
 * address (`useCashboxState`).
 */
import {
  Alert,
  Box,
  Chip,
  FormControlLabel,
  LinearProgress,
  MenuItem,
  Stack,
  Switch,
  Tab,
  Tabs,
  TextField,
  Typography,
} from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Title, useGetIdentity, usePermissions } from 'react-admin';
import { Link as RouterLink, Navigate, Route, Routes, useLocation, useParams } from 'react-router-dom';
import { isAdmin, isAdminOrBillingManager } from '../../schemas/access';
import type { Permissions } from '../access/canAccess';
import { useSpringDataProvider } from '../resources/useAction';
import { FUND_TABS, isClosed, loadOffice, loadOffices, loadPeriods, versionOf, type FundTab, type Period } from './api';
import { FundsTab } from './FundsTab';
import { MainTab } from './MainTab';
import { CalculateButton, CloseMonthButton, DiffButton } from './PeriodActions';
import { OfficePicker } from './OfficePicker';
import { useCashboxText } from './text';
import { useCashboxState } from './useCashboxState';

/** The report's tabs (NAV-59), `main` first and by default. */
export const CASHBOX_TABS = ['main', ...(Object.keys(FUND_TABS) as FundTab[])] as const;
type CashboxTab = (typeof CASHBOX_TABS)[number];

/** The identity the page reads: the user's employee (CASH-12/13) and whether a top manager (PERM-07). */
type CashboxIdentity = { employeeId?: number | null; topManager?: boolean };

const TabBody = ({ period, byMe, employeeId }: { period: Period; byMe: boolean; employeeId?: number | null }) => {
  const { tab } = useParams();
  if (!CASHBOX_TABS.includes(tab as CashboxTab)) return <Navigate to="/404" replace />;
  return tab === 'main' ? (
    <MainTab period={period} byMe={byMe} employeeId={employeeId} />
  ) : (
    <FundsTab period={period} tab={tab as FundTab} byMe={byMe} />
  );
};

export default function CashboxPage() {
  const t = useCashboxText();
  const dp = useSpringDataProvider();
  const queryClient = useQueryClient();
  const location = useLocation();
  const { permissions } = usePermissions<Permissions>();
  const { identity } = useGetIdentity();
  const me = identity as CashboxIdentity | undefined;
  const roles = permissions?.roles ?? [];
  const canCalculate = isAdminOrBillingManager(roles) || Boolean(me?.topManager);
  const canClose = isAdmin(roles) || Boolean(me?.topManager);
  const [state, update] = useCashboxState();
  const { officeId, dateGte, dateLte, byMe } = state;

  const offices = useQuery({ queryKey: ['cashbox', 'offices'], queryFn: ({ signal }) => loadOffices(dp, signal) });
  const office = useQuery({
    enabled: officeId !== undefined,
    queryKey: ['cashbox', 'office', officeId],
    queryFn: ({ signal }) => loadOffice(dp, officeId!, signal),
  });
  const periods = useQuery({
    enabled: officeId !== undefined,
    queryKey: ['cashbox', 'periods', officeId, dateGte],
    retry: 1,
    queryFn: async ({ signal }) =>
      [...(await loadPeriods(dp, { officeId: officeId!, dateGte }, signal))].sort(
        (a, b) => versionOf(b) - versionOf(a),
      ),
  });
  const versions = periods.data ?? [];
  const period = versions.find((p) => p.id === state.periodId) ?? versions[0];

  const segments = location.pathname.split('/');
  const tab = (CASHBOX_TABS as readonly string[]).includes(segments[2] ?? '') ? segments[2] : 'main';

  const onCalculated = (periodId: number | undefined) => {
    void queryClient.invalidateQueries({ queryKey: ['cashbox', 'periods'] });
    update({ periodId });
  };

  return (
    <Box sx={{ p: 2 }}>
      <Title title={t('title')} />
      <Typography variant="h5" component="h1" sx={{ mb: 2 }}>
        {t('title')}
        {office.data?.gfirmName ? `: ${office.data.gfirmName}` : ''}
      </Typography>
      <Stack direction="row" spacing={2} useFlexGap sx={{ mb: 2, flexWrap: 'wrap', alignItems: 'center' }}>
        <OfficePicker
          offices={offices.data}
          value={officeId}
          onChange={(id) => update({ officeId: id })}
          testId="cashbox-office"
        />
        <TextField
          type="date"
          size="small"
          label={t('from')}
          value={dateGte}
          onChange={(e) => e.target.value && update({ dateGte: e.target.value })}
          slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': 'cashbox-from' } }}
        />
        <TextField
          type="date"
          size="small"
          label={t('to')}
          value={dateLte}
          onChange={(e) => e.target.value && update({ dateLte: e.target.value })}
          slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': 'cashbox-to' } }}
        />
        <FormControlLabel
          control={
            <Switch
              checked={byMe}
              onChange={(e) => update({ byMe: e.target.checked })}
              slotProps={{ input: { 'data-testid': 'cashbox-by-me' } as object }}
            />
          }
          label={t('by_me')}
        />
        {versions.length > 0 && period && (
          <TextField
            select
            size="small"
            label={t('version')}
            value={String(period.id)}
            onChange={(e) => update({ periodId: Number(e.target.value) })}
            sx={{ minWidth: 140 }}
            slotProps={{ htmlInput: { 'data-testid': 'cashbox-version' } }}
          >
            {versions.map((p) => (
              <MenuItem key={p.id} value={String(p.id)}>
                {t('version_n', { n: versionOf(p) })}
              </MenuItem>
            ))}
          </TextField>
        )}
        {period && (
          <Chip
            size="small"
            color={isClosed(period) ? 'success' : 'warning'}
            label={t(isClosed(period) ? 'closed' : 'open')}
            data-testid="cashbox-version-state"
          />
        )}
        {period && <DiffButton period={period} />}
        {period && canClose && !isClosed(period) && <CloseMonthButton period={period} />}
        {canCalculate && officeId !== undefined && (
          <CalculateButton range={{ dateGte, dateLte }} officeId={officeId} onDone={onCalculated} />
        )}
      </Stack>
      {officeId === undefined && <Alert severity="info">{t('choose_office')}</Alert>}
      {periods.isPending && officeId !== undefined && <LinearProgress aria-label={t('loading')} />}
      {periods.error && (
        <Alert severity="error">{t('load_failed', { message: (periods.error as Error).message })}</Alert>
      )}
      {periods.data && !period && <Alert severity="info">{t('no_period')}</Alert>}
      {period && (
        <>
          <Tabs value={tab} aria-label={t('tabs')} variant="scrollable" scrollButtons="auto" sx={{ mb: 2 }}>
            {CASHBOX_TABS.map((name) => (
              <Tab
                key={name}
                value={name}
                label={t(`tab_${name}`)}
                component={RouterLink}
                to={`/cashbox/${name}${location.search}`}
              />
            ))}
          </Tabs>
          <Routes>
            <Route index element={<Navigate to={`main${location.search}`} replace />} />
            <Route path=":tab" element={<TabBody period={period} byMe={byMe} employeeId={me?.employeeId} />} />
          </Routes>
        </>
      )}
    </Box>
  );
}
