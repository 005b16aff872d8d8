/**
 * The list's toolbar, in a chunk of its own (first-load size): react-admin's `ListToolbar`
 * with the filter form (search and the schema's filters), the filter button, react-admin's column
 * chooser (`ColumnsButton`, above the table; the columns hidden are kept in the saved views), the
 * saved views (`SavedViews.tsx`), react-admin's `CreateButton` (a floating button below the `md` breakpoint,
 * so it stays in reach on a phone), Export and Import (`TransferButtons.tsx`; Import where the
 * user may create), Trash for an entity with one where the user may delete (`src/trash/`), the
 * entity's bespoke list buttons (`parts.tsx`) and the buttons of its declared collection actions
 * (`ActionButtons.tsx`).
 * The filter form brings react-hook-form and the saved-query dialogs, which the first load does not
 * need: this chunk loads while the first page is fetched, and `SchemaList` shows the rows with the
 * toolbar, not before it.
 */
import { useMediaQuery, type Theme } from '@mui/material';
import { ColumnsButton, CreateButton, FilterButton, ListToolbar, TopToolbar } from 'react-admin';
import { listColumnsStoreKey } from '../listQuery';
import { useEntityParts } from '../parts';
import type { EntitySchema } from '../../../schemas/define';
import { listFilters } from './filters';
import { SavedViewsButton } from './SavedViews';
import { ExportButton, ImportButton } from './TransferButtons';
import { TrashButton } from '../../trash/TrashButton';
import { useResourceAccess } from '../access';
import { hasTrash } from '../../../schemas/define';
import { ActionButtons } from './ActionButtons';

export interface SchemaListToolbarProps {
  /** Its `list.filters` become the filter form's inputs (`listFilters`). */
  schema: EntitySchema;
  /** The create form's path, when the user may create. */
  createPath?: string;
}

export default function SchemaListToolbar({ schema, createPath }: SchemaListToolbarProps) {
  const { list } = useEntityParts(schema);
  const canAccess = useResourceAccess();
  // phones show the list as cards (`SimpleList`), which have no columns to choose
  const isPhone = useMediaQuery((t: Theme) => t.breakpoints.down('sm'));
  return (
    <ListToolbar
      className="RaList-actions"
      filters={listFilters(schema)}
      actions={
        <TopToolbar>
          {/* views are saved on the server (SavedViews.tsx), not in this browser's saved queries */}
          <FilterButton disableSaveQuery />
          {!isPhone && <ColumnsButton storeKey={listColumnsStoreKey(schema.route)} />}
          <SavedViewsButton schema={schema} />
          {createPath && <CreateButton to={createPath} label="ra.action.create" />}
          <ExportButton schema={schema} />
          {createPath && !schema.preset && <ImportButton schema={schema} />}
          {hasTrash(schema) && canAccess('delete', schema.route) && <TrashButton schema={schema} />}
          {list?.actions?.map((Action, i) => (
            <Action key={i} schema={schema} />
          ))}
          <ActionButtons schema={schema} place="list" />
        </TopToolbar>
      }
    />
  );
}
