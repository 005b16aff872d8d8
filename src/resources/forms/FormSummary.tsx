/** What a form will save, as label/value lines (the wizard's complete step, NAV-17). */
import { Box, Typography } from '@mui/material';
import { useGetOne } from 'react-admin';
import { useWatch } from 'react-hook-form';
import type { EntitySchema, Field, WireRecord } from '../../../schemas/define';
import { findSchema } from '../../../schemas/index';
import { formatValue, representRecord } from '../format';
import { labelOf, targetRepresentation, targetRoute } from '../schemaUtils';

const Line = ({ label, value }: { label: string; value: string }) => (
  <Box sx={{ display: 'contents' }}>
    <Typography component="dt" variant="body2" color="text.secondary">
      {label}
    </Typography>
    <Typography component="dd" variant="body2" sx={{ m: 0 }}>
      {value || '—'}
    </Typography>
  </Box>
);

const valueText = (name: string, fd: Field, values: WireRecord): string => {
  const value = values[name];
  if (fd.type === 'children' && Array.isArray(value)) {
    const template = (fd.target && findSchema(fd.target)?.recordRepresentation) || undefined;
    return value.map((v) => representRecord(template, v)).join(', ');
  }
  return formatValue(fd, value, targetRepresentation);
};

/** A reference picked in the form holds only `{ id }`: read its representation (cached by the pick list). */
const RefLine = ({ label, fd, value }: { label: string; fd: Field; value: unknown }) => {
  const id = (value as { id?: string | number } | null)?.id;
  const { data } = useGetOne(targetRoute(fd), { id: id ?? '' }, { enabled: id != null && id !== '' });
  return <Line label={label} value={id == null ? '' : representRecord(targetRepresentation(fd), data ?? value)} />;
};

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
        const fd = schema.fields[name];
        if (!fd || (fd.sendWhen && !fd.sendWhen(values))) return null;
        const label = labelOf(name, fd);
        if (fd.type === 'ref' || fd.type === 'dictionary')
          return <RefLine key={name} label={label} fd={fd} value={values[name]} />;
        if (fd.type === 'embedded') {
          const obj = (values[name] ?? {}) as WireRecord;
          return Object.entries(fd.fields ?? {}).map(([sub, sfd]) => (
            <Line key={`${name}.${sub}`} label={`${label}: ${labelOf(sub, sfd)}`} value={valueText(sub, sfd, obj)} />
          ));
        }
        return <Line key={name} label={label} value={valueText(name, fd, values)} />;
      })}
    </Box>
  );
};
