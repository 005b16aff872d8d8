import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { AdminContext } from 'react-admin';
import { useState } from 'react';
import { ConfirmProvider, useConfirm } from './useConfirm';

const Asker = () => {
  const confirm = useConfirm();
  const [answer, setAnswer] = useState('none');
  return (
    <>
      <button onClick={() => void confirm({ title: 'Delete this client?' }).then((ok) => setAnswer(String(ok)))}>
        ask
      </button>
      <p>answer: {answer}</p>
    </>
  );
};

describe('confirmation dialog', () => {
  afterEach(cleanup);

  it('SHELL-05 is loaded on first use and resolves the answer', async () => {
    render(
      <AdminContext>
        <ConfirmProvider>
          <Asker />
        </ConfirmProvider>
      </AdminContext>,
    );
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    fireEvent.click(screen.getByText('ask'));
    expect(await screen.findByRole('dialog')).toHaveTextContent('Delete this client?');
    fireEvent.click(screen.getByRole('button', { name: /confirm/i }));
    expect(await screen.findByText('answer: true')).toBeInTheDocument();

    fireEvent.click(screen.getByText('ask'));
    fireEvent.click(await screen.findByRole('button', { name: /cancel/i }));
    expect(await screen.findByText('answer: false')).toBeInTheDocument();
  });
});
