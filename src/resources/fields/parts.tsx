/** Small display parts used by `fieldFor`: chips of related records and an embedded group. */
import { lazy, Suspense } from 'react';
import { Box, Typography } from '@mui/material';
import { RecordContextProvider } from 'react-admin';
import type { Field } from '../../../schemas/define';
import { representRecord } from '../format';
import { labelOf } from '../schemaUtils';
import { fieldFor } from './index';

const Chips = lazy(() => import('./chips'));

/**
 * Related records as chips, each labelled by the target's representation. The chips' code loads
 * with the first such value (first-load size); until then the same labels show as plain text.
 */
export const ChipsValue = ({ items, template }: { items: unknown; template?: string }) =>
  Array.isArray(items) && items.length > 0 ? (
    <Suspense fallback={<span>{items.map((item) => representRecord(template, item)).join(', ')}</span>}>
      <Chips items={items} template={template} />
    </Suspense>
  ) : null;

/** A value object as a small labelled group (the client's bank account, CLI-02). */
export const EmbeddedValue = ({ fields, value }: { fields: Record<string, Field>; value: unknown }) => {
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
              {fieldFor(name, fd)}
            </Typography>
          </Box>
        ))}
      </Box>
    </RecordContextProvider>
  );
};
