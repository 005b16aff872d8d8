/**
 * Field renderers by field type (the no-code builder's switch): `fieldFor(name, field)` returns a
 * react-admin field element with `source` and `label`, usable as a DataTable cell content, in a
 * `SimpleShowLayout` or a `TabbedShowLayout.Tab`. References render the object the projection
 * embedded (`record.country.gname`), never fetching.
 */
import { cloneElement, type ReactElement } from 'react';
import { BooleanField, EmailField, FunctionField, NumberField, TextField, UrlField } from 'react-admin';
import type { Field } from '../../../schemas/define';
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
  const text = (fmt: (v: unknown) => string) => <FunctionField {...common} render={(r: Rec) => fmt(getPath(r, name))} />;
  const formatter = SCALAR_FORMATTERS[fd.type];
  if (formatter) return text(formatter);
  switch (fd.type) {
    case 'longText':
      return options.inList ? (
        text((v) => truncate(v))
      ) : (
        <TextField {...common} sx={{ whiteSpace: 'pre-wrap' }} />
      );
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
    case 'password':
      return text(() => '••••••');
    case 'ref':
    case 'dictionary':
      return text((v) => representRecord(targetRepresentation(fd), v));
    case 'refId':
      return text((v) => (v == null ? '' : `#${String(v)}`));
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
      return <FunctionField {...common} sortable={false} render={(r: Rec) => <EmbeddedValue fields={fd.fields ?? {}} value={getPath(r, name)} />} />;
    case 'embeddedList':
      return (
        <FunctionField
          {...common}
          sortable={false}
          render={(r: Rec) => {
            const items = getPath(r, name);
            return Array.isArray(items) ? items.map((item, i) => <EmbeddedValue key={i} fields={fd.fields ?? {}} value={item} />) : null;
          }}
        />
      );
    default:
      // text, enum
      return <TextField {...common} />;
  }
}

/** Whether a list column may be sorted on (scalars and to-one references). */
export const isSortable = (fd: Field): boolean => !['refList', 'dictionaryList', 'children', 'embedded', 'embeddedList', 'password'].includes(fd.type);
