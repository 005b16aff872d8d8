/**
 * The hook through which components call a schema's declared actions (`dataProvider.action`,
 * dataProvider/actions.ts): react-admin's custom-method convention - the data provider's verb in
 * a react-query mutation - with react-admin's notify and refresh around it.
 */
import { useMutation } from '@tanstack/react-query';
import { useRef } from 'react';
import { useDataProvider, useLocaleState, useNotify, useRefresh } from 'react-admin';
import type { ScreenText } from '../../schemas/define';
import type { ActionParams, ActionResult, SpringDataProvider } from '../../dataProvider/index';

/** What the user is told and what happens after an action. */
export interface UseActionOptions<T = unknown> {
  /**
   * Notified (type `success`) when the server accepts: a {@link ScreenText}, or a function of the
   * answer giving a message (a key or text) with its arguments, or nothing to say.
   */
  success?: ScreenText | ((result: ActionResult<T>) => { message: string; args?: Record<string, unknown> } | undefined);
  /** Notified when the call fails with no message of its own; default `bureau.progress.failed`. */
  failure?: ScreenText;
  /** Refetch the page's queries after success (the card shows the new state); default true. */
  refresh?: boolean;
}

/** A {@link ScreenText} as a string for the active language (a key is left for `translate`). */
export function useScreenText(): (text: ScreenText) => string {
  const [locale] = useLocaleState();
  return (text) => (typeof text === 'string' ? text : locale === 'ru' ? text.ru : text.en);
}

/** The data provider with its custom verbs, as `useDataProvider` hands it out. */
export const useSpringDataProvider = (): SpringDataProvider => useDataProvider() as unknown as SpringDataProvider;

const isAbort = (error: unknown) => error instanceof DOMException && error.name === 'AbortError';

/**
 * Calls declared actions of `resource`, one at a time: a second `run` while one is under way sends
 * nothing and resolves undefined. Success is notified (when `success` says something) and the page
 * refreshed; a failure is notified with the server's message (or `failure`) and resolves undefined,
 * as does a cancelled call (not notified). Never rejects.
 *
 * @returns `run(params, options?)` resolving the answer ({@link ActionResult}) or undefined;
 *   `busy` while a call runs; `pending`, the running action's name (for the clicked button's spinner)
 * @example
 * const { run, busy, pending } = useAction('invoices', { success: 'bureau.billing.acted' });
 * <Button disabled={busy} loading={pending === 'act'} onClick={() => void run({ name: 'act', id: record.id })}>Act</Button>
 */
export function useAction<T = unknown>(resource: string, options: UseActionOptions<T> = {}) {
  const dataProvider = useSpringDataProvider();
  const notify = useNotify();
  const refresh = useRefresh();
  const screenText = useScreenText();
  const running = useRef(false);
  const mutation = useMutation({
    mutationFn: (params: ActionParams) => dataProvider.action<T>(resource, params),
  });

  const run = async (
    params: ActionParams,
    overrides: UseActionOptions<T> = {},
  ): Promise<ActionResult<T> | undefined> => {
    if (running.current) return undefined;
    running.current = true;
    const opts = { ...options, ...overrides };
    try {
      const result = await mutation.mutateAsync(params);
      if (opts.refresh !== false) refresh();
      const said =
        typeof opts.success === 'function'
          ? opts.success(result)
          : opts.success === undefined
            ? undefined
            : { message: screenText(opts.success) };
      if (said) notify(said.message, { type: 'success', messageArgs: said.args });
      return result;
    } catch (error) {
      if (!isAbort(error)) {
        const fallback = opts.failure === undefined ? 'bureau.progress.failed' : screenText(opts.failure);
        notify((error as Error | undefined)?.message || fallback, { type: 'error' });
      }
      return undefined;
    } finally {
      running.current = false;
    }
  };
  return { run, busy: mutation.isPending, pending: mutation.isPending ? (mutation.variables?.name ?? null) : null };
}
