/**
 * Display of value objects: an `embedded` object as a small labelled group (the client's bank
 * account), an `embeddedList` as one group per item. Their text joins the sub-fields' texts, each
 * by its own type's formatter (`subText`), and each sub-field shows by its own type's display
 * element (`subField`).
 */
import type { ReactElement } from 'react';
import { Box, Typography } from '@mui/material';
import { RecordContextProvider } from 'react-admin';
import type { Field } from '../../../../schemas/define';
import { labelOf } from '../../schemaUtils';
import { fieldOf } from '../fieldOf';
import type { FieldDisplay } from '../types';

/** The display table's text of a value of any type (passed in: the table is built from this). */
export type SubText = (value: unknown, field: Field) => string;

/** The display table's element of a field of any type, read from the record in context (`fieldFor`). */
export type SubField = (name: string, field: Field) => ReactElement;

/** A value object as a small labelled group (the client's bank account, CLI-02). */
const EmbeddedValue = ({
  fields,
  value,
  subField,
}: {
  fields: Record<string, Field>;
  value: unknown;
  subField: SubField;
}) => {
  if (value == null || typeof value !== 'object') return null;
  return (
    <RecordContextProvider value={value as { id: string }}>
      <Box
        component="dl"
        sx={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: 2, rowGap: 0.5, m: 0 }}
      >
        {Object.entries(fields).map(([name, fd]) => (
          <Box key={name} sx={{ display: 'contents' }}>
            <Typography component="dt" variant="body2" color="text.secondary">
              {labelOf(name, fd)}
            </Typography>
            <Typography component="dd" variant="body2" sx={{ m: 0 }}>
              {subField(name, fd)}
            </Typography>
          </Box>
        ))}
      </Box>
    </RecordContextProvider>
  );
};

/**
 * The display entries of `embedded` and `embeddedList`. The sub-fields may be of any type, so the
 * display table that holds these entries passes in its own formatter and element.
 *
 * @example structuredDisplays((value, fd) => formatValue(fd, value), fieldFor)
 */
export const structuredDisplays = (
  subText: SubText,
  subField: SubField,
): Record<'embedded' | 'embeddedList', FieldDisplay> => {
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
      field: fieldOf(
        (value, fd) => <EmbeddedValue fields={fd.fields ?? {}} value={value} subField={subField} />,
        false,
      ),
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
            ? value.map((item, i) => (
                <EmbeddedValue key={i} fields={fd.fields ?? {}} value={item} subField={subField} />
              ))
            : null,
        false,
      ),
      sortable: false,
      column: false,
    },
  };
};
