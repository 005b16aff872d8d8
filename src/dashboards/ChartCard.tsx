/**
 * A chart's frame: its title, a progress line while it loads, an empty state with Retry when its
 * query failed (DASH-15: the failure was logged and gave no rows; the rest of the page stays), a
 * "no data" line when it has no rows, else the chart.
 */
import { Alert, Box, Button, Card, CardContent, LinearProgress, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import type { ChartLoad } from './figures';
import { useDashboardText } from './text';

export interface ChartCardProps<Row> {
  /** The chart's title, also its region's name. */
  title: string;
  /** `data-testid` of the card. */
  testId: string;
  /** The chart's load; undefined while it runs. */
  load: ChartLoad<Row> | undefined;
  /** Runs the chart's query again. */
  onRetry: () => void;
  /** The chart of the rows (called only with rows). */
  children: (rows: Row[]) => ReactNode;
  /** Buttons beside the title. */
  actions?: ReactNode;
}

export function ChartCard<Row>({ title, testId, load, onRetry, children, actions }: ChartCardProps<Row>) {
  const t = useDashboardText();
  return (
    <Card variant="outlined" component="section" aria-label={title} data-testid={testId} sx={{ minWidth: 0 }}>
      <CardContent>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 1 }}>
          <Typography variant="subtitle1" component="h2" sx={{ flexGrow: 1 }}>
            {title}
          </Typography>
          {actions}
        </Box>
        {load === undefined ? (
          <LinearProgress aria-label={t('loading')} />
        ) : load.failed ? (
          <Alert
            severity="warning"
            data-testid={`${testId}-failed`}
            action={
              <Button color="inherit" size="small" onClick={onRetry}>
                {t('retry')}
              </Button>
            }
          >
            {t('failed')}
          </Alert>
        ) : load.rows.length === 0 ? (
          <Typography color="text.secondary" data-testid={`${testId}-empty`}>
            {t('no_data')}
          </Typography>
        ) : (
          children(load.rows)
        )}
      </CardContent>
    </Card>
  );
}
