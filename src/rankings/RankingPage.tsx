/**
 * The rankings (`/ranking-by`, module RANKING, NAV-122..126; RANK-01..14): the relationship
 * managers' ranking (`/ranking-by/relationship-managers`, where `/ranking-by` leads), one
 * manager's last 3 months (`/ranking-by/{targetEmployeeId}`), the departments' ranking
 * (`/ranking-by/department`) and one department of an office
 * (`/ranking-by/department/{targetDepartmentId}/office/{targetOfficeId}`). The filters by id live
 * in the address (RANK-07). The server rates and scopes; the page shows the formula it answers.
 */
import {
  Alert,
  Box,
  Button,
  Chip,
  LinearProgress,
  Link,
  Stack,
  Tab,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Tabs,
  TextField,
  Tooltip,
  Typography,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { Title } from 'react-admin';
import { Link as RouterLink, Navigate, Route, Routes, useLocation, useParams, useSearchParams } from 'react-router-dom';
import { toMoney } from '../../schemas/money';
import { useSpringDataProvider } from '../resources/useAction';
import {
  FILTER_NAMES,
  filtersFrom,
  loadLast3Months,
  loadRanking,
  rankingRows,
  type Formula,
  type Last3Months,
  type RankingType,
  type RankingWindow,
} from './api';
import { useRankingText, type RankingTextKey } from './text';

const FILTER_LABELS: Record<(typeof FILTER_NAMES)[number], RankingTextKey> = {
  targetOfficeId: 'office_id',
  countryId: 'country_id',
  targetEmployeeId: 'employee_id',
  targetDepartmentId: 'department_id',
};

/** The window and the formula, as the server answered them (RANK-05/06/13, RANK-02's tie-break). */
function FormulaNote({ window, formula }: { window: RankingWindow | null; formula: Formula }) {
  const t = useRankingText();
  if (!window) return <Alert severity="info">{t('no_window')}</Alert>;
  return (
    <Box data-testid="ranking-formula" sx={{ mb: 2 }}>
      <Typography variant="body2">
        {t('window', { from: window.months[0], to: window.months[window.months.length - 1] })}
      </Typography>
      <Typography variant="body2">
        <strong>{t('formula')}:</strong> {formula.text}
      </Typography>
      <Typography variant="body2">{t('tie_break', { rule: formula.tieBreak })}</Typography>
      <Typography variant="body2">
        {t('base_currency', { currency: formula.baseCurrency, source: formula.rateSource })}
      </Typography>
    </Box>
  );
}

/** The filters by id (RANK-07), kept in the address. */
function Filters() {
  const t = useRankingText();
  const [search, setSearch] = useSearchParams();
  const set = (name: string, value: string) => {
    const next = new URLSearchParams(search);
    if (value) next.set(name, value);
    else next.delete(name);
    setSearch(next, { replace: true });
  };
  return (
    <Stack direction="row" spacing={2} useFlexGap sx={{ mb: 2, flexWrap: 'wrap' }} aria-label={t('filters')}>
      {FILTER_NAMES.map((name) => (
        <TextField
          key={name}
          size="small"
          type="number"
          label={t(FILTER_LABELS[name])}
          value={search.get(name) ?? ''}
          onChange={(e) => set(name, e.target.value)}
          slotProps={{ htmlInput: { min: 1, 'data-testid': `ranking-${name}` } }}
        />
      ))}
    </Stack>
  );
}

/** The ranking of managers or departments as a table (RANK-01..06). */
function RankingTable({ type }: { type: RankingType }) {
  const t = useRankingText();
  const dp = useSpringDataProvider();
  const [search] = useSearchParams();
  const filters = filtersFrom(search);
  const ranking = useQuery({
    queryKey: ['rankings', type, filters],
    queryFn: ({ signal }) => loadRanking(dp, type, filters, signal),
  });
  if (ranking.isPending) return <LinearProgress aria-label={t('loading')} />;
  const data = ranking.data ?? null;
  const rows = rankingRows(data?.items ?? []);
  const manager = type === 'MANAGER';
  return (
    <>
      {data && <FormulaNote window={data.window} formula={data.formula} />}
      {rows.length === 0 ? (
        <Empty failed={data === null} retry={() => void ranking.refetch()} />
      ) : (
        // a phone scrolls the table inside its box, not the page (the width rule, NARROW-01)
        <TableContainer>
          <Table size="small" aria-label={t('table')}>
            <TableHead>
              <TableRow>
                <TableCell>{t('rank')}</TableCell>
                <TableCell>{t('id')}</TableCell>
                <TableCell>{t(manager ? 'full_name' : 'department')}</TableCell>
                <TableCell>{t('office')}</TableCell>
                <TableCell>{t('country')}</TableCell>
                <TableCell align="right">{t('rating')}</TableCell>
                <TableCell align="right">{t('quality')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((row, i) => {
                const to = manager
                  ? `/ranking-by/${row.id}`
                  : `/ranking-by/department/${row.id}/office/${row.officeId ?? ''}`;
                return (
                  <TableRow key={`${row.id}-${row.officeId}-${i}`}>
                    <TableCell>{row.rank}</TableCell>
                    <TableCell>{row.id}</TableCell>
                    <TableCell component="th" scope="row">
                      <Link component={RouterLink} to={to} aria-label={t('open_detail', { name: row.fullName })}>
                        {row.fullName}
                      </Link>
                    </TableCell>
                    <TableCell>{row.office}</TableCell>
                    <TableCell>{row.country ?? t('no_country')}</TableCell>
                    <TableCell align="right">{row.rating}</TableCell>
                    <TableCell align="right">
                      {row.quality}
                      {row.fewData && (
                        <Tooltip title={t('few_data_hint', { n: data?.formula.fewDataBelow ?? '' })}>
                          <Chip size="small" label={t('few_data')} sx={{ ml: 1 }} />
                        </Tooltip>
                      )}
                    </TableCell>
                  </TableRow>
                );
              })}
            </TableBody>
          </Table>
        </TableContainer>
      )}
    </>
  );
}

const money = (v: string) => toMoney(v).toFixed(2);

/** Nothing to show (RANK-14); after a failed load (`failed`) a retry asks again (SHELL-33). */
function Empty({ failed, retry }: { failed: boolean; retry: () => void }) {
  const t = useRankingText();
  return (
    <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
      <Typography data-testid="ranking-empty">{t('empty')}</Typography>
      {failed && (
        <Button size="small" onClick={retry}>
          {t('retry')}
        </Button>
      )}
    </Stack>
  );
}

/** A unit's figures month by month (RANK-11/12). */
function MonthsTable({ data }: { data: Last3Months }) {
  const t = useRankingText();
  const currency = data.formula.baseCurrency;
  return (
    <TableContainer>
      <Table size="small" aria-label={t('months_table')}>
        <TableHead>
          <TableRow>
            <TableCell>{t('month')}</TableCell>
            <TableCell align="right">{`${t('origination')}, ${currency}`}</TableCell>
            <TableCell align="right">{`${t('collections')}, ${currency}`}</TableCell>
            <TableCell align="right">{`${t('worked')}, ${currency}`}</TableCell>
            <TableCell align="right">{t('realisation')}</TableCell>
            <TableCell align="right">{t('leads')}</TableCell>
            <TableCell align="right">{t('won')}</TableCell>
            <TableCell align="right">{t('invoices')}</TableCell>
            <TableCell align="right">{t('paid')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {data.months.map((m) => (
            <TableRow key={m.month}>
              <TableCell component="th" scope="row">
                {m.month}
              </TableCell>
              <TableCell align="right">{money(m.originationUsd)}</TableCell>
              <TableCell align="right">{money(m.collectionsUsd)}</TableCell>
              <TableCell align="right">{money(m.workedUsd)}</TableCell>
              <TableCell align="right">{m.realisation === null ? '' : money(m.realisation)}</TableCell>
              <TableCell align="right">{m.leads}</TableCell>
              <TableCell align="right">{m.won}</TableCell>
              <TableCell align="right">{m.invoices}</TableCell>
              <TableCell align="right">{m.paid}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

/** One manager's (NAV-124) or one department's of an office (NAV-126) last 3 months. */
function Detail({ type }: { type: RankingType }) {
  const t = useRankingText();
  const dp = useSpringDataProvider();
  const params = useParams();
  const id = (v: string | undefined) => (v && /^[1-9]\d{0,15}$/.test(v) ? Number(v) : null);
  const employee = id(params.targetEmployeeId);
  const department = id(params.targetDepartmentId);
  const office = id(params.targetOfficeId);
  const valid = type === 'MANAGER' ? employee !== null : department !== null && office !== null;
  const detail = useQuery({
    enabled: valid,
    queryKey: ['rankings', 'last3', type, employee, department, office],
    queryFn: ({ signal }) =>
      type === 'MANAGER'
        ? loadLast3Months(dp, { type, targetEmployeeId: employee! }, signal)
        : loadLast3Months(dp, { type, targetOfficeId: office!, targetDepartmentId: department! }, signal),
  });
  if (!valid) return <Navigate to="/404" replace />;
  if (detail.isPending) return <LinearProgress aria-label={t('loading')} />;
  const data = detail.data ?? null;
  const item = data?.item ?? null;
  const title =
    type === 'MANAGER'
      ? t('detail_title', { name: item?.targetEmployee?.name ?? `#${employee}` })
      : t('department_title', {
          department: item?.targetDepartment?.name ?? `#${department}`,
          office: item?.targetOfficeName ?? `#${office}`,
        });
  return (
    <>
      <Link
        component={RouterLink}
        to={type === 'MANAGER' ? '/ranking-by/relationship-managers' : '/ranking-by/department'}
      >
        {t('back')}
      </Link>
      <Typography variant="h6" component="h2" sx={{ my: 1 }}>
        {title}
      </Typography>
      {data && <FormulaNote window={data.window} formula={data.formula} />}
      {item && (
        <Typography data-testid="ranking-detail-scores" sx={{ mb: 1 }}>
          {`${t('rating')}: ${money(item.rating)} · ${t('quality')}: ${money(item.qualityScore)}`}
          {item.fewData ? ` (${t('few_data')})` : ''}
        </Typography>
      )}
      {data && data.months.length > 0 ? (
        <MonthsTable data={data} />
      ) : (
        <Empty failed={data === null} retry={() => void detail.refetch()} />
      )}
    </>
  );
}

export default function RankingPage() {
  const t = useRankingText();
  const location = useLocation();
  const segment = location.pathname.split('/')[2] ?? '';
  const tab = segment === 'department' ? 'department' : 'relationship-managers';
  return (
    <Box sx={{ p: 2 }}>
      <Title title={t('title')} />
      <Typography variant="h5" component="h1" sx={{ mb: 2 }}>
        {t('title')}
      </Typography>
      <Tabs value={tab} aria-label={t('tabs')} sx={{ mb: 2 }}>
        <Tab
          value="relationship-managers"
          label={t('tab_managers')}
          component={RouterLink}
          to={`/ranking-by/relationship-managers${location.search}`}
        />
        <Tab
          value="department"
          label={t('tab_departments')}
          component={RouterLink}
          to={`/ranking-by/department${location.search}`}
        />
      </Tabs>
      <Routes>
        <Route index element={<Navigate to={`relationship-managers${location.search}`} replace />} />
        <Route
          path="relationship-managers"
          element={
            <>
              <Filters />
              <RankingTable type="MANAGER" />
            </>
          }
        />
        <Route
          path="department"
          element={
            <>
              <Filters />
              <RankingTable type="DEPARTMENT" />
            </>
          }
        />
        <Route path="department/:targetDepartmentId/office/:targetOfficeId" element={<Detail type="DEPARTMENT" />} />
        <Route path=":targetEmployeeId" element={<Detail type="MANAGER" />} />
      </Routes>
    </Box>
  );
}
