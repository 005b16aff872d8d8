/**
 * Form inputs of value objects: an `embedded` object as a fieldset of its sub-fields' inputs, an
 * `embeddedList` as an ArrayInput of them. The summary of an embedded object is one line per
 * sub-field (`Bank account: BIC`).
 */
import { Box, Typography } from '@mui/material';
import { ArrayInput, SimpleFormIterator } from 'react-admin';
import type { WireRecord } from '../../../../schemas/define';
import { InputByType } from '../../inputs/InputByType';
import { labelOf } from '../../schemaUtils';
import { formatValue } from '../display';
import { SummaryLine } from '../SummaryLine';
import type { FieldInput, InputRenderProps } from '../types';

const subInputs = (p: InputRenderProps, prefix: string) =>
  Object.entries(p.field.fields ?? {}).map(([sub, fd]) => (
    <InputByType key={sub} name={prefix ? `${prefix}.${sub}` : sub} field={fd} inputsOf={p.inputsOf} />
  ));

export const structuredInputs: Record<'embedded' | 'embeddedList', FieldInput> = {
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
