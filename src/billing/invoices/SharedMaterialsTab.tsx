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
import { useSpringDataProvider } from '../../resources/useAction';
import type { SharedMaterial } from '../../catalogs/catalogModel';
import { MaterialItem } from '../../catalogs/MaterialItem';

export const InvoiceSharedMaterialsTab = ({ record }: TabProps) => {
  const dataProvider = useSpringDataProvider();
  const translate = useTranslate();
  const matterIds = ((record.matterList ?? []) as Array<{ id: number }>).map((m) => m.id);
  const { data, isPending, error } = useQuery({
    queryKey: ['matterSharedMaterials', 'list', matterIds],
    enabled: matterIds.length > 0,
    queryFn: async ({ signal }) =>
      dataProvider.action<SharedMaterial[]>('matterSharedMaterials', { name: 'list', data: { matterIds }, signal }),
  });
  if (matterIds.length === 0)
    return <Typography sx={{ p: 2, color: 'text.secondary' }}>{translate('bureau.materials.no_matters')}</Typography>;
  if (error)
    return <Alert severity="error">{(error as Error).message || translate('bureau.materials.read_failed')}</Alert>;
  if (isPending) return <LinearProgress aria-label={translate('bureau.materials.loading')} sx={{ width: '100%' }} />;
  const materials = Array.isArray(data?.data) ? data.data : [];
  const total = data?.total ?? materials.length;
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
