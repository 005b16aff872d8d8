/**
 * Form inputs of value objects: an `embedded` object as a fieldset of its sub-fields' inputs, an
 * `embeddedList` as an ArrayInput of them. The summary of an embedded object is one line per
 * sub-field (`Bank account: BIC`).
 */
import type { ReactElement } from 'react';
import { Box, Typography } from '@mui/material';
import { ArrayInput, SimpleFormIterator } from 'react-admin';
import type { Field, WireRecord } from '../../../../schemas/define';
import { labelOf } from '../../schemaUtils';
import { formatValue } from '../display';
import { SummaryLine } from '../SummaryLine';
import type { FieldInput, InputRenderProps } from '../types';

/**
 * The input table's input of a field of any type, keyed by `name` (passed in: the table is built
 * from this).
 */
export type SubInput = (name: string, field: Field, inputsOf: InputRenderProps['inputsOf']) => ReactElement;

/**
 * The input entries of `embedded` and `embeddedList`. The sub-fields may be of any type, so the
 * input table that holds these entries passes in its own input per field.
 *
 * @example structuredInputs((name, field, inputsOf) => <InputByType key={name} name={name} field={field} inputsOf={inputsOf} render={fieldInputs[field.type].input} />)
 */
export const structuredInputs = (subInput: SubInput): Record<'embedded' | 'embeddedList', FieldInput> => {
  const subInputs = (p: InputRenderProps, prefix: string) =>
    Object.entries(p.field.fields ?? {}).map(([sub, fd]) =>
      subInput(prefix ? `${prefix}.${sub}` : sub, fd, p.inputsOf),
    );
  return {
    embedded: {
      input: (p) => (
        <Box component="fieldset" sx={{ border: 0, p: 0, m: 0 }} aria-label={p.label}>
          <Typography component="legend" variant="subtitle1" gutterBottom>
            {p.label}
          </Typography>
          {subInputs(p, p.name)}
        </Box>
      ),
      summary: ({ name, field, label, value }) => {
        const obj = (value ?? {}) as WireRecord;
        return Object.entries(field.fields ?? {}).map(([sub, sfd]) => (
          <SummaryLine
            key={`${name}.${sub}`}
            label={`${label}: ${labelOf(sub, sfd)}`}
            value={formatValue(sfd, obj[sub])}
          />
        ));
      },
    },
    embeddedList: {
      input: (p) => (
        <ArrayInput source={p.name} label={p.label} validate={p.validate}>
          <SimpleFormIterator inline>{subInputs(p, '')}</SimpleFormIterator>
        </ArrayInput>
      ),
    },
  };
};
