import { Link as RouterLink } from 'react-router-dom';
import { Box, Button, Skeleton, Typography } from '@mui/material';
import { useGetIdentity, useGetList, type RaRecord } from 'react-admin';
import { listPath } from '../resources/paths';
import { joinParts, RecordList } from './RecordList';
import { useMobileText } from './text';

/** How many matters the card lists. */
export const RECENT_MATTERS = 5;

/**
 * The matters to list: those of the user's latest time entries first (newest first, each once),
 * then the matters changed most recently, up to `limit`.
 */
export function recentMatters(entries: readonly RaRecord[], changed: readonly RaRecord[], limit = RECENT_MATTERS) {
  const out: RaRecord[] = [];
  const seen = new Set<string>();
  const add = (m: RaRecord | undefined | null) => {
    if (!m || m.id == null || seen.has(String(m.id)) || out.length >= limit) return;
    seen.add(String(m.id));
    out.push(m);
  };
  for (const e of entries) add(e.matter as RaRecord | undefined);
  for (const m of changed) add(m);
  return out;
}

/**
 * "Recent matters": the matters the signed-in user worked on last, then the ones changed last;
 * the server lists only matters the user may read.
 */
export const RecentMattersCard = () => {
  const t = useMobileText();
  const { identity, isPending: identityPending } = useGetIdentity();
  const employeeId = (identity as { employeeId?: unknown } | undefined)?.employeeId;
  const own = employeeId != null && employeeId !== '';
  const entries = useGetList<RaRecord>(
    'times',
    {
      pagination: { page: 1, perPage: 50 },
      sort: { field: 'dateTime', order: 'DESC' },
      filter: { 'employee.id': employeeId, 'matter.id.isNull': false },
      meta: { projection: 'full' },
    },
    { enabled: !identityPending && own },
  );
  const changed = useGetList<RaRecord>('matters', {
    pagination: { page: 1, perPage: RECENT_MATTERS },
    sort: { field: 'lastModifiedDate', order: 'DESC' },
  });
  if (changed.isPending || (own && entries.isPending))
    return (
      <Box sx={{ px: 2, pb: 1 }} aria-busy="true">
        <Skeleton height={52} />
        <Skeleton height={52} />
      </Box>
    );
  if (changed.error)
    return (
      <Typography sx={{ px: 2, pb: 2 }} color="error">
        {t('load_failed')}
      </Typography>
    );
  const matters = recentMatters(entries.data ?? [], changed.data ?? []);
  return (
    <>
      {matters.length > 0 ? (
        <RecordList
          label={t('recent_matters')}
          rows={matters.map((m) => ({
            key: String(m.id),
            route: 'matters',
            id: m.id,
            primary: String(m.number || `#${String(m.id)}`),
            secondary: joinParts(m.description),
          }))}
        />
      ) : (
        <Typography sx={{ px: 2, py: 1.5 }} color="text.secondary" role="status">
          {t('no_matters')}
        </Typography>
      )}
      <Button component={RouterLink} to={listPath('matters')} sx={{ minHeight: 48, mx: 1, my: 0.5 }}>
        {t('all_matters')}
      </Button>
    </>
  );
};
