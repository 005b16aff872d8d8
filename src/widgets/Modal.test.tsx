import { act, fireEvent, render, renderHook, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ModalDialog, useModalState } from './Modal';

const renderModal = (props: Partial<Parameters<typeof ModalDialog>[0]> = {}) => {
  const onClose = vi.fn();
  render(
    <ModalDialog open onClose={onClose} title="Delete client" footer={<button>OK</button>} {...props}>
      <p>Body text</p>
    </ModalDialog>,
  );
  return { onClose, dialog: screen.getByRole('dialog'), paper: () => screen.getByRole('dialog') };
};

describe('ModalDialog', () => {
  it('WID-01 has a header, a body and a footer', () => {
    const { dialog } = renderModal();
    expect(dialog.querySelector('[data-part="header"]')).toHaveTextContent('Delete client');
    expect(dialog.querySelector('[data-part="body"]')).toHaveTextContent('Body text');
    expect(dialog.querySelector('[data-part="footer"]')).toHaveTextContent('OK');
    expect(dialog).toHaveAccessibleName('Delete client');
  });

  it('WID-02 is centred in the viewport', () => {
    const { dialog } = renderModal();
    const container = dialog.parentElement!;
    expect(container).toHaveClass('MuiDialog-container');
    const style = getComputedStyle(container);
    expect(style.alignItems).toBe('center');
    expect(style.justifyContent).toBe('center');
  });

  it('WID-03 is dragged by its header', () => {
    const { dialog } = renderModal();
    const header = dialog.querySelector('[data-part="header"]')!;
    fireEvent.pointerDown(header, { clientX: 10, clientY: 10 });
    fireEvent.pointerMove(window, { clientX: 60, clientY: 30 });
    fireEvent.pointerUp(window);
    expect(dialog.style.transform).toBe('translate(50px, 20px)');
    fireEvent.pointerMove(window, { clientX: 200, clientY: 200 }); // released: no longer follows
    expect(dialog.style.transform).toBe('translate(50px, 20px)');
    fireEvent.pointerDown(dialog.querySelector('[data-part="body"]')!, { clientX: 0, clientY: 0 });
    fireEvent.pointerMove(window, { clientX: 100, clientY: 100 });
    expect(dialog.style.transform).toBe('translate(50px, 20px)'); // only the header drags
  });

  it('WID-04 closes on Escape', () => {
    const { dialog, onClose } = renderModal();
    fireEvent.keyDown(dialog, { key: 'Escape' });
    expect(onClose).toHaveBeenCalled();
  });

  it('WID-05 offers maximize only when asked, and toggles full screen', async () => {
    renderModal({ maximizable: true });
    expect(screen.getByRole('dialog')).not.toHaveClass('MuiDialog-paperFullScreen');
    fireEvent.click(screen.getByRole('button', { name: 'Maximize' }));
    await waitFor(() => expect(screen.getByRole('dialog')).toHaveClass('MuiDialog-paperFullScreen'));
    fireEvent.click(screen.getByRole('button', { name: 'Restore' }));
    await waitFor(() => expect(screen.getByRole('dialog')).not.toHaveClass('MuiDialog-paperFullScreen'));
  });

  it('WID-05 without maximizable there is no maximize button', () => {
    renderModal();
    expect(screen.queryByRole('button', { name: 'Maximize' })).not.toBeInTheDocument();
  });

  it('WID-06 the modal state holds type, title and icon', () => {
    const { result } = renderHook(() => useModalState());
    expect(result.current.state.open).toBe(false);
    act(() => result.current.show({ type: 'warning', title: 'Careful', icon: 'Warning' }));
    expect(result.current.state).toEqual({ open: true, type: 'warning', title: 'Careful', icon: 'Warning' });
    act(() => result.current.close());
    expect(result.current.state).toMatchObject({ open: false, type: 'warning', title: 'Careful' });
  });

  it('WID-61 the modal sits at layer 1100', () => {
    renderModal();
    const root = document.querySelector('.MuiDialog-root')!;
    expect(getComputedStyle(root).zIndex).toBe('1100');
  });
});
