import { Link as RouterLink } from 'react-router-dom';
import { Box, Button, Skeleton, Typography } from '@mui/material';
import { useGetList, type RaRecord } from 'react-admin';
import { listPath } from '../resources/paths';
import { joinParts, nameOf, RecordList } from './RecordList';
import { useMobileText } from './text';

/** How many recent clients the card lists. */
export const RECENT_CLIENTS = 5;

/**
 * "Recent clients": the clients changed last (`sort=lastModifiedDate,desc`), linking to their
 * cards; a link to the full list below.
 */
export const RecentClientsCard = () => {
  const t = useMobileText();
  const { data, isPending, error } = useGetList<RaRecord>('clients', {
    pagination: { page: 1, perPage: RECENT_CLIENTS },
    sort: { field: 'lastModifiedDate', order: 'DESC' },
  });
  if (isPending) {
    return (
      <Box sx={{ px: 2, pb: 1 }} aria-busy="true">
        {Array.from({ length: 3 }, (_, i) => (
          <Skeleton key={i} height={52} />
        ))}
      </Box>
    );
  }
  if (error)
    return (
      <Typography sx={{ px: 2, pb: 2 }} color="error">
        {t('load_failed')}
      </Typography>
    );
  return (
    <>
      {data && data.length > 0 ? (
        <RecordList
          label={t('recent_clients')}
          rows={data.map((c) => ({
            key: String(c.id),
            route: 'clients',
            id: c.id,
            primary: String(c.gname ?? c.id),
            secondary: joinParts(nameOf(c.country), c.iinBin),
          }))}
        />
      ) : (
        <Typography sx={{ px: 2, py: 1.5 }} color="text.secondary">
          {t('empty_recent')}
        </Typography>
      )}
      <Button component={RouterLink} to={listPath('clients')} sx={{ minHeight: 48, mx: 1, my: 0.5 }}>
        {t('all_clients')}
      </Button>
    </>
  );
};
