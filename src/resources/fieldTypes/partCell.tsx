/** A bespoke field display (`defineParts`' `fields.<name>.cell`) as a list cell and a card field. */
import type { ComponentType, ReactElement } from 'react';
import { FunctionField, type RaRecord } from 'react-admin';
import type { EntitySchema, Field } from '../../../schemas/define';
import { getPath } from '../format';
import type { CellProps } from '../parts';
import { labelOf } from '../schemaUtils';

/** DataTable's `render` for a bespoke cell. */
export const partCellRender =
  (Cell: ComponentType<CellProps>, schema: EntitySchema, source: string, field: Field) => (record: RaRecord) => (
    <Cell schema={schema} record={record} source={source} field={field} value={getPath(record, source)} />
  );

/** The card's field element for a bespoke cell. */
export const partField = (
  Cell: ComponentType<CellProps>,
  schema: EntitySchema,
  source: string,
  field: Field,
): ReactElement => (
  <FunctionField
    key={source}
    source={source}
    label={labelOf(source, field)}
    render={partCellRender(Cell, schema, source, field)}
  />
);
