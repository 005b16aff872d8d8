import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Button } from '@mui/material';
import { AdminContext } from 'react-admin';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useLongAction, type LongActionOptions } from './useLongAction';

// the notifications, as react-admin's notify receives them
const notified = vi.hoisted(() => [] as Array<[string, unknown]>);
vi.mock('react-admin', async (original) => ({
  ...(await original<typeof import('react-admin')>()),
  useNotify: () => (message: string, options?: unknown) => notified.push([message, options]),
}));

afterEach(cleanup);
beforeEach(() => {
  notified.length = 0;
});

/** A promise the test settles. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

function Calculate({ action, options }: { action: () => Promise<number>; options?: LongActionOptions<number> }) {
  const { run, busy } = useLongAction(action, options);
  return (
    <Button loading={busy} onClick={() => void run()}>
      Calculate
    </Button>
  );
}

const button = () => screen.getByRole('button', { name: 'Calculate' });

describe('useLongAction', () => {
  it('a running calculation shows its progress in the button, takes no second click, and notifies at the end', async () => {
    const answer = deferred<number>();
    const action = vi.fn(() => answer.promise);
    render(
      <AdminContext>
        <Calculate action={action} options={{ success: (n) => ({ message: 'bureau.test.done', args: { n } }) }} />
      </AdminContext>,
    );
    fireEvent.click(button());
    await waitFor(() => expect(button()).toBeDisabled());
    expect(screen.getByRole('progressbar')).toBeTruthy();
    fireEvent.click(button());
    expect(action).toHaveBeenCalledTimes(1);
    await act(async () => answer.resolve(42));
    await waitFor(() => expect(button()).toBeEnabled());
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(notified).toEqual([['bureau.test.done', { type: 'success', messageArgs: { n: 42 } }]]);
  });

  it("a failing calculation re-enables the button and notifies the server's message", async () => {
    const answer = deferred<number>();
    render(
      <AdminContext>
        <Calculate action={() => answer.promise} options={{ failure: 'bureau.test.failed' }} />
      </AdminContext>,
    );
    fireEvent.click(button());
    await waitFor(() => expect(button()).toBeDisabled());
    await act(async () => answer.reject(new Error('Period 2026-10 is closed')));
    await waitFor(() => expect(button()).toBeEnabled());
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(notified).toEqual([['Period 2026-10 is closed', { type: 'error' }]]);
  });

  it('an error without a message is notified with the failure text; a cancelled one is not notified', async () => {
    const failures = [new Error(''), new DOMException('stopped', 'AbortError')];
    render(
      <AdminContext>
        <Calculate action={() => Promise.reject(failures.shift())} options={{ failure: 'bureau.test.failed' }} />
      </AdminContext>,
    );
    fireEvent.click(button());
    await waitFor(() => expect(notified).toEqual([['bureau.test.failed', { type: 'error' }]]));
    await waitFor(() => expect(button()).toBeEnabled());
    fireEvent.click(button());
    await waitFor(() => expect(failures).toHaveLength(0));
    await waitFor(() => expect(button()).toBeEnabled());
    expect(notified).toHaveLength(1);
  });
});
