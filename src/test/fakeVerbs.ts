import { vi } from 'vitest';
import type { ActionParams, RouteParams } from '../../dataProvider/index';

/**
 * A call a screen made to the data provider's `action` or `request` verb, without its abort
 * signal (how it becomes an address: dataProvider/actions.test.ts).
 */
export type Call = { verb: 'action' | 'request'; resource: string } & Omit<ActionParams & RouteParams, 'signal'>;

/**
 * The data provider's `action` and `request` verbs answered by `answer` (the rows of a list
 * route, the body of any other; an `Error` is thrown as the server's refusal), recording each call
 * in `calls`, in order.
 * @example
 * const { calls, verbs } = fakeVerbs((c) => (c.resource === 'invoices' ? [] : {}));
 * renderAdmin('/invoices', schemas, data, () => true, (dp) => ({ ...dp, ...verbs }));
 */
export const fakeVerbs = (answer: (call: Call) => unknown = () => ({})) => {
  const calls: Call[] = [];
  const verb =
    (name: Call['verb']) =>
    async (resource: string, { signal: _signal, ...params }: ActionParams | RouteParams) => {
      const call = { verb: name, resource, ...params } as Call;
      calls.push(call);
      const data = answer(call);
      if (data instanceof Error) throw data;
      return { data, response: {} };
    };
  return { calls, verbs: { action: vi.fn(verb('action')), request: vi.fn(verb('request')) } };
};
