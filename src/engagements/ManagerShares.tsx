/**
 * The project managers editor of the project wizard (PROJ-02/10): the generated list of managers
 * (position, share, period, dates) with, under it, each period's total share - red with a message
 * when a period's shares pass 100%, which the server refuses on save.
 */
import { Alert, Box, Chip, Stack } from '@mui/material';
import { useTranslate } from 'react-admin';
import { useWatch } from 'react-hook-form';
import { fieldInputs } from '../resources/fieldTypes/inputs';
import type { InputRenderProps } from '../resources/fieldTypes/types';

interface ManagerRow {
  percentage?: number | string | null;
  periodIndexNumber?: number | string | null;
}

/** Total share (a fraction) per period of the rows; rows without a period are grouped as `-`. */
export const sharesByPeriod = (rows: ManagerRow[] | undefined): Array<{ period: string; total: number }> => {
  const totals = new Map<string, number>();
  for (const row of rows ?? []) {
    const period =
      row?.periodIndexNumber === null || row?.periodIndexNumber === undefined || row.periodIndexNumber === ''
        ? '-'
        : String(row.periodIndexNumber);
    const share = Number(row?.percentage ?? 0);
    // summed in hundredths of a percent, so 0.1 + 0.2 + 0.7 is exactly 100%
    totals.set(period, (totals.get(period) ?? 0) + Math.round((Number.isFinite(share) ? share : 0) * 10000));
  }
  return [...totals.entries()]
    .sort(([a], [b]) => a.localeCompare(b, undefined, { numeric: true }))
    .map(([period, total]) => ({ period, total: total / 10000 }));
};

const percent = (fraction: number) => `${Math.round(fraction * 10000) / 100}%`;

/** Per-period totals of the managers being edited. */
export const ShareTotals = ({ name }: { name: string }) => {
  const translate = useTranslate();
  const rows = useWatch({ name }) as ManagerRow[] | undefined;
  const totals = sharesByPeriod(rows);
  if (totals.length === 0) return null;
  const over = totals.filter((t) => t.total > 1);
  return (
    <Box sx={{ mt: 1 }} aria-label={translate('bureau.engagements.shares')}>
      <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap' }}>
        {totals.map((t) => (
          <Chip
            key={t.period}
            size="small"
            color={t.total > 1 ? 'error' : t.total === 1 ? 'success' : 'default'}
            label={translate('bureau.engagements.period_share', { period: t.period, share: percent(t.total) })}
          />
        ))}
      </Stack>
      {over.length > 0 && (
        <Alert severity="error" sx={{ mt: 1 }}>
          {translate('bureau.engagements.over', {
            periods: over
              .map((t) => translate('bureau.engagements.period_over', { period: t.period, share: percent(t.total) }))
              .join('; '),
          })}
        </Alert>
      )}
    </Box>
  );
};

/** The generated children input of `projectManagerList` followed by the per-period totals. */
export const ManagerSharesInput = (props: InputRenderProps) => (
  <Box sx={{ width: '100%' }}>
    {fieldInputs.children.input(props)}
    <ShareTotals name={props.name} />
  </Box>
);
