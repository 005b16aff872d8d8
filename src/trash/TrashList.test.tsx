import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { DataProvider, GetListParams } from 'react-admin';
import { ideas } from '../../schemas/index';
import { renderAdmin } from '../resources/testUtils';
import './TrashList';

afterEach(cleanup);

const WAIT = { timeout: 5000 };

/** The data provider's trash calls over one idea in the trash, recorded. */
function withTrash(calls: string[]) {
  let trashed = [
    { id: 7, idea: 'Paperless office', date: '2026-11-01', deletedAt: '2026-11-20T10:00:00Z', deletedBy: 'billing' },
  ];
  return (dp: DataProvider) =>
    ({
      ...dp,
      getList: async (resource: string, params: GetListParams) => {
        if (params.meta?.trash !== true) return dp.getList(resource, params);
        calls.push(`trash ${resource}`);
        return { data: trashed, total: trashed.length };
      },
      restoreFromTrash: async (resource: string, { id }: { id: number }) => {
        calls.push(`restore ${resource} ${id}`);
        trashed = [];
      },
      purgeFromTrash: async (resource: string, { id }: { id: number }) => {
        calls.push(`purge ${resource} ${id}`);
        trashed = [];
      },
    }) as DataProvider;
}

describe('trash page', { timeout: 20_000 }, () => {
  it('trash: the list leads users who may delete to the trash; others see no Trash button', async () => {
    renderAdmin('/ideas', [ideas], { ideas: [{ id: 1, idea: 'Live idea' }] }, () => true);
    expect(await screen.findByRole('link', { name: 'Trash' }, WAIT)).toHaveAttribute('href', '/ideas/trash');
    cleanup();
    renderAdmin('/ideas', [ideas], { ideas: [{ id: 1, idea: 'Live idea' }] }, (action) => action !== 'delete');
    await screen.findByText('Live idea', {}, WAIT);
    expect(screen.queryByRole('link', { name: 'Trash' })).not.toBeInTheDocument();
  });

  it('trash: the trash lists who deleted each record, and Restore asks first, then restores', async () => {
    const calls: string[] = [];
    renderAdmin('/ideas/trash', [ideas], { ideas: [] }, () => true, withTrash(calls));
    const row = (await screen.findByText('Paperless office', {}, WAIT)).closest('tr')!;
    expect(within(row).getByText('billing')).toBeInTheDocument();
    expect(screen.getByText('Deleted records are removed for good after 30 days.')).toBeInTheDocument();
    fireEvent.click(within(row).getByRole('button', { name: 'Restore' }));
    const dialog = await screen.findByRole('dialog', {}, WAIT);
    expect(within(dialog).getByText('Restore "Paperless office"?')).toBeInTheDocument();
    expect(calls).not.toContain('restore ideas 7');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Restore' }));
    await waitFor(() => expect(calls).toContain('restore ideas 7'), WAIT);
    await waitFor(() => expect(screen.queryByText('Paperless office')).not.toBeInTheDocument(), WAIT);
  });

  it('trash: Purge asks first, and Cancel keeps the record', async () => {
    const calls: string[] = [];
    renderAdmin('/ideas/trash', [ideas], { ideas: [] }, () => true, withTrash(calls));
    const row = (await screen.findByText('Paperless office', {}, WAIT)).closest('tr')!;
    fireEvent.click(within(row).getByRole('button', { name: 'Purge' }));
    const dialog = await screen.findByRole('dialog', {}, WAIT);
    expect(within(dialog).getByText('Purge "Paperless office" for good?')).toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument(), WAIT);
    expect(calls.filter((c) => c.startsWith('purge'))).toEqual([]);
    fireEvent.click(within(row).getByRole('button', { name: 'Purge' }));
    fireEvent.click(within(await screen.findByRole('dialog', {}, WAIT)).getByRole('button', { name: 'Purge' }));
    await waitFor(() => expect(calls).toContain('purge ideas 7'), WAIT);
  });
});
