import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { AdminContext, memoryStore, type DataProvider } from 'react-admin';
import { i18nProvider } from '../i18n';
import { signedInAs } from '../test/authProvider';
import { createHttpVerbs, type HttpClient } from '../../dataProvider/index';
import { JOBS_CHANGED } from '../resources/views/useDownload';
import { JobsButton, type WireJob } from './JobsButton';

/**
 * The jobs panel (src/jobs/JobsButton.tsx) through the data provider's real `jobs` verbs over a
 * stubbed HTTP client: the badge counts unfinished jobs, the popover shows each job's state and
 * progress, Cancel posts to the job's cancel route, and a jobs-changed event reads the list again.
 */

const job = (over: Partial<WireJob>): WireJob => ({
  id: 1,
  kind: 'export.excel',
  status: 'running',
  progress: 40,
  progressNote: '400 of 1000 rows',
  error: null,
  createdAt: '2026-11-28T10:00:00Z',
  result: null,
  ...over,
});

const setup = (lists: WireJob[][]) => {
  let call = 0;
  const posts: string[] = [];
  const httpClient = vi.fn(async (url: string, request?: { method?: string }) => {
    if (request?.method === 'POST') {
      posts.push(url);
      return { status: 200, headers: new Headers(), body: '', json: {} };
    }
    const jobs = lists[Math.min(call++, lists.length - 1)]!;
    return { status: 200, headers: new Headers(), body: '', json: { _embedded: { jobs } } };
  });
  render(
    <MemoryRouter initialEntries={['/']}>
      <AdminContext
        dataProvider={
          { httpClient, ...createHttpVerbs(httpClient as unknown as HttpClient) } as unknown as DataProvider
        }
        authProvider={signedInAs({ id: 'ada', fullName: 'Ada' })}
        store={memoryStore()}
        i18nProvider={i18nProvider}
      >
        <JobsButton />
      </AdminContext>
    </MemoryRouter>,
  );
  return { httpClient, posts };
};

afterEach(cleanup);

describe('the jobs panel', () => {
  it('counts unfinished jobs on its badge and lists each with its state, progress, cancel and download', async () => {
    const { posts } = setup([
      [
        job({ id: 3 }),
        job({ id: 2, status: 'queued', progress: 0, progressNote: null }),
        job({
          id: 1,
          status: 'succeeded',
          progress: 100,
          result: { file: { name: 'times.xlsx', size: 1234 } },
        }),
      ],
    ]);
    const button = await screen.findByRole('button', { name: 'Background jobs' });
    await waitFor(() => expect(button.textContent).toContain('2'));
    fireEvent.click(button);
    const list = await screen.findByRole('list', { name: 'Background jobs' });
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(3);
    expect(items[0]!.textContent).toContain('Running - 40 %, 400 of 1000 rows');
    expect(within(items[0]!).getByRole('progressbar').getAttribute('aria-valuenow')).toBe('40');
    expect(items[1]!.textContent).toContain('Waiting');
    expect(items[2]!.textContent).toContain('Done');
    expect(within(items[2]!).getByRole('button', { name: 'Download: times.xlsx' })).toBeTruthy();
    expect(within(items[2]!).queryByRole('progressbar')).toBeNull();
    fireEvent.click(within(items[0]!).getByRole('button', { name: 'Cancel: Excel export' }));
    await waitFor(() => expect(posts).toEqual([expect.stringMatching(/\/jobs\/3\/cancel$/)]));
  });

  it('reads the jobs again when told a job was started', async () => {
    const { httpClient } = setup([[], [job({ id: 9, status: 'queued' })]]);
    const button = await screen.findByRole('button', { name: 'Background jobs' });
    await waitFor(() => expect(httpClient).toHaveBeenCalledTimes(1));
    expect(button.textContent).not.toContain('1');
    window.dispatchEvent(new Event(JOBS_CHANGED));
    await waitFor(() => expect(button.textContent).toContain('1'));
  });
});
