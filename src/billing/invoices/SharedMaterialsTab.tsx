/**
 * The invoice card's shared materials tab (INV-31): the materials the firm shares on the matters
 * the invoice bills, read with `POST /matterSharedMaterials/list` `{ matterIds }` (the server
 * answers only those of matters the user may read), each downloadable. An invoice without
 * matters asks nothing and says so.
 */
import { useQuery } from '@tanstack/react-query';
import { Alert, Box, LinearProgress, List, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { TabProps } from '../../resources/parts';
import { CORE_API } from '../../resources/listQuery';
import { useHttpClient } from '../../resources/status/hooks';
import type { SharedMaterial } from '../../catalogs/catalogModel';
import { MaterialItem } from '../../catalogs/MaterialItem';

type Page = { _embedded?: { matterSharedMaterials?: SharedMaterial[] }; page?: { totalElements?: number } };

export const InvoiceSharedMaterialsTab = ({ record }: TabProps) => {
  const httpClient = useHttpClient();
  const translate = useTranslate();
  const matterIds = ((record.matterList ?? []) as Array<{ id: number }>).map((m) => m.id);
  const { data, isPending, error } = useQuery({
    queryKey: ['matterSharedMaterials', 'list', matterIds],
    enabled: matterIds.length > 0,
    queryFn: async ({ signal }) =>
      (
        await httpClient<Page>(`${CORE_API}/matterSharedMaterials/list`, {
          method: 'POST',
          body: { matterIds },
          signal,
        })
      ).json,
  });
  if (matterIds.length === 0)
    return <Typography sx={{ p: 2, color: 'text.secondary' }}>{translate('bureau.materials.no_matters')}</Typography>;
  if (error)
    return <Alert severity="error">{(error as Error).message || translate('bureau.materials.read_failed')}</Alert>;
  if (isPending) return <LinearProgress aria-label={translate('bureau.materials.loading')} sx={{ width: '100%' }} />;
  const materials = data?._embedded?.matterSharedMaterials ?? [];
  const total = data?.page?.totalElements ?? materials.length;
  if (materials.length === 0)
    return <Typography sx={{ p: 2, color: 'text.secondary' }}>{translate('bureau.materials.none')}</Typography>;
  return (
    <Box sx={{ width: '100%' }}>
      <List aria-label={translate('bureau.materials.title')} dense>
        {materials.map((m) => (
          <MaterialItem key={m.id} material={m} />
        ))}
      </List>
      {total > materials.length && (
        <Typography variant="body2" sx={{ p: 1, color: 'text.secondary' }}>
          {translate('bureau.materials.first', { shown: materials.length, total })}
        </Typography>
      )}
    </Box>
  );
};
