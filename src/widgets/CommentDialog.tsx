/**
 * A confirmation that asks for a comment: a status move ("Move the deal stage to ..."), an
 * approval decision. A multi-line field of at most 1,000 characters, marked and enforced as
 * required when the action needs one (the confirm button stays disabled until it has text);
 * Cancel or Escape writes nothing. The comment is handed over trimmed, null when empty, and the
 * confirm button shows it is working (and takes no second click) while `onConfirm` runs.
 *
 * @example
 * <CommentDialog title="Reject this step" required requiredHint="A rejection needs a comment"
 *   confirmLabel="Reject" confirmColor="error" onCancel={close} onConfirm={(comment) => solve(3, comment)} />
 */
import { Button, Dialog, DialogActions, DialogContent, DialogTitle, TextField } from '@mui/material';
import { useId, useState, type MouseEvent } from 'react';
import { useTranslate } from 'react-admin';

/** The longest comment, in characters. */
export const COMMENT_MAX_LENGTH = 1000;

export interface CommentDialogProps {
  title: string;
  /** The action needs a comment. */
  required?: boolean;
  /** Shown under the field when the comment is required. */
  requiredHint?: string;
  confirmLabel: string;
  confirmColor?: 'primary' | 'success' | 'error';
  onCancel: () => void;
  /** Runs the action with the comment (trimmed; null when empty). */
  onConfirm: (comment: string | null) => Promise<void>;
}

const stop = (e: MouseEvent) => e.stopPropagation();

export const CommentDialog = ({
  title,
  required = false,
  requiredHint,
  confirmLabel,
  confirmColor = 'primary',
  onCancel,
  onConfirm,
}: CommentDialogProps) => {
  const translate = useTranslate();
  const titleId = useId();
  const [comment, setComment] = useState('');
  const [busy, setBusy] = useState(false);
  const confirm = async () => {
    if (busy) return;
    setBusy(true);
    try {
      await onConfirm(comment.trim() || null);
    } finally {
      setBusy(false);
    }
  };
  return (
    // clicks stay in the dialog: it may be opened from a clickable row or card
    <Dialog open onClose={onCancel} fullWidth maxWidth="sm" aria-labelledby={titleId} onClick={stop}>
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent>
        <TextField
          autoFocus
          fullWidth
          multiline
          minRows={2}
          margin="dense"
          label={`${translate('bureau.comment.label')}${required ? ' *' : ''}`}
          value={comment}
          onChange={(e) => setComment(e.target.value)}
          slotProps={{ htmlInput: { maxLength: COMMENT_MAX_LENGTH } }}
          helperText={required ? requiredHint : undefined}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel}>{translate('ra.action.cancel')}</Button>
        <Button
          variant="contained"
          color={confirmColor}
          onClick={() => void confirm()}
          loading={busy}
          disabled={required && comment.trim() === ''}
        >
          {confirmLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
};
