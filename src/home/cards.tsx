import { Box, Button, Link, List, ListItem, ListItemButton, ListItemText, Stack, Typography } from '@mui/material';
import { useMemo, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { findSchema } from '../../schemas/index';
import type { HomeCardId } from '../../schemas/homeCards';
import { ownerRoute } from '../approvals/approvalParts';
import { createPath, listPath, showPath } from '../resources/paths';
import { formatCurrency, formatDate, formatDateTime } from '../resources/format';
import { HomeCardFrame, HomeCardShell } from './HomeCardFrame';
import { filteredList, monthOf, weekOf } from './period';
import { useHomeText } from './text';
import { useHomeQueries, type HomeQuery } from './useHomeQuery';

/**
 * The home page's cards (docs/areas/dashboards.md, "Home page"), each built on the analytics
 * queries (ids of `server/dashboards/queries.ts` and `homeQueries.ts`); money per currency as the
 * server sends it, never summed across currencies.
 */

/** The analytics queries the cards run, by id. */
export const HOME_QUERY_IDS = {
  incomeByMonth: 1,
  myHours: 5,
  myOpenTasks: 6,
  overdueReceivables: 8,
  waitingDocuments: 10,
  officeHours: 11,
  openInvoices: 12,
} as const;

/** Days after which an open invoice is overdue on the billing manager's card. */
export const OVERDUE_DAYS = 30;
/** How many rows a list card shows. */
export const HOME_LIST_ROWS = 8;

const route = (name: string) => findSchema(name)?.route ?? name;
const text = (v: unknown) => (v === null || v === undefined ? '' : String(v));

/** The card's queries, stable across renders. */
const useStable = (queries: HomeQuery[]) => useMemo(() => queries, [JSON.stringify(queries)]); // eslint-disable-line react-hooks/exhaustive-deps

const More = ({ to, children }: { to: string; children: ReactNode }) => (
  <Button component={RouterLink} to={to} size="small" sx={{ mt: 1, ml: -1 }}>
    {children}
  </Button>
);

const RowLinks = ({
  label,
  rows,
}: {
  label: string;
  rows: Array<{ key: string; to: string; primary: string; secondary?: string }>;
}) => (
  <List dense disablePadding aria-label={label}>
    {rows.map((r) => (
      <ListItem key={r.key} disablePadding>
        <ListItemButton component={RouterLink} to={r.to} sx={{ px: 1 }}>
          <ListItemText primary={r.primary} secondary={r.secondary} />
        </ListItemButton>
      </ListItem>
    ))}
  </List>
);

/** Hours this week and this month (query 5), with the week's time list. */
export function MyHoursCard({ employeeId, now }: { employeeId: number | null; now: Date }) {
  const t = useHomeText();
  const state = useHomeQueries(useStable([{ id: HOME_QUERY_IDS.myHours, parameters: {} }]));
  const week = weekOf(now);
  return (
    <HomeCardFrame id="my-hours" state={state}>
      {([rows]) => {
        const of = (period: string) => rows!.find((r) => r.period === period);
        const empty = rows!.every((r) => Number(r.hours) === 0);
        return (
          <>
            {empty ? (
              <Typography color="text.secondary">{t('no_hours')}</Typography>
            ) : (
              <Stack direction="row" spacing={4} useFlexGap flexWrap="wrap">
                {(['week', 'month'] as const).map((period) => (
                  <Box key={period} data-testid={`hours-${period}`}>
                    <Typography variant="body2" color="text.secondary">
                      {t(period)}
                    </Typography>
                    <Typography variant="h5" component="p">
                      {t('hours', { hours: text(of(period)?.hours ?? '0') })}
                    </Typography>
                    <Typography variant="body2" color="text.secondary">
                      {t('billable', { hours: text(of(period)?.billable_hours ?? '0') })}
                    </Typography>
                  </Box>
                ))}
              </Stack>
            )}
            <More
              to={filteredList(listPath(route('times')), {
                ...(employeeId !== null ? { 'employee.id': employeeId } : {}),
                'dateTime.gte': week.from,
                'dateTime.lt': week.before,
              })}
            >
              {t('open_week')}
            </More>
          </>
        );
      }}
    </HomeCardFrame>
  );
}

/** The reader's open tasks (query 6), each a link to the task. */
export function MyTasksCard() {
  const t = useHomeText();
  const state = useHomeQueries(useStable([{ id: HOME_QUERY_IDS.myOpenTasks, parameters: {} }]));
  return (
    <HomeCardFrame id="my-tasks" state={state}>
      {([rows]) => (
        <>
          {rows!.length === 0 ? (
            <Typography color="text.secondary">{t('no_tasks')}</Typography>
          ) : (
            <RowLinks
              label={t('my-tasks')}
              rows={rows!.slice(0, HOME_LIST_ROWS).map((r) => ({
                key: text(r.id),
                to: showPath(route('times'), text(r.id)),
                primary: text(r.description) || text(r.work_type),
                secondary: [formatDateTime(r.date_time), text(r.work_type)].filter(Boolean).join(' · '),
              }))}
            />
          )}
          <More to={listPath(route('times'))}>{t('all_tasks')}</More>
        </>
      )}
    </HomeCardFrame>
  );
}

/** "Log time": the time entry form, one keystroke away. */
export function LogTimeCard() {
  const t = useHomeText();
  return (
    <HomeCardShell id="log-time">
      <Typography color="text.secondary" sx={{ mb: 1 }}>
        {t('log_time_text')}
      </Typography>
      <Button variant="contained" component={RouterLink} to={createPath(route('times'))}>
        {t('log_time_button')}
      </Button>
    </HomeCardShell>
  );
}

/** Documents whose approval waits for the reader (query 10), each a link to the document. */
export function WaitingDocumentsCard() {
  const t = useHomeText();
  const state = useHomeQueries(useStable([{ id: HOME_QUERY_IDS.waitingDocuments, parameters: {} }]));
  return (
    <HomeCardFrame id="waiting-documents" state={state}>
      {([rows]) => (
        <>
          {rows!.length === 0 ? (
            <Typography color="text.secondary">{t('no_waiting')}</Typography>
          ) : (
            <RowLinks
              label={t('waiting-documents')}
              rows={rows!.slice(0, HOME_LIST_ROWS).map((r) => {
                const owner = ownerRoute(r.owner_type);
                return {
                  key: text(r.chain_id),
                  to: owner
                    ? showPath(owner, text(r.owner_id))
                    : showPath(route('verificationChains'), text(r.chain_id)),
                  primary: text(r.number) || `${text(r.owner_type)} ${text(r.owner_id)}`,
                  secondary: [
                    text(r.description),
                    r.waiting_since ? t('waiting_since', { date: formatDate(r.waiting_since) }) : '',
                  ]
                    .filter(Boolean)
                    .join(' · '),
                };
              })}
            />
          )}
          <More to={listPath(route('verificationChains'))}>{t('all_approvals')}</More>
        </>
      )}
    </HomeCardFrame>
  );
}

/** One line per currency: the amount with its currency, and how many invoices. */
const PerCurrency = ({
  label,
  rows,
  amount,
  count,
}: {
  label: string;
  rows: Array<Record<string, unknown>>;
  amount: string;
  count?: string;
}) => {
  const t = useHomeText();
  return (
    <List dense disablePadding aria-label={label}>
      {rows.map((r) => (
        <ListItem key={text(r.currency)} disablePadding sx={{ py: 0.25 }}>
          <ListItemText
            primary={formatCurrency(r[amount], text(r.currency))}
            secondary={count ? t('invoices_n', { smart_count: Number(r[count]) }) : undefined}
            slotProps={{ primary: { variant: 'h6', component: 'p' } }}
          />
        </ListItem>
      ))}
    </List>
  );
};

/**
 * Overdue receivables: the open balance per currency of invoices open more than 30 days (query
 * 12, never summed across currencies) and the oldest of them (query 8), each a link to its invoice.
 */
export function OverdueReceivablesCard() {
  const t = useHomeText();
  const state = useHomeQueries(
    useStable([
      { id: HOME_QUERY_IDS.openInvoices, parameters: { days: OVERDUE_DAYS } },
      { id: HOME_QUERY_IDS.overdueReceivables, parameters: { days: OVERDUE_DAYS } },
    ]),
  );
  return (
    <HomeCardFrame id="overdue-receivables" state={state}>
      {([totals, oldest]) => (
        <>
          <Typography variant="body2" color="text.secondary">
            {t('overdue_days', { days: OVERDUE_DAYS })}
          </Typography>
          {totals!.length === 0 ? (
            <Typography color="text.secondary" sx={{ mt: 1 }}>
              {t('no_overdue')}
            </Typography>
          ) : (
            <>
              <PerCurrency label={t('overdue-receivables')} rows={totals!} amount="open_balance" count="invoices" />
              <Typography variant="subtitle2" component="h3" sx={{ mt: 1 }}>
                {t('oldest')}
              </Typography>
              <RowLinks
                label={t('oldest')}
                rows={oldest!.slice(0, HOME_LIST_ROWS).map((r) => ({
                  key: text(r.invoice_id),
                  to: showPath(route('invoices'), text(r.invoice_id)),
                  primary: `${text(r.number)} · ${formatCurrency(r.open_balance, text(r.currency))}`,
                  secondary: [formatDate(r.date), text(r.client)].filter(Boolean).join(' · '),
                }))}
              />
            </>
          )}
          <More to={listPath(route('invoices'))}>{t('all_invoices')}</More>
        </>
      )}
    </HomeCardFrame>
  );
}

/**
 * The office's month: money collected this month per currency (query 1, its total rows), hours
 * logged (query 11) and open invoices per currency (query 12), in the reader's scope (a partner's
 * offices, a top manager's firm), with links to the lists.
 */
export function OfficeMonthCard({ now }: { now: Date }) {
  const t = useHomeText();
  const month = monthOf(now);
  const state = useHomeQueries(
    useStable([
      { id: HOME_QUERY_IDS.incomeByMonth, parameters: month },
      { id: HOME_QUERY_IDS.officeHours, parameters: month },
      { id: HOME_QUERY_IDS.openInvoices, parameters: {} },
    ]),
  );
  return (
    <HomeCardFrame id="office-month" state={state}>
      {([income, hours, open]) => {
        const totals = income!.filter((r) => r.month === null || r.month === undefined);
        return (
          <Stack spacing={1.5}>
            <Box>
              <Typography variant="subtitle2" component="h3">
                {t('income')}
              </Typography>
              {totals.length === 0 ? (
                <Typography color="text.secondary">{t('no_income')}</Typography>
              ) : (
                <PerCurrency label={t('income')} rows={totals} amount="income" />
              )}
              <Link
                component={RouterLink}
                to={filteredList(listPath(route('paymentHistories')), {
                  'paymentDate.gte': month.date_gte,
                  'paymentDate.lte': month.date_lte,
                })}
              >
                {t('all_payments')}
              </Link>
            </Box>
            <Box>
              <Typography variant="subtitle2" component="h3">
                {t('office_hours')}
              </Typography>
              <Typography variant="h6" component="p" data-testid="office-hours">
                {t('hours', { hours: text(hours![0]?.hours ?? '0') })}
              </Typography>
              <Link component={RouterLink} to={listPath(route('times'))}>
                {t('all_time')}
              </Link>
            </Box>
            <Box>
              <Typography variant="subtitle2" component="h3">
                {t('open_invoices')}
              </Typography>
              {open!.length === 0 ? (
                <Typography color="text.secondary">{t('no_open_invoices')}</Typography>
              ) : (
                <PerCurrency label={t('open_invoices')} rows={open!} amount="open_balance" count="invoices" />
              )}
              <Link component={RouterLink} to={listPath(route('invoices'))}>
                {t('all_invoices')}
              </Link>
            </Box>
          </Stack>
        );
      }}
    </HomeCardFrame>
  );
}

/** The component of each card. */
export const HOME_CARD_VIEWS: Record<HomeCardId, (props: { employeeId: number | null; now: Date }) => ReactNode> = {
  'my-hours': (p) => <MyHoursCard {...p} />,
  'my-tasks': () => <MyTasksCard />,
  'log-time': () => <LogTimeCard />,
  'waiting-documents': () => <WaitingDocumentsCard />,
  'overdue-receivables': () => <OverdueReceivablesCard />,
  'office-month': (p) => <OfficeMonthCard now={p.now} />,
};
