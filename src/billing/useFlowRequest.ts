import { useState } from 'react';
import { useRefresh } from 'react-admin';
import { useHttpClient } from '../resources/status/hooks';
import { useLongAction } from '../widgets/useLongAction';

/** What one step of a flow sends and says. */
export interface FlowStep {
  /** The JSON body, if the step takes one. */
  body?: unknown;
  /** Notified when the server accepted the step: a `bureau.*` key or a text. */
  success?: string;
}

/**
 * Sends one request of a document's flow (send to verification, act, recalculate...) and refreshes
 * the card; a refusal (the server's 4xx message) is notified and nothing changes on screen. One
 * request at a time (`useLongAction`): a second click while one runs sends nothing.
 *
 * @returns `send(url, method, step?)` resolving to whether the server accepted it; `busy` while a
 *   request is under way (the buttons disable themselves meanwhile) and `pending`, its URL, so the
 *   clicked button shows it is working
 * @example
 * const { send, busy, pending } = useFlowRequest();
 * const url = `${CORE_API}/invoices/${id}/act`;
 * <Button disabled={busy} loading={pending === url} onClick={() => send(url, 'PATCH', { success: 'bureau.billing.acted' })}>Act</Button>
 */
export const useFlowRequest = () => {
  const httpClient = useHttpClient();
  const refresh = useRefresh();
  const [pending, setPending] = useState<string | null>(null);
  const { run, busy } = useLongAction(
    async (url: string, method: 'POST' | 'PATCH', step: FlowStep) => {
      setPending(url);
      try {
        const body = step.body;
        await httpClient(url, { method, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
        refresh();
        return { said: step.success };
      } finally {
        setPending(null);
      }
    },
    { success: ({ said }) => (said ? { message: said } : undefined), failure: 'bureau.billing.refused' },
  );
  const send = async (url: string, method: 'POST' | 'PATCH', step: FlowStep = {}): Promise<boolean> =>
    (await run(url, method, step)) !== undefined;
  return { send, busy, pending };
};
