import { act, fireEvent, render as renderDom, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { AdminContext } from 'react-admin';
import { describe, expect, it, vi } from 'vitest';
import { i18nProvider } from '../i18n';
import { CommentDialog } from './CommentDialog';

const render = (dialog: ReactNode) => renderDom(<AdminContext i18nProvider={i18nProvider}>{dialog}</AdminContext>);

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

  it('the confirm button shows its progress while the action runs and takes no second click', async () => {
    let finish!: () => void;
    const onConfirm = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    render(
      <CommentDialog
        title="Approve this step"
        confirmLabel="Approve"
        onCancel={() => undefined}
        onConfirm={onConfirm}
      />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Approve' })).toBeDisabled());
    expect(screen.getByRole('progressbar')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Approve' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
    await act(async () => finish());
    await waitFor(() => expect(screen.getByRole('button', { name: 'Approve' })).toBeEnabled());
    expect(screen.queryByRole('progressbar')).toBeNull();
  });
});
