import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { AdminContext } from 'react-admin';

const loaded = vi.hoisted(() => ({ count: 0 }));
vi.mock('./ConfirmDialog', async (importOriginal) => {
  loaded.count += 1;
  return importOriginal();
});

describe('confirmation dialog loading', () => {
  afterEach(cleanup);

  it("SHELL-05 the dialog's code is not loaded until the first confirmation", async () => {
    const { ConfirmProvider, useConfirm } = await import('./useConfirm');
    const Asker = () => {
      const confirm = useConfirm();
      return <button onClick={() => void confirm({ title: 'Delete?' })}>ask</button>;
    };
    render(
      <AdminContext>
        <ConfirmProvider>
          <Asker />
        </ConfirmProvider>
      </AdminContext>,
    );
    expect(loaded.count).toBe(0);
    fireEvent.click(screen.getByText('ask'));
    expect(await screen.findByRole('dialog')).toHaveTextContent('Delete?');
    expect(loaded.count).toBe(1);
  });
});
