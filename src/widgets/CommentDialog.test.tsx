import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { CommentDialog } from './CommentDialog';

describe('CommentDialog', () => {
  it('LEAD-10 a required comment keeps the action disabled until it has text, then hands it over trimmed', async () => {
    const onConfirm = vi.fn(async () => undefined);
    render(
      <CommentDialog
        title="Move the deal stage"
        required
        requiredHint="This move needs a comment"
        confirmLabel="Move"
        onCancel={() => undefined}
        onConfirm={onConfirm}
      />,
    );
    expect(screen.getByRole('dialog', { name: 'Move the deal stage' })).toHaveTextContent('This move needs a comment');
    const move = screen.getByRole('button', { name: 'Move' });
    expect(move).toBeDisabled();
    fireEvent.change(screen.getByLabelText('Comment *'), { target: { value: '   ' } });
    expect(move).toBeDisabled();
    fireEvent.change(screen.getByLabelText('Comment *'), { target: { value: '  Signed the NDA ' } });
    fireEvent.click(move);
    await waitFor(() => expect(onConfirm).toHaveBeenCalledWith('Signed the NDA'));
  });

  it('CONST-05 an optional comment left empty is sent as null; Cancel confirms nothing', async () => {
    const onConfirm = vi.fn(async () => undefined);
    const onCancel = vi.fn();
    render(
      <CommentDialog title="Approve this step" confirmLabel="Approve" onCancel={onCancel} onConfirm={onConfirm} />,
    );
    expect(screen.getByLabelText('Comment')).toHaveAttribute('maxlength', '1000');
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onCancel).toHaveBeenCalled();
    expect(onConfirm).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(onConfirm).toHaveBeenCalledWith(null));
  });
});
