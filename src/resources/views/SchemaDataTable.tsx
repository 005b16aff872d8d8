/**
 * A DataTable of a schema's columns, sortable where the field allows, each row linking to
 * `rowPath(id)`; the bulk actions the user may use (`BulkActions.tsx`: change status, set a bulk
 * field, delete with confirmation); the columns of `list.inlineEdit` are edited in the cell
 * (`InlineEditCell.tsx`) by users who may edit the record. A column's cell is the display
 * table's for its type, or the entity's bespoke `fields.<name>.cell` (`parts.tsx`); a row's style is
 * the entity's bespoke `list.rowSx` of its record, when given.
 */
import { DataTable, DataTableBody, type Identifier, type RaRecord } from 'react-admin';
import { KeyboardRow } from './KeyboardRow';
import type { EntitySchema, Field } from '../../../schemas/define';
import { listColumns } from '../columns';
import { cellRender, fieldFor, isSortable } from '../fields';
import { partCellRender } from '../fieldTypes/partCell';
import { useEntityParts } from '../parts';
import { fieldKey } from '../../i18n/keys';
import { localNamePath } from '../format';
import { readsField, unreadFields, useResourceAccess, type CanAccess } from '../access';
import { bulkActionButtons } from './bulkButtons';
import { InlineEditCell } from './InlineEditCell';
import { servesGenericWrite } from '../../../schemas/define';

export interface SchemaDataTableProps {
  schema: EntitySchema;
  columns?: string[];
  rowPath: (id: Identifier) => string;
  canDelete: boolean;
  /**
   * The react-admin store key of the columns the user hid (`ColumnsButton`); the list page's is
   * `listColumnsStoreKey` (`listQuery.ts`), kept in its saved views. Default: react-admin's `<resource>.datatable`.
   */
  storeKey?: string;
}

/** react-admin's table body whose rows open with Enter (`KeyboardRow`). */
const KeyboardBody = (props: Parameters<typeof DataTableBody>[0]) => <DataTableBody {...props} row={KeyboardRow} />;

/** The columns whose fields the user reads (H2-05): a personal field's column is left out, not shown empty. */
const readableColumns = (schema: EntitySchema, columns: Array<[string, Field]>, canAccess: CanAccess) => {
  const unread = new Set(unreadFields(schema, canAccess));
  return columns.filter(([path, fd]) => !unread.has(path.split('.')[0]!) && readsField(fd, canAccess));
};

export const SchemaDataTable = ({ schema, columns, rowPath, canDelete, storeKey }: SchemaDataTableProps) => {
  const parts = useEntityParts(schema);
  const canAccess = useResourceAccess();
  const bulk = bulkActionButtons(schema, canAccess, canDelete);
  // columns edited in the cell, for users who may edit the record (the server judges the PATCH)
  const inline = new Set(
    servesGenericWrite(schema, 'update') && canAccess('edit', schema.route) ? (schema.list?.inlineEdit ?? []) : [],
  );
  return (
    <DataTable
      rowClick={(id) => rowPath(id)}
      rowSx={parts.list?.rowSx}
      bulkActionButtons={bulk ?? false}
      body={KeyboardBody}
      storeKey={storeKey}
    >
      {readableColumns(schema, listColumns(schema, columns), canAccess).map(([path, fd], _, all) => {
        const bespoke = parts.fields?.[path]?.cell;
        const local = localNamePath(path);
        const localShown = local !== undefined && all.some(([p]) => p === local);
        const shown = bespoke ? partCellRender(bespoke, schema, path, fd) : cellRender(path, fd, { localShown });
        const render = inline.has(path)
          ? (record: RaRecord) => (
              <InlineEditCell record={record} name={path} field={fd}>
                {shown ? shown(record) : fieldFor(path, fd, { inList: true })}
              </InlineEditCell>
            )
          : shown;
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
