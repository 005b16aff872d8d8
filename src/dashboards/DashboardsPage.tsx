/**
 * The dashboards (NAV-60/61, DASH-01..17): `/dashboards/<tab>` with the tabs global, sectors (the
 * default), services, offices, experience, personal and departments. The header holds the tab
 * switch and the filter (DASH-01) whose choices live in the address (DASH-02, `state.ts`); each
 * chart runs its analytics query (`analytics.ts`) through react-query, so a tab opened again within
 * a while renders from the cache.
 */
import { Box, Button, FormControlLabel, MenuItem, Stack, Switch, Tab, Tabs, TextField } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Title, useGetIdentity, useGetList } from 'react-admin';
import { Link as RouterLink, Navigate, Route, Routes, useLocation, useParams } from 'react-router-dom';
import { useAnalytics } from './analytics';
import { ChartCard } from './ChartCard';
import {
  CountryChart,
  ExperienceChart,
  IncomeChart,
  RealisationChart,
  type CountryRow,
  type Period,
  TopClientsChart,
  type TopClientRow,
} from './Charts';
import { exportSheets } from './excel';
import { loadChart, type ExperienceRow, type IncomeRow, type RealisationRow } from './figures';
import { tabSheets } from './sheets';
import {
  DASHBOARD_TABS,
  DEFAULT_TAB,
  EXPERIENCE_BY,
  useDashboardState,
  type DashboardState,
  type DashboardTab,
  type ExperienceBy,
} from './state';
import { experienceParameters, MONEY_TABS, moneyParameters, QUERY, type MoneyFilter } from './tabs';
import { useDashboardText } from './text';

type MoneyTabName = keyof typeof MONEY_TABS;

/** One chart's query: react-query around `loadChart(runQuery(...))` (DASH-15: never rejects). */
function useChart<Row>(name: string, queryId: number, parameters: Record<string, unknown>) {
  const { runQuery } = useAnalytics();
  return useQuery({
    queryKey: ['dashboards', queryId, parameters],
    queryFn: ({ signal }) => loadChart<Row>(name, () => runQuery<Row>(queryId, parameters, { signal })),
    staleTime: 60_000,
  });
}

/** The pickers of the header's filter: where their options come from and how they read. */
const PICKERS: Record<
  MoneyFilter,
  { resource: string; filter?: Record<string, unknown>; label: (r: Record<string, unknown>) => string; sort: string }
> = {
  sector: { resource: 'departments', filter: { 'type.code': 7 }, label: (r) => String(r.gname ?? r.id), sort: 'gname' },
  service: { resource: 'departments', label: (r) => String(r.gname ?? r.id), sort: 'gname' },
  department: { resource: 'departments', label: (r) => String(r.gname ?? r.id), sort: 'gname' },
  office: { resource: 'offices', label: (r) => String(r.gfirmName ?? r.id), sort: 'gfirmName' },
  employee: {
    resource: 'employees',
    label: (r) => [r.gfirstName, r.glastName].filter(Boolean).join(' ') || String(r.id),
    sort: 'glastName',
  },
};

/** A select of one record of a resource, `Any` for none. */
function RecordPicker({
  kind,
  value,
  onChange,
}: {
  kind: MoneyFilter;
  value: number | undefined;
  onChange: (id: number | undefined) => void;
}) {
  const t = useDashboardText();
  const picker = PICKERS[kind];
  const { data } = useGetList(picker.resource, {
    pagination: { page: 1, perPage: 500 },
    sort: { field: picker.sort, order: 'ASC' },
    filter: picker.filter ?? {},
  });
  return (
    <TextField
      select
      size="small"
      label={t(kind)}
      value={value === undefined ? '' : String(value)}
      onChange={(e) => onChange(e.target.value ? Number(e.target.value) : undefined)}
      sx={{ minWidth: 180 }}
      slotProps={{ htmlInput: { 'data-testid': `dashboard-${kind}` } }}
    >
      <MenuItem value="">{t('any')}</MenuItem>
      {/* the picked id stays selectable while the options load */}
      {value !== undefined && !(data ?? []).some((r) => r.id === value) ? (
        <MenuItem value={String(value)}>{String(value)}</MenuItem>
      ) : null}
      {(data ?? []).map((r) => (
        <MenuItem key={r.id} value={String(r.id)}>
          {picker.label(r as Record<string, unknown>)}
        </MenuItem>
      ))}
    </TextField>
  );
}

/** DASH-01/02: the filter of the header: the period and the tab's own choices. */
function Filter({
  tab,
  state,
  update,
}: {
  tab: DashboardTab;
  state: DashboardState;
  update: (c: Partial<DashboardState>) => void;
}) {
  const t = useDashboardText();
  const date = (key: 'dateStart' | 'dateEnd', label: string) => (
    <TextField
      type="date"
      size="small"
      label={label}
      value={state[key]}
      onChange={(e) => e.target.value && update({ [key]: e.target.value })}
      slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': `dashboard-${key}` } }}
    />
  );
  return (
    <Stack
      direction="row"
      spacing={1}
      useFlexGap
      sx={{ flexWrap: 'wrap', alignItems: 'center' }}
      role="group"
      aria-label={t('filter')}
    >
      {date('dateStart', t('from'))}
      {date('dateEnd', t('to'))}
      {tab === 'experience' ? (
        <ExperienceFilter state={state} update={update} />
      ) : (
        MONEY_TABS[tab].filters.map((kind) => (
          <RecordPicker key={kind} kind={kind} value={state[kind]} onChange={(id) => update({ [kind]: id })} />
        ))
      )}
    </Stack>
  );
}

const EXPERIENCE_FIELD = {
  country: 'experienceCountry',
  sector: 'experienceSector',
  office: 'experienceOffice',
} as const;

/** The experience filter: group by country, sector or office, and one group of that kind (from the chart's own groups). */
function ExperienceFilter({ state, update }: { state: DashboardState; update: (c: Partial<DashboardState>) => void }) {
  const t = useDashboardText();
  const all = useChart<ExperienceRow>(
    'experience',
    QUERY.experience,
    experienceParameters({ ...state, [EXPERIENCE_FIELD[state.experienceBy]]: undefined }),
  );
  const groups = new Map<number, string>();
  for (const r of all.data?.rows ?? [])
    if (r.group_id !== null) groups.set(r.group_id, r.group_name ?? String(r.group_id));
  const field = EXPERIENCE_FIELD[state.experienceBy];
  const picked = state[field];
  return (
    <>
      <TextField
        select
        size="small"
        label={t('experience_by')}
        value={state.experienceBy}
        onChange={(e) => update({ experienceBy: e.target.value as ExperienceBy })}
        sx={{ minWidth: 140 }}
        slotProps={{ htmlInput: { 'data-testid': 'dashboard-experienceBy' } }}
      >
        {EXPERIENCE_BY.map((by) => (
          <MenuItem key={by} value={by}>
            {t(`by_${by}`)}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        select
        size="small"
        label={t(state.experienceBy === 'country' ? 'country' : state.experienceBy)}
        value={picked === undefined ? '' : String(picked)}
        onChange={(e) => update({ [field]: e.target.value ? Number(e.target.value) : undefined })}
        sx={{ minWidth: 180 }}
        slotProps={{ htmlInput: { 'data-testid': `dashboard-${field}` } }}
      >
        <MenuItem value="">{t('any')}</MenuItem>
        {picked !== undefined && !groups.has(picked) ? (
          <MenuItem value={String(picked)}>{String(picked)}</MenuItem>
        ) : null}
        {[...groups.entries()].map(([id, name]) => (
          <MenuItem key={id} value={String(id)}>
            {name}
          </MenuItem>
        ))}
      </TextField>
      <FormControlLabel
        control={<Switch checked={state.groupByYear} onChange={(e) => update({ groupByYear: e.target.checked })} />}
        label={t('group_by_year')}
      />
    </>
  );
}

/** A money tab: income by month, realisation per the tab's dimension, top clients, by country. */
function MoneyTab({
  tab,
  state,
  employeeId,
}: {
  tab: MoneyTabName;
  state: DashboardState;
  employeeId?: number | null;
}) {
  const t = useDashboardText();
  const parameters = moneyParameters(tab, state, employeeId);
  const dimension = MONEY_TABS[tab].dimension;
  const period: Period = { dateStart: state.dateStart, dateEnd: state.dateEnd };
  const income = useChart<IncomeRow>('income_by_month', QUERY.incomeByMonth, parameters);
  const realisation = useChart<RealisationRow>('realisation', QUERY.realisation, {
    ...parameters,
    group_by: dimension,
  });
  const top = useChart<TopClientRow>('top_clients', QUERY.topClients, parameters);
  const country = useChart<CountryRow>('by_country', QUERY.byCountry, parameters);
  const [exporting, setExporting] = useState(false);
  const exportTab = async () => {
    setExporting(true);
    try {
      await exportSheets(
        `dashboards-${tab}-${state.dateStart}-${state.dateEnd}`,
        tabSheets(t, period, {
          income: income.data?.rows ?? [],
          realisation: realisation.data?.rows ?? [],
          topClients: top.data?.rows ?? [],
          byCountry: country.data?.rows ?? [],
        }),
      );
    } finally {
      setExporting(false);
    }
  };
  return (
    <Stack spacing={2}>
      <Box>
        <Button
          variant="outlined"
          size="small"
          onClick={() => void exportTab()}
          disabled={exporting}
          data-testid="dashboard-export"
        >
          {exporting ? t('exporting') : t('export')}
        </Button>
      </Box>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', lg: '1fr 1fr' } }}>
        <ChartCard
          title={t('income_by_month')}
          testId="chart-income"
          load={income.data}
          onRetry={() => void income.refetch()}
        >
          {(rows) => <IncomeChart rows={rows} period={period} />}
        </ChartCard>
        <ChartCard
          title={t('top_clients')}
          testId="chart-top-clients"
          load={top.data}
          onRetry={() => void top.refetch()}
        >
          {(rows) => <TopClientsChart rows={rows} />}
        </ChartCard>
      </Box>
      <ChartCard
        title={t('realisation')}
        testId="chart-realisation"
        load={realisation.data}
        onRetry={() => void realisation.refetch()}
      >
        {(rows) => <RealisationChart rows={rows} period={period} dimension={dimension} />}
      </ChartCard>
      <ChartCard
        title={t('by_country_chart')}
        testId="chart-by-country"
        load={country.data}
        onRetry={() => void country.refetch()}
      >
        {(rows) => <CountryChart rows={rows} />}
      </ChartCard>
    </Stack>
  );
}

/** The experience tab: matters opened per group, per year or over the period (DASH-17). */
function ExperienceTab({ state }: { state: DashboardState }) {
  const t = useDashboardText();
  const experience = useChart<ExperienceRow>('experience', QUERY.experience, experienceParameters(state));
  return (
    <ChartCard
      title={t('experience')}
      testId="chart-experience"
      load={experience.data}
      onRetry={() => void experience.refetch()}
    >
      {(rows) => <ExperienceChart rows={rows} byYear={state.groupByYear} />}
    </ChartCard>
  );
}

/** One tab's page: the header (switch and filter) and its charts; an unknown tab is a 404. */
function Dashboard() {
  const t = useDashboardText();
  const { tab } = useParams();
  const { search } = useLocation();
  const [state, update] = useDashboardState();
  const { identity } = useGetIdentity();
  const employeeId = (identity as { employeeId?: number | null } | undefined)?.employeeId;
  if (!DASHBOARD_TABS.includes(tab as DashboardTab)) return <Navigate to="/404" replace />;
  const current = tab as DashboardTab;
  return (
    <Stack spacing={2} sx={{ p: { xs: 1, sm: 2 } }}>
      <Box component="header" data-testid="dashboard-header">
        <Tabs value={current} variant="scrollable" aria-label={t('tabs')} sx={{ mb: 1 }}>
          {DASHBOARD_TABS.map((name) => (
            <Tab
              key={name}
              value={name}
              label={t(`tab_${name}`)}
              component={RouterLink}
              to={`/dashboards/${name}${search}`}
            />
          ))}
        </Tabs>
        <Filter tab={current} state={state} update={update} />
      </Box>
      {current === 'experience' ? (
        <ExperienceTab state={state} />
      ) : (
        <MoneyTab tab={current} state={state} employeeId={employeeId} />
      )}
    </Stack>
  );
}

export default function DashboardsPage() {
  const t = useDashboardText();
  const { search } = useLocation();
  return (
    <>
      <Title title={t('title')} />
      <Routes>
        {/* NAV-60: /dashboards opens the sectors dashboard, keeping the address's choices */}
        <Route index element={<Navigate to={`${DEFAULT_TAB}${search}`} replace />} />
        <Route path=":tab" element={<Dashboard />} />
      </Routes>
    </>
  );
}
