/**
 * The list's toolbar, in a chunk of its own (first-load size): react-admin's `ListToolbar`
 * with the filter form (search and the schema's filters), the filter button and the Create link.
 * The filter form brings react-hook-form and the saved-query dialogs, none of which the first rows
 * need; `SchemaList` keeps the toolbar's height while it loads.
 */
import { FilterButton, ListToolbar, TopToolbar } from 'react-admin';
import type { EntitySchema } from '../../../schemas/define';
import { CreateLink } from './LinkButton';
import { listFilters } from './filters';

export interface SchemaListToolbarProps {
  /** Its `list.filters` become the filter form's inputs (`listFilters`). */
  schema: EntitySchema;
  /** The create form's path, when the user may create. */
  createPath?: string;
}

export default function SchemaListToolbar({ schema, createPath }: SchemaListToolbarProps) {
  return (
    <ListToolbar
      className="RaList-actions"
      filters={listFilters(schema)}
      actions={
        <TopToolbar>
          <FilterButton />
          {createPath && <CreateLink to={createPath} />}
        </TopToolbar>
      }
    />
  );
}
