import { useState } from 'react';
import { useNotify, useRefresh } from 'react-admin';
import { useHttpClient } from '../resources/status/hooks';

/**
 * Sends one request of a document's flow (send to verification, act, recalculate...) and refreshes
 * the card; a refusal (the server's 4xx message) is notified and nothing changes on screen.
 *
 * @returns `send(url, method, body?)` resolving to whether the server accepted it, and `busy`
 *   while a request is under way (buttons disable themselves meanwhile)
 * @example
 * const { send, busy } = useFlowRequest();
 * <Button disabled={busy} onClick={() => send(`${CORE_API}/invoices/${id}/act`, 'PATCH')}>Act</Button>
 */
export const useFlowRequest = () => {
  const httpClient = useHttpClient();
  const notify = useNotify();
  const refresh = useRefresh();
  const [busy, setBusy] = useState(false);
  const send = async (url: string, method: 'POST' | 'PATCH', body?: unknown): Promise<boolean> => {
    setBusy(true);
    try {
      await httpClient(url, { method, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
      refresh();
      return true;
    } catch (e) {
      notify((e as Error).message || 'The change was refused', { type: 'error' });
      return false;
    } finally {
      setBusy(false);
    }
  };
  return { send, busy };
};
