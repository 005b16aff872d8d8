/**
 * Display of value objects: an `embedded` object as a small labelled group (the client's bank
 * account), an `embeddedList` as one group per item. Their text joins the sub-fields' texts, each
 * by its own type's formatter (`subText`).
 */
import type { Field } from '../../../../schemas/define';
import { EmbeddedValue } from '../../fields/parts';
import { fieldOf } from '../fieldOf';
import type { FieldDisplay } from '../types';

/** The display table's text of a value of any type (passed in: the table is built from this). */
export type SubText = (value: unknown, field: Field) => string;

export const structuredDisplays = (subText: SubText): Record<'embedded' | 'embeddedList', FieldDisplay> => {
  const objectText = (value: unknown, fd: Field): string =>
    value == null || typeof value !== 'object'
      ? ''
      : Object.entries(fd.fields ?? {})
          .map(([name, sub]) => subText((value as Record<string, unknown>)[name], sub))
          .filter(Boolean)
          .join(', ');
  return {
    embedded: {
      text: objectText,
      field: fieldOf((value, fd) => <EmbeddedValue fields={fd.fields ?? {}} value={value} />, false),
      sortable: false,
      column: false,
    },
    embeddedList: {
      text: (value, fd) =>
        Array.isArray(value)
          ? value
              .map((item) => objectText(item, fd))
              .filter(Boolean)
              .join('; ')
          : '',
      field: fieldOf(
        (value, fd) =>
          Array.isArray(value)
            ? value.map((item, i) => <EmbeddedValue key={i} fields={fd.fields ?? {}} value={item} />)
            : null,
        false,
      ),
      sortable: false,
      column: false,
    },
  };
};
