/**
 * A DataTable of a schema's columns, sortable where the field allows, each row linking to
 * `rowPath(id)`; bulk delete (with confirmation) only when allowed. A column's cell is the display
 * table's for its type, or the entity's bespoke `fields.<name>.cell` (`parts.tsx`); a row's style is
 * the entity's bespoke `list.rowSx` of its record, when given.
 */
import { BulkDeleteWithConfirmButton, DataTable, type Identifier } from 'react-admin';
import type { EntitySchema } from '../../../schemas/define';
import { listColumns } from '../columns';
import { cellRender, fieldFor, isSortable } from '../fields';
import { partCellRender } from '../fieldTypes/partCell';
import { useEntityParts } from '../parts';
import { fieldKey } from '../../i18n/keys';
import { localNamePath } from '../format';

export interface SchemaDataTableProps {
  schema: EntitySchema;
  columns?: string[];
  rowPath: (id: Identifier) => string;
  canDelete: boolean;
}

export const SchemaDataTable = ({ schema, columns, rowPath, canDelete }: SchemaDataTableProps) => {
  const parts = useEntityParts(schema);
  return (
    <DataTable
      rowClick={(id) => rowPath(id)}
      rowSx={parts.list?.rowSx}
      bulkActionButtons={canDelete ? <BulkDeleteWithConfirmButton mutationMode="pessimistic" /> : false}
    >
      {listColumns(schema, columns).map(([path, fd], _, all) => {
        const bespoke = parts.fields?.[path]?.cell;
        const local = localNamePath(path);
        const localShown = local !== undefined && all.some(([p]) => p === local);
        const render = bespoke ? partCellRender(bespoke, schema, path, fd) : cellRender(path, fd, { localShown });
        return render ? (
          <DataTable.Col
            key={path}
            source={path}
            label={fieldKey(schema.route, path)}
            disableSort={!isSortable(fd)}
            render={render}
          />
        ) : (
          <DataTable.Col key={path} source={path} label={fieldKey(schema.route, path)} disableSort={!isSortable(fd)}>
            {fieldFor(path, fd, { inList: true })}
          </DataTable.Col>
        );
      })}
    </DataTable>
  );
};
