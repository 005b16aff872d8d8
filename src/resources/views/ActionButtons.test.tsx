import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { AdminContext, type DataProvider, type RaRecord } from 'react-admin';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { invoices } from '../../../schemas/billing/invoices';
import type { EntitySchema } from '../../../schemas/define';
import type { ActionParams } from '../../../dataProvider/index';
import { i18nProvider } from '../../i18n';
import { CanAccessContext, type CanAccess } from '../access';
import { ActionButtons } from './ActionButtons';

const notified = vi.hoisted(() => [] as Array<[string, unknown]>);
vi.mock('react-admin', async (original) => ({
  ...(await original<typeof import('react-admin')>()),
  useNotify: () => (message: string, options?: unknown) => notified.push([message, options]),
}));

afterEach(cleanup);
beforeEach(() => {
  notified.length = 0;
});

/**
 * The declared buttons of `schema` over a data provider whose `action` calls the test settles;
 * `calls` holds what the buttons asked the data provider for.
 */
function renderButtons(
  record: RaRecord | undefined,
  {
    schema = invoices as EntitySchema,
    canAccess = (() => true) as CanAccess,
    place = 'show' as 'show' | 'list',
  }: { schema?: EntitySchema; canAccess?: CanAccess; place?: 'show' | 'list' } = {},
) {
  const answers: Array<{ resolve: () => void; reject: (e: Error) => void }> = [];
  const calls: Array<[string, ActionParams]> = [];
  const action = vi.fn(
    (resource: string, params: ActionParams) =>
      new Promise((resolve, reject) => {
        calls.push([resource, params]);
        answers.push({ resolve: () => resolve({ data: {} }), reject });
      }),
  );
  render(
    <AdminContext dataProvider={{ action } as unknown as DataProvider} i18nProvider={i18nProvider}>
      <CanAccessContext.Provider value={canAccess}>
        <ActionButtons schema={schema} place={place} record={record} />
      </CanAccessContext.Provider>
    </AdminContext>,
  );
  return { answers, calls, action };
}

const button = (name: string) => screen.getByRole('button', { name });
const names = () => screen.queryAllByRole('button').map((b) => b.textContent);

describe('the declared buttons of an action on the card', () => {
  it('INV-23/26 a draft invoice offers Recalculate and Send to verification, and no Act', () => {
    renderButtons({ id: 7, status: { code: 1 } });
    expect(names()).toEqual(['Recalculate', 'Send to verification']);
  });

  it('INV-25 an approved, paid or partly paid invoice not yet signed offers Act only; a signed one nothing', () => {
    renderButtons({ id: 7, status: { code: 4 }, signed: false });
    expect(names()).toEqual(['Act']);
    cleanup();
    renderButtons({ id: 7, status: { code: 6 } });
    expect(names()).toEqual(['Act']);
    cleanup();
    renderButtons({ id: 7, status: { code: 5 }, signed: true });
    expect(names()).toEqual([]);
  });

  it('a user without the action’s privilege (update -> edit) sees none of them', () => {
    const asked: Array<[string, string]> = [];
    renderButtons(
      { id: 7, status: { code: 1 } },
      {
        canAccess: (action, resource) => {
          asked.push([action, resource]);
          return action !== 'edit';
        },
      },
    );
    expect(names()).toEqual([]);
    expect(asked).toContainEqual(['edit', 'invoices']);
  });

  it('INV-23 Recalculate asks the data provider for the action with the record’s id in its path field', async () => {
    const { calls, answers } = renderButtons({ id: 7, status: { code: 1 } });
    fireEvent.click(button('Recalculate'));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]).toEqual(['invoices', { name: 'recalculate', data: { invoiceId: 7 } }]);
    await act(async () => answers[0]!.resolve());
  });

  it('INV-25 Act calls the item action with the record’s id', async () => {
    const { calls, answers } = renderButtons({ id: 9, status: { code: 4 } });
    fireEvent.click(button('Act'));
    await waitFor(() => expect(calls).toEqual([['invoices', { name: 'act', id: 9 }]]));
    await act(async () => answers[0]!.resolve());
    await waitFor(() =>
      expect(notified).toEqual([['bureau.billing.acted', { type: 'success', messageArgs: undefined }]]),
    );
  });

  it('INV-23 a recalculation shows its progress, blocks the buttons, and says when it is done', async () => {
    const { answers, action } = renderButtons({ id: 7, status: { code: 1 } });
    fireEvent.click(button('Recalculate'));
    await waitFor(() => expect(button('Recalculate')).toBeDisabled());
    expect(button('Send to verification')).toBeDisabled();
    expect(screen.getByRole('progressbar')).toBeTruthy();
    fireEvent.click(button('Recalculate'));
    expect(action).toHaveBeenCalledTimes(1);
    await act(async () => answers[0]!.resolve());
    await waitFor(() => expect(button('Recalculate')).toBeEnabled());
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(notified).toEqual([['bureau.billing.recalculated', { type: 'success', messageArgs: undefined }]]);
  });

  it("INV-23 a refused recalculation re-enables the buttons and shows the server's message", async () => {
    const { answers } = renderButtons({ id: 7, status: { code: 1 } });
    fireEvent.click(button('Recalculate'));
    await waitFor(() => expect(answers).toHaveLength(1));
    await act(async () => answers[0]!.reject(new Error('Only a draft can be recalculated')));
    await waitFor(() => expect(button('Recalculate')).toBeEnabled());
    expect(button('Send to verification')).toBeEnabled();
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(notified).toEqual([['Only a draft can be recalculated', { type: 'error' }]]);
  });
});

/** Invoices whose act asks first and whose totals action has a list button, labelled per language. */
const asking: EntitySchema = {
  ...invoices,
  actions: {
    ...invoices.actions,
    act: {
      ...invoices.actions!.act!,
      button: {
        ...invoices.actions!.act!.button!,
        confirm: { en: 'Act this invoice? It cannot be undone.', ru: 'Подписать акт? Это необратимо.' },
      },
    },
    totalAmount: {
      ...invoices.actions!.totalAmount!,
      button: {
        label: { en: 'Count totals', ru: 'Посчитать итоги' },
        on: ['list'],
        success: { en: 'Counted', ru: 'Посчитано' },
      },
    },
  },
};

describe('a declared confirmation and the list’s buttons', () => {
  it('asks the confirmation first: Cancel sends nothing, Confirm sends the action', async () => {
    const { calls, answers } = renderButtons({ id: 9, status: { code: 4 } }, { schema: asking });
    fireEvent.click(button('Act'));
    expect(await screen.findByText('Act this invoice? It cannot be undone.')).toBeTruthy();
    fireEvent.click(button('Cancel'));
    await waitFor(() => expect(screen.queryByText('Act this invoice? It cannot be undone.')).toBeNull());
    expect(calls).toHaveLength(0);
    fireEvent.click(button('Act'));
    fireEvent.click(await screen.findByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(calls).toEqual([['invoices', { name: 'act', id: 9 }]]));
    await act(async () => answers[0]!.resolve());
  });

  it('the list shows only collection actions declared for it, with the label of the active language', async () => {
    const { calls, answers } = renderButtons(undefined, { schema: asking, place: 'list' });
    expect(names()).toEqual(['Count totals']);
    fireEvent.click(button('Count totals'));
    await waitFor(() => expect(calls).toEqual([['invoices', { name: 'totalAmount' }]]));
    await act(async () => answers[0]!.resolve());
    await waitFor(() => expect(notified).toEqual([['Counted', { type: 'success', messageArgs: undefined }]]));
  });
});
