import AccountTreeIcon from '@mui/icons-material/AccountTree';
import PersonIcon from '@mui/icons-material/Person';
import {
  Alert,
  Autocomplete,
  Box,
  Card,
  CardContent,
  Chip,
  List,
  ListItem,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { LinearProgress, Title, useGetList, useTranslate } from 'react-admin';
import type { DepartmentNode } from '../../schemas/organisation/departmentTrees';
import { useSpringDataProvider } from '../resources/useAction';

/**
 * The firm's structure for one office (NAV-118, module `structure`): the office is picked from a
 * list (kept in the URL as `?officeId=`, so a reload or a shared link shows the same office), then
 * the `allWithPositions` action of departments (`GET departments/all/with-positions?officeId=&status.code=1`) draws the active
 * departments where the office has current positions, each with its holders. Until an office is
 * chosen the page says "Office not selected" and asks nothing of the tree.
 */

/** The input of the office's tree: active departments only (DICT-21). */
export const structureQuery = (officeId: number) => ({ officeId, 'status.code': 1 });

interface Office {
  id: number;
  gfirmName: string;
}

const DepartmentBranch = ({ node, depth }: { node: DepartmentNode; depth: number }) => {
  const translate = useTranslate();
  return (
    <Box component="li" sx={{ listStyle: 'none', pl: depth === 0 ? 0 : 3 }} aria-label={node.gname}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', py: 0.5 }}>
        <AccountTreeIcon fontSize="small" color="action" />
        <Typography component="span" sx={{ fontWeight: 600 }}>
          {node.gname}
        </Typography>
      </Stack>
      {(node.positions ?? []).length > 0 && (
        <List
          dense
          disablePadding
          sx={{ pl: 3 }}
          aria-label={translate('bureau.structure.positions_in', { department: node.gname })}
        >
          {(node.positions ?? []).map((p) => (
            <ListItem key={p.id} disableGutters sx={{ gap: 1 }}>
              <PersonIcon fontSize="small" color="disabled" />
              <RouterLink to={`/employees/${p.employee.id}/show`}>{p.employee.fullName}</RouterLink>
              {p.level.gname && (
                <Typography variant="body2" color="text.secondary">
                  {p.level.gname}
                </Typography>
              )}
              {p.main && <Chip size="small" label={translate('bureau.structure.main')} variant="outlined" />}
            </ListItem>
          ))}
        </List>
      )}
      {node.children.length > 0 && (
        <Box component="ul" sx={{ m: 0, p: 0 }}>
          {node.children.map((c) => (
            <DepartmentBranch key={c.id} node={c} depth={depth + 1} />
          ))}
        </Box>
      )}
    </Box>
  );
};

/** The tree of one office, with loading, error and empty states. */
const OfficeStructure = ({ officeId }: { officeId: number }) => {
  const dataProvider = useSpringDataProvider();
  const translate = useTranslate();
  const { data, isPending, error } = useQuery({
    queryKey: ['departments', 'all/with-positions', officeId],
    queryFn: async ({ signal }) =>
      (
        await dataProvider.action<DepartmentNode[]>('departments', {
          name: 'allWithPositions',
          data: structureQuery(officeId),
          signal,
        })
      ).data,
  });
  if (isPending) return <LinearProgress />;
  if (error) return <Alert severity="error">{(error as Error).message}</Alert>;
  if (!data || data.length === 0) return <Alert severity="info">{translate('bureau.structure.empty')}</Alert>;
  return (
    <Box component="ul" sx={{ m: 0, p: 0 }} aria-label={translate('bureau.structure.departments')}>
      {data.map((n) => (
        <DepartmentBranch key={n.id} node={n} depth={0} />
      ))}
    </Box>
  );
};

const StructurePage = () => {
  const translate = useTranslate();
  const [params, setParams] = useSearchParams();
  const officeId = Number(params.get('officeId')) || null;
  const { data: offices = [], isPending } = useGetList<Office>('offices', {
    pagination: { page: 1, perPage: 1000 },
    sort: { field: 'gfirmName', order: 'ASC' },
  });
  const chosen = offices.find((o) => o.id === officeId) ?? null;
  return (
    <Card sx={{ mt: 2 }}>
      <Title title={translate('bureau.structure.title')} />
      <CardContent>
        <Autocomplete
          sx={{ maxWidth: 420, mb: 2 }}
          options={offices}
          loading={isPending}
          value={chosen}
          getOptionLabel={(o) => o.gfirmName}
          isOptionEqualToValue={(a, b) => a.id === b.id}
          onChange={(_e, o) => setParams(o ? { officeId: String(o.id) } : {}, { replace: true })}
          renderInput={(p) => <TextField {...p} label={translate('bureau.structure.office')} />}
        />
        {officeId === null ? (
          <Typography color="text.secondary">{translate('bureau.structure.no_office')}</Typography>
        ) : (
          <OfficeStructure officeId={officeId} />
        )}
      </CardContent>
    </Card>
  );
};

export default StructurePage;
