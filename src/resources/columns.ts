/** Resolves list columns (dotted paths allowed) to the field that renders them. */
import type { EntitySchema, Field } from '../../schemas/define';
import { findSchema } from '../../schemas/registry';
import { isDefaultColumn } from './fieldTypes/display';
import { readableField } from './schemaUtils';

const SYSTEM_COLUMN: Record<string, Field> = {
  id: { type: 'number', label: 'ID' },
  createdDate: { type: 'dateTime', label: 'Created' },
  lastModifiedDate: { type: 'dateTime', label: 'Last modified' },
  createdBy: { type: 'text', label: 'Created by' },
  lastModifiedBy: { type: 'text', label: 'Last modified by' },
};

/** The field of a column path: `gname`, `account.bic` (embedded), `type.code` (a reference's field). */
export const columnField = (schema: EntitySchema, path: string): Field => {
  const [head = path, ...rest] = path.split('.');
  const fd = readableField(schema, head) ?? SYSTEM_COLUMN[head] ?? { type: 'text' };
  if (!rest.length) return fd;
  const sub = rest.join('.');
  if (fd.type === 'embedded') return fd.fields?.[sub] ?? { type: 'text' };
  const target = fd.target ? findSchema(fd.target) : undefined;
  const targetField = (target && readableField(target, sub)) ?? SYSTEM_COLUMN[sub] ?? { type: 'text' };
  return { ...targetField, label: fd.label ?? targetField.label };
};

/**
 * The columns of a list: the schema's `list.columns`, else its first six fields whose type is a
 * default column (the display table's `column`: scalars and to-one references).
 */
export const listColumns = (schema: EntitySchema, columns?: string[]): Array<[string, Field]> => {
  const names =
    columns ??
    schema.list?.columns ??
    Object.entries(schema.fields)
      .filter(([, fd]) => !fd.writeOnly && isDefaultColumn(fd))
      .slice(0, 6)
      .map(([n]) => n);
  return names.map((n) => [n, columnField(schema, n)]);
};
