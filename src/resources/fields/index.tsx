/**
 * Field renderers by field type (the no-code builder's switch): `fieldFor(name, field)` returns a
 * react-admin field element with `source` and `label`, usable as a DataTable cell content, in a
 * `SimpleShowLayout` or a `TabbedShowLayout.Tab`. References render the object the projection
 * embedded (`record.country.gname`), never fetching.
 */
import { cloneElement, type ReactElement, type ReactNode } from 'react';
import CheckIcon from '@mui/icons-material/Check';
import ClearIcon from '@mui/icons-material/Clear';
import { BooleanField, EmailField, FunctionField, NumberField, TextField, UrlField } from 'react-admin';
import type { Field, FieldType } from '../../../schemas/define';
import { getPath, representRecord, SCALAR_FORMATTERS, truncate } from '../format';
import { labelOf, targetRepresentation } from '../schemaUtils';
import { ChipsValue, EmbeddedValue } from './parts';

export interface FieldForOptions {
  /** Rendered in a list cell: long texts are truncated. */
  inList?: boolean;
}

type Rec = Record<string, unknown>;

/** The display element of one schema field (dotted `name` for embedded paths like `type.code`). */
export function fieldFor(name: string, fd: Field, options: FieldForOptions = {}): ReactElement {
  return cloneElement(build(name, fd, options), { key: name });
}

function build(name: string, fd: Field, options: FieldForOptions): ReactElement {
  const label = labelOf(name, fd);
  const common = { source: name, label };
  const plain = textOf(fd);
  if (plain && (fd.type !== 'longText' || options.inList))
    return <FunctionField {...common} render={(r: Rec) => plain(getPath(r, name))} />;
  switch (fd.type) {
    case 'longText':
      return <TextField {...common} sx={{ whiteSpace: 'pre-wrap' }} />;
    case 'number':
      return <NumberField {...common} />;
    case 'boolean':
      return <BooleanField {...common} />;
    case 'email':
      return <EmailField {...common} />;
    case 'url':
      return <UrlField {...common} target="_blank" rel="noopener noreferrer" />;
    case 'phone':
      return (
        <FunctionField
          {...common}
          render={(r: Rec) => {
            const v = getPath(r, name);
            return v ? <a href={`tel:${String(v)}`}>{String(v)}</a> : null;
          }}
        />
      );
    case 'refList':
    case 'dictionaryList':
    case 'children':
      return (
        <FunctionField
          {...common}
          sortable={false}
          render={(r: Rec) => <ChipsValue items={getPath(r, name)} template={targetRepresentation(fd)} />}
        />
      );
    case 'embedded':
      return (
        <FunctionField
          {...common}
          sortable={false}
          render={(r: Rec) => <EmbeddedValue fields={fd.fields ?? {}} value={getPath(r, name)} />}
        />
      );
    case 'embeddedList':
      return (
        <FunctionField
          {...common}
          sortable={false}
          render={(r: Rec) => {
            const items = getPath(r, name);
            return Array.isArray(items)
              ? items.map((item, i) => <EmbeddedValue key={i} fields={fd.fields ?? {}} value={item} />)
              : null;
          }}
        />
      );
    default:
      // text, enum
      return <TextField {...common} />;
  }
}

/**
 * The text `fieldFor` shows for a value of the types displayed as text: the scalar formatters
 * (dates, money, percent x100, durations), long text truncated (in lists), password dots,
 * references by their target's representation and `refId`s as `#<id>`.
 * @returns `undefined` for the types with a field element of their own.
 */
function textOf(fd: Field): ((value: unknown) => string) | undefined {
  const formatter = SCALAR_FORMATTERS[fd.type];
  if (formatter) return formatter;
  switch (fd.type) {
    case 'longText':
      return (v) => truncate(v);
    case 'password':
      return () => '••••••';
    case 'ref':
    case 'dictionary':
      return (v) => representRecord(targetRepresentation(fd), v);
    case 'refId':
      return (v) => (v == null ? '' : `#${String(v)}`);
    default:
      return undefined;
  }
}

const numberFormat = new Intl.NumberFormat();

/** List-cell texts of the types `fieldFor` shows with NumberField / TextField (same texts). */
const CELL_TEXT: Partial<Record<FieldType, (value: unknown) => string>> = {
  number: (v) => (v == null || v === '' || Number.isNaN(Number(v)) ? '' : numberFormat.format(Number(v))),
  text: (v) => (v == null ? '' : String(v)),
  enum: (v) => (v == null ? '' : String(v)),
};

/**
 * A list cell's renderer for DataTable's `render`, for the field types whose cell is text or an
 * icon: the value goes straight into the table cell, without a field component, a record context
 * read and a Typography per cell, which is most of the cost of a 100-row page (the switch to 100
 * rows). Texts match `fieldFor`'s (numbers grouped like NumberField, dates, money, percent x100,
 * references by their representation); booleans are a check or a cross named "Yes" / "No".
 * @returns `undefined` for the types that need their field element (`fieldFor`).
 */
export function cellRender(name: string, fd: Field): ((record: Rec) => ReactNode) | undefined {
  if (fd.type === 'boolean')
    return (r) => {
      const v = getPath(r, name);
      if (v == null) return null;
      return v ? <CheckIcon fontSize="small" titleAccess="Yes" /> : <ClearIcon fontSize="small" titleAccess="No" />;
    };
  const plain = textOf(fd) ?? CELL_TEXT[fd.type];
  return plain && ((r) => plain(getPath(r, name)));
}

/** Whether a list column may be sorted on (scalars and to-one references). */
export const isSortable = (fd: Field): boolean =>
  !['refList', 'dictionaryList', 'children', 'embedded', 'embeddedList', 'password'].includes(fd.type);
