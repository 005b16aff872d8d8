/**
 * What a form will save, as label/value lines (the wizard's complete step, NAV-17): each field's
 * line comes from the input table's `summary` of its type (references read their representation,
 * an embedded object is a line per sub-field), else the display table's text of the value.
 */
import { Box } from '@mui/material';
import { useWatch } from 'react-hook-form';
import type { EntitySchema, WireRecord } from '../../../schemas/define';
import { formatValue } from '../fieldTypes/display';
import { fieldInputs } from '../fieldTypes/inputs';
import { SummaryLine } from '../fieldTypes/SummaryLine';
import { labelOf } from '../schemaUtils';

/** Lines for `fields` (names of `schema`), skipping fields whose `sendWhen` does not hold. */
export const FormSummary = ({ schema, fields }: { schema: EntitySchema; fields: string[] }) => {
  const values = (useWatch() ?? {}) as WireRecord;
  return (
    <Box
      component="dl"
      aria-label="Summary"
      sx={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: 3, rowGap: 1 }}
    >
      {fields.map((name) => {
        const field = schema.fields[name];
        if (!field || (field.sendWhen && !field.sendWhen(values))) return null;
        const label = labelOf(name, field);
        const value = values[name];
        const summary = fieldInputs[field.type].summary;
        return summary ? (
          <Box key={name} sx={{ display: 'contents' }}>
            {summary({ name, field, label, value })}
          </Box>
        ) : (
          <SummaryLine key={name} label={label} value={formatValue(field, value)} />
        );
      })}
    </Box>
  );
};
