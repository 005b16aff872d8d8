/**
 * The status of a record on its card: a chip with the current status, one button per move the
 * user may take (`rules.ts`), each asking for a comment in a dialog (required when the transition
 * says so) and refreshing the record afterwards, and the history below.
 */
import { Box, Button, Chip, Stack } from '@mui/material';
import ArrowForward from '@mui/icons-material/ArrowForward';
import { useState } from 'react';
import { useRecordContext, useRefresh } from 'react-admin';
import type { EntitySchema } from '../../../schemas/define';
import { humanize } from '../../../schemas/define';
import { useResourceAccess } from '../access';
import { useStatusEntries } from './hooks';
import { MoveDialog } from './MoveDialog';
import { currentEntry, movesFrom, type StatusMove } from './rules';
import { StatusHistory } from './StatusHistory';

/** The status chip, the move buttons and the history of the record in context. */
export const StatusPanel = ({ schema }: { schema: EntitySchema }) => {
  const record = useRecordContext();
  const canAccess = useResourceAccess();
  const entries = useStatusEntries(schema);
  const refresh = useRefresh();
  const [open, setOpen] = useState<StatusMove | undefined>();
  if (!record || !schema.status) return null;
  const current = currentEntry(schema, record);
  const label = schema.fields[schema.status.field]?.label ?? humanize(schema.status.field);
  const moves = movesFrom(schema, current?.code, canAccess);
  const nameOf = (code: number) => entries.get(code)?.gname ?? String(code);
  return (
    <Box component="section" aria-label={label} sx={{ px: 2, pt: 2 }}>
      <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <Chip color="primary" label={`${label}: ${current?.gname ?? '-'}`} data-testid="status-chip" />
        {moves.map((m) => (
          <Button key={m.code} size="small" variant="outlined" startIcon={<ArrowForward />} onClick={() => setOpen(m)}>
            {nameOf(m.code)}
          </Button>
        ))}
      </Stack>
      {open && (
        <MoveDialog
          schema={schema}
          record={record}
          move={open}
          target={nameOf(open.code)}
          onClose={() => setOpen(undefined)}
          onMoved={() => {
            setOpen(undefined);
            refresh();
          }}
        />
      )}
      <StatusHistory schema={schema} />
    </Box>
  );
};
