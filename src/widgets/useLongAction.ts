import { useCallback, useRef, useState } from 'react';
import { useNotify } from 'react-admin';

/** What `useLongAction` tells the user when the action ends. */
export interface LongActionOptions<T> {
  /**
   * Notified (type `success`) when the action resolves: a translation key or a text, or a function
   * of the result giving one with its arguments, or nothing to say.
   */
  success?: string | ((result: T) => { message: string; args?: Record<string, unknown> } | undefined);
  /**
   * Notified (type `error`) when the action fails with an error that has no message of its own:
   * a translation key or a text. Default `bureau.progress.failed`. An error with a message (the
   * server's words, through the HTTP client's `HttpError`) is shown as it is.
   */
  failure?: string;
}

/** The state of a long action: `run` starts it, `busy` is true while it runs. */
export interface LongAction<A extends unknown[], T> {
  /**
   * Runs the action unless it is already running (a second click while it runs does nothing and
   * resolves `undefined`). Resolves the action's result, or `undefined` when it failed or was
   * cancelled (an `AbortError`, which is not notified); never rejects.
   */
  run: (...args: A) => Promise<T | undefined>;
  busy: boolean;
}

const isAbort = (error: unknown) => error instanceof DOMException && error.name === 'AbortError';

/**
 * One action that may take more than a moment (a calculation, a document, a download, a flow
 * step): `busy` while it runs, for a button's `loading` or a progress line, no second run while
 * one is under way, and a notification at the end — the success message when given, the error's
 * message (or `failure`) on an error. The page stays usable meanwhile.
 *
 * @example
 * const { run, busy } = useLongAction(() => httpClient(url, { method: 'PATCH' }), {
 *   success: 'bureau.billing.recalculated',
 *   failure: 'bureau.billing.refused',
 * });
 * <Button loading={busy} onClick={() => void run()}>Recalculate</Button>
 */
export function useLongAction<A extends unknown[], T>(
  action: (...args: A) => Promise<T>,
  options: LongActionOptions<T> = {},
): LongAction<A, T> {
  const notify = useNotify();
  const running = useRef(false);
  const [busy, setBusy] = useState(false);
  const latest = useRef({ action, options });
  latest.current = { action, options };
  const run = useCallback(
    async (...args: A): Promise<T | undefined> => {
      if (running.current) return undefined;
      running.current = true;
      setBusy(true);
      const { action: act, options: opts } = latest.current;
      try {
        const result = await act(...args);
        const said =
          typeof opts.success === 'function' ? opts.success(result) : opts.success && { message: opts.success };
        if (said) notify(said.message, { type: 'success', messageArgs: said.args });
        return result;
      } catch (error) {
        if (!isAbort(error)) {
          notify((error as Error | undefined)?.message || opts.failure || 'bureau.progress.failed', { type: 'error' });
        }
        return undefined;
      } finally {
        running.current = false;
        setBusy(false);
      }
    },
    [notify],
  );
  return { run, busy };
}
