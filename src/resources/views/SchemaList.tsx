/**
 * The generated list (NAV-14 for clients): the schema's columns, filters, default sort, page sizes
 * 20/50/100 with 20 by default (CONST-01/02), a friendly empty state, Create and bulk delete only
 * when allowed, and a row click to the card `/<route>/:id`.
 */
import { Box, Typography } from '@mui/material';
import { FilterButton, List, Pagination, TopToolbar } from 'react-admin';
import type { EntitySchema } from '../../../schemas/define';
import { useResourceAccess } from '../access';
import { createPath, editPath, showPath } from '../paths';
import { CreateLink } from './LinkButton';
import { SchemaDataTable } from './SchemaDataTable';
import { listFilters } from './filters';

export const DEFAULT_PER_PAGE_OPTIONS = [20, 50, 100];

const ListActions = ({ schema, canCreate }: { schema: EntitySchema; canCreate: boolean }) => (
  <TopToolbar>
    <FilterButton />
    {canCreate && <CreateLink to={createPath(schema.route)} />}
  </TopToolbar>
);

/** Shown when the list has no records at all. */
export const EmptyList = ({ schema, canCreate }: { schema: EntitySchema; canCreate: boolean }) => (
  <Box sx={{ textAlign: 'center', m: 4 }} role="status">
    <Typography variant="h6" component="p" gutterBottom>
      No {schema.label.toLowerCase()} yet.
    </Typography>
    <Typography variant="body2" color="text.secondary" gutterBottom>
      {canCreate ? 'Create the first one to get started.' : 'Nothing has been added here so far.'}
    </Typography>
    {canCreate && <CreateLink to={createPath(schema.route)} />}
  </Box>
);

export const SchemaList = ({ schema }: { schema: EntitySchema }) => {
  const canAccess = useResourceAccess();
  const canCreate = canAccess('create', schema.route);
  const canDelete = canAccess('delete', schema.route);
  const [field = 'id', order = 'desc'] = schema.defaultSort[0] ?? [];
  const perPageOptions = schema.list?.perPageOptions ?? DEFAULT_PER_PAGE_OPTIONS;
  const rowPath = schema.list?.rowClick === 'edit' ? editPath : showPath;
  return (
    <List
      resource={schema.route}
      title={schema.label}
      perPage={perPageOptions.includes(20) ? 20 : perPageOptions[0]}
      sort={{ field, order: order === 'asc' ? 'ASC' : 'DESC' }}
      filters={listFilters(schema)}
      filterDefaultValues={schema.list?.defaultFilter}
      actions={<ListActions schema={schema} canCreate={canCreate} />}
      empty={<EmptyList schema={schema} canCreate={canCreate} />}
      pagination={<Pagination rowsPerPageOptions={perPageOptions} />}
      queryOptions={{ meta: { projection: schema.list?.projection } }}
    >
      <SchemaDataTable schema={schema} rowPath={(id) => rowPath(schema.route, id)} canDelete={canDelete} />
    </List>
  );
};
