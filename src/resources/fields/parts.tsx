/** Small display parts used by `fieldFor`: chips of related records and an embedded group. */
import { Box, Chip, Stack, Typography } from '@mui/material';
import { RecordContextProvider } from 'react-admin';
import type { Field } from '../../../schemas/define';
import { representRecord } from '../format';
import { labelOf } from '../schemaUtils';
import { fieldFor } from './index';

/** Related records as chips, each labelled by the target's representation. */
export const ChipsValue = ({ items, template }: { items: unknown; template?: string }) =>
  Array.isArray(items) && items.length > 0 ? (
    <Stack direction="row" spacing={0.5} useFlexGap flexWrap="wrap" component="span">
      {items.map((item, i) => (
        <Chip key={(item as { id?: string })?.id ?? i} size="small" label={representRecord(template, item)} />
      ))}
    </Stack>
  ) : null;

/** A value object as a small labelled group (the client's bank account, CLI-02). */
export const EmbeddedValue = ({ fields, value }: { fields: Record<string, Field>; value: unknown }) => {
  if (value == null || typeof value !== 'object') return null;
  return (
    <RecordContextProvider value={value as { id: string }}>
      <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: 2, rowGap: 0.5, m: 0 }}>
        {Object.entries(fields).map(([name, fd]) => (
          <Box key={name} sx={{ display: 'contents' }}>
            <Typography component="dt" variant="body2" color="text.secondary">
              {labelOf(name, fd)}
            </Typography>
            <Typography component="dd" variant="body2" sx={{ m: 0 }}>
              {fieldFor(name, fd)}
            </Typography>
          </Box>
        ))}
      </Box>
    </RecordContextProvider>
  );
};
