import FolderIcon from '@mui/icons-material/Folder';
import {
  Alert,
  Box,
  Breadcrumbs,
  Card,
  CardContent,
  Link,
  List,
  ListItem,
  ListItemButton,
  ListItemIcon,
  ListItemText,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
} from '@mui/material';
import { useMemo, useState, type ReactElement } from 'react';
import {
  AutocompleteInput,
  FilterForm,
  LinearProgress,
  ListBase,
  NumberInput,
  ReferenceInput,
  Title,
  useGetList,
  useListContext,
  usePermissions,
  useTranslate,
} from 'react-admin';
import { hasPrivilege } from '../../schemas/access';
import type { Module } from '../../schemas/modules';
import type { Permissions } from '../access/canAccess';
import {
  catalogTree,
  openPath,
  type CatalogNode,
  type Grouping,
  type SharedMaterial,
  type StorageFolder,
} from './catalogModel';
import { useCatalogText } from './catalogText';
import { MaterialItem } from './MaterialItem';

/**
 * The catalogs page (NAV-57, DICT-35/36, module `SHARED_MATERIAL`): the shared materials of the
 * matters the user may read, as a file explorer. The filters are the catalog's eight (client,
 * service, product, business RM office, matter office, year, client sector, client country), sent
 * under the names `GET /matterSharedMaterials` takes; the materials are grouped as folders, by
 * client then matter or by storage folder (`GET /storageFolders?projection=full`), and every file
 * downloads with the user's token. A filter whose pick list the user may not read (clients without
 * `client`, offices without `office`, departments without `department`) is not offered, so the page
 * never asks for what the user may not see.
 */

/** The most materials one page of the catalog reads (the API's largest page). */
export const CATALOG_PAGE_SIZE = 1000;

/** Department type codes of sectors, services and products (docs/decisions.md, "The trees"). */
const SECTOR = 7;
const SERVICE = 15;
const PRODUCT = 16;
/** The COUNTRY dictionary type's code (schemas/administration/dictionaries.ts). */
const COUNTRY = 4;

const pick = (source: string, label: string, reference: string, optionText: string, filter = {}) => (
  <ReferenceInput key={source} source={source} reference={reference} filter={filter} alwaysOn>
    <AutocompleteInput label={label} optionText={optionText} sx={{ minWidth: 220 }} />
  </ReferenceInput>
);

/** The DICT-36 filters, each with the module its pick list needs (none: every signed-in user). */
const FILTERS: Array<{ module?: Module; input: ReactElement }> = [
  { module: 'client', input: pick('clientId', 'bureau.catalogs.client', 'clients', 'gname') },
  {
    module: 'department',
    input: pick('serviceId', 'bureau.catalogs.service', 'departments', 'gname', { 'type.code': SERVICE }),
  },
  {
    module: 'department',
    input: pick('productId', 'bureau.catalogs.product', 'departments', 'gname', { 'type.code': PRODUCT }),
  },
  { module: 'office', input: pick('brmOfiiceId', 'bureau.catalogs.brm_office', 'offices', 'gfirmName') },
  { module: 'office', input: pick('officeId', 'bureau.catalogs.matter_office', 'offices', 'gfirmName') },
  {
    input: (
      <NumberInput key="year" source="year" label="bureau.catalogs.year" min={1900} max={2999} step={1} alwaysOn />
    ),
  },
  {
    module: 'department',
    input: pick('sectorId', 'bureau.catalogs.sector', 'departments', 'gname', { 'type.code': SECTOR }),
  },
  { input: pick('countryId', 'bureau.catalogs.country', 'baseDictionaries', 'gname', { 'type.code': COUNTRY }) },
];

/** The filter inputs `permissions` allow. */
export const catalogFilters = (permissions: Permissions | undefined): ReactElement[] =>
  FILTERS.filter(
    (f) => !f.module || (permissions && hasPrivilege(permissions.roles, permissions.privileges, f.module, 'view')),
  ).map((f) => f.input);

const FolderItem = ({ folder, onOpen }: { folder: CatalogNode; onOpen: () => void }) => {
  const translate = useTranslate();
  return (
    <ListItem disablePadding>
      <ListItemButton onClick={onOpen} aria-label={translate('bureau.catalogs.open', { name: folder.label })}>
        <ListItemIcon>
          <FolderIcon color="primary" />
        </ListItemIcon>
        <ListItemText primary={folder.label} secondary={folder.total === 1 ? '1 file' : `${folder.total} files`} />
      </ListItemButton>
    </ListItem>
  );
};

/** The explorer over the list context's materials. */
const Explorer = () => {
  const { data, total, isPending, isFetching, error, filterValues } = useListContext<SharedMaterial>();
  const translate = useTranslate();
  const [grouping, setGrouping] = useState<Grouping>('client');
  const [path, setPath] = useState<string[]>([]);
  const { data: folders = [], isPending: foldersPending } = useGetList<StorageFolder>(
    'storageFolders',
    {
      pagination: { page: 1, perPage: CATALOG_PAGE_SIZE },
      sort: { field: 'name', order: 'ASC' },
      meta: { projection: 'full' },
    },
    { enabled: grouping === 'folder' },
  );
  const text = useCatalogText();
  const root = useMemo(() => catalogTree(data ?? [], grouping, folders, text), [data, grouping, folders, text]);
  const trail = openPath(root, path);
  const here = trail[trail.length - 1]!;
  const filtered = Object.keys(filterValues ?? {}).length > 0;

  if (error) return <Alert severity="error">{(error as Error).message}</Alert>;
  return (
    <Box>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap', my: 1 }}>
        <ToggleButtonGroup
          size="small"
          exclusive
          value={grouping}
          aria-label={translate('bureau.catalogs.group_by')}
          onChange={(_e, v: Grouping | null) => {
            if (v) {
              setGrouping(v);
              setPath([]);
            }
          }}
        >
          <ToggleButton value="client">{translate('bureau.catalogs.by_client')}</ToggleButton>
          <ToggleButton value="folder">{translate('bureau.catalogs.by_folder')}</ToggleButton>
        </ToggleButtonGroup>
        <Breadcrumbs aria-label={translate('bureau.catalogs.location')}>
          {trail.map((n, i) =>
            i === trail.length - 1 ? (
              <Typography key={n.key} color="text.primary" aria-current="location">
                {n.label}
              </Typography>
            ) : (
              <Link key={n.key} component="button" type="button" onClick={() => setPath(path.slice(0, i))}>
                {n.label}
              </Link>
            ),
          )}
        </Breadcrumbs>
      </Box>
      {(isPending || isFetching || (grouping === 'folder' && foldersPending)) && (
        <LinearProgress aria-label={translate('bureau.catalogs.loading')} />
      )}
      {!isPending && (total ?? 0) > (data?.length ?? 0) && (
        <Alert severity="info" sx={{ my: 1 }}>
          Showing {data?.length} of {total} materials; narrow the filters to see the others.
        </Alert>
      )}
      {!isPending && here.total === 0 ? (
        <Typography color="text.secondary" sx={{ py: 3 }}>
          {translate(filtered ? 'bureau.catalogs.no_match' : 'bureau.catalogs.empty')}
        </Typography>
      ) : (
        <List aria-label={here.label}>
          {here.children.map((c) => (
            <FolderItem key={c.key} folder={c} onOpen={() => setPath([...trail.slice(1).map((n) => n.key), c.key])} />
          ))}
          {here.materials.map((m) => (
            <MaterialItem key={m.id} material={m} />
          ))}
        </List>
      )}
    </Box>
  );
};

const CatalogsPage = () => {
  const { permissions } = usePermissions<Permissions>();
  const translate = useTranslate();
  const filters = useMemo(() => catalogFilters(permissions), [permissions]);
  return (
    <ListBase resource="matterSharedMaterials" perPage={CATALOG_PAGE_SIZE} sort={{ field: 'name', order: 'ASC' }}>
      <Card sx={{ mt: 2 }}>
        <Title title={translate('bureau.catalogs.title')} />
        <CardContent>
          <FilterForm filters={filters} />
          <Explorer />
        </CardContent>
      </Card>
    </ListBase>
  );
};

export default CatalogsPage;
