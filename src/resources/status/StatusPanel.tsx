/**
 * The status of a record on its card: a chip with the current status, one button per move the
 * user may take (`rules.ts`), each asking for a comment in a dialog (required when the transition
 * says so) and refreshing the record afterwards, and the history below.
 */
import { Box, Button, Chip, Dialog, DialogActions, DialogContent, DialogTitle, Stack, TextField } from '@mui/material';
import ArrowForward from '@mui/icons-material/ArrowForward';
import { useState } from 'react';
import { useNotify, useRecordContext, useRefresh } from 'react-admin';
import type { EntitySchema } from '../../../schemas/define';
import { humanize } from '../../../schemas/define';
import { useResourceAccess } from '../access';
import { useHttpClient, useStatusEntries } from './hooks';
import { currentEntry, movesFrom, statusUrl, type StatusMove } from './rules';
import { StatusHistory } from './StatusHistory';

interface MoveDialogProps {
  schema: EntitySchema;
  move: StatusMove;
  target: string;
  onClose: () => void;
}

const MoveDialog = ({ schema, move, target, onClose }: MoveDialogProps) => {
  const record = useRecordContext();
  const httpClient = useHttpClient();
  const notify = useNotify();
  const refresh = useRefresh();
  const [comment, setComment] = useState('');
  const [busy, setBusy] = useState(false);
  const required = move.transition.comment === 'required';
  const what = (schema.fields[schema.status!.field]?.label ?? humanize(schema.status!.field)).toLowerCase();
  const submit = async () => {
    if (!record) return;
    setBusy(true);
    try {
      const version = record[schema.lockProperty];
      await httpClient(statusUrl(schema, record.id, 'transitions'), {
        method: 'POST',
        headers: version === undefined ? {} : { 'If-Match': `"${String(version)}"` },
        body: { to: move.code, comment: comment.trim() || null },
      });
      notify(`Moved to "${target}"`, { type: 'success' });
      onClose();
      refresh();
    } catch (e) {
      notify((e as Error).message || 'The move was refused', { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="status-move-title">
      <DialogTitle id="status-move-title">{`Move the ${what} to "${target}"`}</DialogTitle>
      <DialogContent>
        <TextField
          autoFocus
          fullWidth
          multiline
          minRows={2}
          margin="dense"
          label={required ? 'Comment *' : 'Comment'}
          value={comment}
          onChange={(e) => setComment(e.target.value)}
          slotProps={{ htmlInput: { maxLength: 1000 } }}
          helperText={required ? 'This move needs a comment' : undefined}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button variant="contained" onClick={submit} disabled={busy || (required && comment.trim() === '')}>
          Move
        </Button>
      </DialogActions>
    </Dialog>
  );
};

/** The status chip, the move buttons and the history of the record in context. */
export const StatusPanel = ({ schema }: { schema: EntitySchema }) => {
  const record = useRecordContext();
  const canAccess = useResourceAccess();
  const entries = useStatusEntries(schema);
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
      {open && <MoveDialog schema={schema} move={open} target={nameOf(open.code)} onClose={() => setOpen(undefined)} />}
      <StatusHistory schema={schema} />
    </Box>
  );
};
