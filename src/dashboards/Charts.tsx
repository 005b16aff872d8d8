/**
 * The dashboards' charts (MUI X Charts) and, under each, its figures as links to the records
 * behind them (links.ts): a bar opens the same list as its figure. Money is shown exact, in its
 * currency; one chart per currency, never a sum across currencies.
 */
import { Box, Link, Stack, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { BarChart } from '@mui/x-charts/BarChart';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { numberFormat } from '../i18n/activeLocale';
import { formatCurrency, formatMonth } from '../resources/format';
import {
  barHeight,
  byCurrency,
  experienceSeries,
  figureTotal,
  incomeSeries,
  REALISATION_FIGURES,
  type ExperienceRow,
  type IncomeRow,
  type RealisationRow,
} from './figures';
import { clientLink, countryLink, figureLink, monthWithin, paymentsLink } from './links';
import type { Dimension } from './tabs';
import { useDashboardText } from './text';

const HEIGHT = 260;

/** Period of the charts, `YYYY-MM-DD`. */
export interface Period {
  dateStart: string;
  dateEnd: string;
}

/** Whole units of `currency` (DASH-16), from the exact decimal text. */
export const formatWhole = (value: string, currency: string): string => {
  try {
    return numberFormat({ style: 'currency', currency, minimumFractionDigits: 0, maximumFractionDigits: 0 }).format(
      value as `${number}`,
    );
  } catch {
    return `${numberFormat({ maximumFractionDigits: 0 }).format(value as `${number}`)} ${currency}`;
  }
};

/** A figure that opens the records it sums, named for screen readers and tests. */
export const FigureLink = ({
  to,
  figure,
  text,
  testId,
}: {
  to: string;
  figure: string;
  text: string;
  testId?: string;
}) => {
  const t = useDashboardText();
  return (
    <Link component={RouterLink} to={to} aria-label={t('open_records', { figure, value: text })} data-testid={testId}>
      {text}
    </Link>
  );
};

/** DASH-16: income per month per currency, rounded to whole units, with the currency's total. */
export function IncomeChart({ rows, period }: { rows: IncomeRow[]; period: Period }) {
  const t = useDashboardText();
  const navigate = useNavigate();
  return (
    <Stack spacing={2}>
      {incomeSeries(rows).map((s) => {
        const link = (month: string) => {
          const m = monthWithin(month, period.dateStart, period.dateEnd);
          return paymentsLink(m.dateStart, m.dateEnd);
        };
        return (
          <Box key={s.currency} data-testid={`income-${s.currency}`}>
            <BarChart
              height={HEIGHT}
              xAxis={[{ scaleType: 'band', data: s.months.map((m) => formatMonth(`${m.month}-01`)) }]}
              series={[
                {
                  data: s.months.map((m) => barHeight(m.income)),
                  label: `${t('income')}, ${s.currency}`,
                  valueFormatter: (_v, { dataIndex }) => formatWhole(s.months[dataIndex]!.income, s.currency),
                },
              ]}
              onItemClick={(_e, item) => navigate(link(s.months[item.dataIndex]!.month))}
            />
            <Typography variant="body2">
              {s.months.map((m, i) => (
                <span key={m.month}>
                  {i > 0 ? ' · ' : ''}
                  {formatMonth(`${m.month}-01`)}:{' '}
                  <FigureLink to={link(m.month)} figure={t('income')} text={formatWhole(m.income, s.currency)} />
                </span>
              ))}
            </Typography>
            <Typography variant="subtitle2" data-testid={`income-total-${s.currency}`}>
              {t('total')}: {formatWhole(s.total, s.currency)}
            </Typography>
          </Box>
        );
      })}
    </Stack>
  );
}

/**
 * Worked -> billed -> collected -> written off per group of the tab's dimension, per currency:
 * bars per group, and a table whose every figure (and the currency's total) opens its records.
 */
export function RealisationChart({
  rows,
  period,
  dimension,
}: {
  rows: RealisationRow[];
  period: Period;
  dimension: Dimension;
}) {
  const t = useDashboardText();
  const navigate = useNavigate();
  return (
    <Stack spacing={2}>
      {byCurrency(rows).map(({ currency, rows: list }) => (
        <Box key={currency} data-testid={`realisation-${currency}`}>
          <BarChart
            height={HEIGHT}
            xAxis={[{ scaleType: 'band', data: list.map((r) => r.group_name ?? '-') }]}
            series={REALISATION_FIGURES.map((figure) => ({
              id: figure,
              data: list.map((r) => barHeight(r[figure])),
              label: t(figure),
              valueFormatter: (_v: number | null, { dataIndex }: { dataIndex: number }) =>
                formatCurrency(list[dataIndex]![figure], currency),
            }))}
            onItemClick={(_e, item) =>
              navigate(
                figureLink(item.seriesId as (typeof REALISATION_FIGURES)[number], period, {
                  dimension,
                  id: list[item.dataIndex]!.group_id,
                }),
              )
            }
          />
          <Table size="small" aria-label={`${t('realisation')}, ${currency}`}>
            <TableHead>
              <TableRow>
                <TableCell>{t('group')}</TableCell>
                {REALISATION_FIGURES.map((f) => (
                  <TableCell key={f} align="right">
                    {t(f)}, {currency}
                  </TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>
              {list.map((r) => (
                <TableRow key={`${r.group_id}`}>
                  <TableCell>{r.group_name ?? '-'}</TableCell>
                  {REALISATION_FIGURES.map((f) => (
                    <TableCell key={f} align="right">
                      <FigureLink
                        to={figureLink(f, period, { dimension, id: r.group_id })}
                        figure={t(f)}
                        text={formatCurrency(r[f], currency)}
                      />
                    </TableCell>
                  ))}
                </TableRow>
              ))}
              <TableRow>
                <TableCell component="th" scope="row">
                  {t('total')}
                </TableCell>
                {REALISATION_FIGURES.map((f) => (
                  <TableCell key={f} align="right">
                    <FigureLink
                      to={figureLink(f, period)}
                      figure={`${t(f)}, ${t('total')}`}
                      text={formatCurrency(figureTotal(list, f), currency)}
                      testId={`realisation-total-${f}-${currency}`}
                    />
                  </TableCell>
                ))}
              </TableRow>
            </TableBody>
          </Table>
        </Box>
      ))}
    </Stack>
  );
}

/** A horizontal bar chart of named amounts per currency, each bar and figure a link. */
function AmountBars<Row extends { currency: string; collected: string }>({
  rows,
  name,
  link,
  testId,
}: {
  rows: Row[];
  name: (row: Row) => string;
  link: (row: Row) => string | undefined;
  testId: string;
}) {
  const t = useDashboardText();
  const navigate = useNavigate();
  return (
    <Stack spacing={2}>
      {byCurrency(rows).map(({ currency, rows: list }) => (
        <Box key={currency} data-testid={`${testId}-${currency}`}>
          <BarChart
            height={Math.max(120, 28 * list.length + 60)}
            layout="horizontal"
            yAxis={[{ scaleType: 'band', data: list.map(name), width: 140 }]}
            series={[
              {
                data: list.map((r) => barHeight(r.collected)),
                label: `${t('collected')}, ${currency}`,
                valueFormatter: (_v, { dataIndex }) => formatCurrency(list[dataIndex]!.collected, currency),
              },
            ]}
            onItemClick={(_e, item) => {
              const to = link(list[item.dataIndex]!);
              if (to) navigate(to);
            }}
          />
          <Typography variant="body2">
            {list.map((r, i) => {
              const to = link(r);
              const text = formatCurrency(r.collected, currency);
              return (
                <span key={i}>
                  {i > 0 ? ' · ' : ''}
                  {name(r)}: {to ? <FigureLink to={to} figure={name(r)} text={text} /> : text}
                </span>
              );
            })}
          </Typography>
        </Box>
      ))}
    </Stack>
  );
}

export interface TopClientRow {
  client_id: number;
  client: string | null;
  currency: string;
  collected: string;
}

/** The clients that paid most; a bar opens the client. */
export const TopClientsChart = ({ rows }: { rows: TopClientRow[] }) => (
  <AmountBars rows={rows} name={(r) => r.client ?? '-'} link={(r) => clientLink(r.client_id)} testId="top-clients" />
);

export interface CountryRow {
  country_id: number | null;
  country: string | null;
  currency: string;
  collected: string;
}

/** Collected per the paying client's country; a bar opens the clients of that country. */
export const CountryChart = ({ rows }: { rows: CountryRow[] }) => (
  <AmountBars
    rows={rows}
    name={(r) => r.country ?? '-'}
    link={(r) => (r.country_id === null ? undefined : countryLink(r.country_id))}
    testId="by-country"
  />
);

/** Matters opened per group, per year when `byYear`, else over the period. */
export function ExperienceChart({ rows, byYear }: { rows: ExperienceRow[]; byYear: boolean }) {
  const t = useDashboardText();
  const { years, groups } = experienceSeries(rows, byYear);
  const count = (n: number) => numberFormat({ maximumFractionDigits: 0 }).format(n);
  return byYear ? (
    <BarChart
      height={HEIGHT + 60}
      xAxis={[{ scaleType: 'band', data: years.map(String) }]}
      series={groups.slice(0, 10).map((g) => ({ data: g.perYear, label: g.name, stack: 'matters' }))}
    />
  ) : (
    <Box>
      <BarChart
        height={Math.max(120, 28 * Math.min(groups.length, 20) + 60)}
        layout="horizontal"
        yAxis={[{ scaleType: 'band', data: groups.slice(0, 20).map((g) => g.name), width: 140 }]}
        series={[{ data: groups.slice(0, 20).map((g) => g.total), label: t('matters') }]}
      />
      <Typography variant="body2">
        {groups.map((g, i) => `${i > 0 ? ' · ' : ''}${g.name}: ${count(g.total)}`).join('')}
      </Typography>
    </Box>
  );
}
