import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { AdminContext, type DataProvider } from 'react-admin';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { invoices } from '../../../schemas/billing/invoices';
import { i18nProvider } from '../../i18n';
import { InvoiceFlowButtons } from './FlowButtons';

const notified = vi.hoisted(() => [] as Array<[string, unknown]>);
vi.mock('react-admin', async (original) => ({
  ...(await original<typeof import('react-admin')>()),
  useNotify: () => (message: string, options?: unknown) => notified.push([message, options]),
}));

afterEach(cleanup);
beforeEach(() => {
  notified.length = 0;
});

/** The buttons of a draft invoice over an HTTP client whose answers the test settles. */
function renderDraft() {
  const answers: Array<{ url: string; resolve: () => void; reject: (e: Error) => void }> = [];
  const httpClient = vi.fn(
    (url: string) =>
      new Promise((resolve, reject) =>
        answers.push({ url, resolve: () => resolve({ status: 200, headers: new Headers(), json: {} }), reject }),
      ),
  );
  render(
    <AdminContext dataProvider={{ httpClient } as unknown as DataProvider} i18nProvider={i18nProvider}>
      <InvoiceFlowButtons schema={invoices} record={{ id: 7, status: { code: 1 } }} />
    </AdminContext>,
  );
  return { answers, httpClient };
}

const button = (name: string) => screen.getByRole('button', { name });

describe('the invoice flow buttons while a request runs', () => {
  it('INV-23 a recalculation shows its progress, blocks the flow buttons, and says when it is done', async () => {
    const { answers, httpClient } = renderDraft();
    fireEvent.click(button('Recalculate'));
    await waitFor(() => expect(button('Recalculate')).toBeDisabled());
    expect(button('Send to verification')).toBeDisabled();
    expect(screen.getByRole('progressbar')).toBeTruthy();
    fireEvent.click(button('Recalculate'));
    expect(httpClient).toHaveBeenCalledTimes(1);
    await act(async () => answers[0]!.resolve());
    await waitFor(() => expect(button('Recalculate')).toBeEnabled());
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(notified).toEqual([['bureau.billing.recalculated', { type: 'success', messageArgs: undefined }]]);
  });

  it("INV-23 a refused recalculation re-enables the buttons and shows the server's message", async () => {
    const { answers } = renderDraft();
    fireEvent.click(button('Recalculate'));
    await waitFor(() => expect(answers).toHaveLength(1));
    await act(async () => answers[0]!.reject(new Error('Only a draft can be recalculated')));
    await waitFor(() => expect(button('Recalculate')).toBeEnabled());
    expect(button('Send to verification')).toBeEnabled();
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(notified).toEqual([['Only a draft can be recalculated', { type: 'error' }]]);
  });
});
