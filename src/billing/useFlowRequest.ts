import { useState } from 'react';
import { useRefresh } from 'react-admin';
import type { ActionParams } from '../../dataProvider/index';
import { useSpringDataProvider } from '../resources/useAction';
import { useLongAction } from '../widgets/useLongAction';

/** What one step of a flow sends and says. */
export interface FlowStep {
  /** Notified when the server accepted the step: a `bureau.*` key or a text. */
  success?: string;
}

/**
 * Calls one declared action of a document's flow (send to verification, act, close...) and refreshes
 * the card; a refusal (the server's 4xx message) is notified and nothing changes on screen. One
 * request at a time (`useLongAction`): a second click while one runs sends nothing.
 *
 * @returns `send(resource, params, step?)` resolving to whether the server accepted it; `busy` while
 *   a request is under way (the buttons disable themselves meanwhile) and `pending`, the action's
 *   name, so the clicked button shows it is working
 * @example
 * const { send, busy, pending } = useFlowRequest();
 * <Button disabled={busy} loading={pending === 'act'} onClick={() => send('preInvoices', { name: 'act', id }, { success: 'bureau.billing.acted' })}>Act</Button>
 */
export const useFlowRequest = () => {
  const dataProvider = useSpringDataProvider();
  const refresh = useRefresh();
  const [pending, setPending] = useState<string | null>(null);
  const { run, busy } = useLongAction(
    async (resource: string, params: ActionParams, step: FlowStep) => {
      setPending(params.name);
      try {
        await dataProvider.action(resource, params);
        refresh();
        return { said: step.success };
      } finally {
        setPending(null);
      }
    },
    { success: ({ said }) => (said ? { message: said } : undefined), failure: 'bureau.billing.refused' },
  );
  const send = async (resource: string, params: ActionParams, step: FlowStep = {}): Promise<boolean> =>
    (await run(resource, params, step)) !== undefined;
  return { send, busy, pending };
};
