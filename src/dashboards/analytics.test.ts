import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { RouteParams } from '../../dataProvider';
import { ANALYTICS_POLL_DELAY_MS, createAnalyticsClient, runQuery, type AnalyticsApi } from './analytics';

type Call = { base: string } & RouteParams & { path: string };
type Answer = Record<string, unknown> | Error;

const RESULT = { query_result: { id: 7, data: { columns: [{ name: 'month' }], rows: [{ month: '2026-01' }] } } };
const job = (status: number, id = 41) => ({ job: { id, status, error: status === 4 ? 'boom' : '' } });

/** A fake `serviceRequest` answering POSTs and GETs from two queues, recording every call. */
function fakeApi(posts: Answer[], polls: Answer[] = []) {
  const calls: Call[] = [];
  const serviceRequest = vi.fn(async (base: string, params: RouteParams & { path: string }) => {
    calls.push({ base, ...params });
    const answer = (params.method === 'POST' ? posts : polls).shift();
    if (!answer) throw new Error(`unexpected ${params.method ?? 'GET'} ${params.path}`);
    if (answer instanceof Error) throw answer;
    return { data: answer, response: {} };
  });
  return { api: { serviceRequest } as unknown as AnalyticsApi, calls };
}

describe('analytics client', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('DASH-03 DASH-04 a query is POSTed to queries/{id}/results on the analytics base with its parameters and max_age 120; a stored result is answered without polling', async () => {
    const { api, calls } = fakeApi([RESULT]);
    const data = await runQuery(api, 1, { date_gte: '2026-01-01' });
    expect(data).toEqual({ columns: [{ name: 'month' }], rows: [{ month: '2026-01' }] });
    expect(calls).toEqual([
      {
        base: 'analytics',
        path: 'queries/1/results',
        method: 'POST',
        body: { parameters: { date_gte: '2026-01-01' }, max_age: 120 },
        signal: undefined,
      },
    ]);
  });

  it('DASH-04 the caller may ask another max_age', async () => {
    const { api, calls } = fakeApi([RESULT]);
    await runQuery(api, 3, {}, { maxAge: 5 });
    expect(calls[0]!.body).toEqual({ parameters: {}, max_age: 5 });
  });

  it('DASH-05 DASH-06 DASH-08 a job is polled with GET jobs/{id} every 6000 ms; status 3 POSTs the results again', async () => {
    const { api, calls } = fakeApi([job(1), RESULT], [job(2), job(3)]);
    const polls: number[] = [];
    const done = runQuery(api, 2, { group_by: 'office' }, { onPoll: (n) => polls.push(n) });
    await vi.advanceTimersByTimeAsync(0);
    expect(calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(ANALYTICS_POLL_DELAY_MS - 1);
    expect(calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls.map((c) => `${c.method ?? 'GET'} ${c.path}`)).toEqual(['POST queries/2/results', 'GET jobs/41']);
    await vi.advanceTimersByTimeAsync(ANALYTICS_POLL_DELAY_MS);
    await expect(done).resolves.toEqual(RESULT.query_result.data);
    expect(calls.map((c) => `${c.method ?? 'GET'} ${c.path}`)).toEqual([
      'POST queries/2/results',
      'GET jobs/41',
      'GET jobs/41',
      'POST queries/2/results',
    ]);
    expect(calls[3]!.body).toEqual({ parameters: { group_by: 'office' }, max_age: 120 });
    expect(polls).toEqual([1, 2]);
  });

  it('DASH-08 after a job asked with max_age 0 succeeds, the results are POSTed with max_age -1 (the result just made, not a new job)', async () => {
    const { api, calls } = fakeApi([job(1), RESULT], [job(3)]);
    const done = runQuery(api, 4, {}, { maxAge: 0 });
    await vi.advanceTimersByTimeAsync(ANALYTICS_POLL_DELAY_MS);
    await expect(done).resolves.toEqual(RESULT.query_result.data);
    expect(calls.map((c) => (c.body as { max_age?: number } | undefined)?.max_age)).toEqual([0, undefined, -1]);
  });

  it('DASH-09 status 4 raises "Job FAILURE id"', async () => {
    const { api } = fakeApi([job(1, 77)], [job(4, 77)]);
    const done = runQuery(api, 1, {});
    const seen = expect(done).rejects.toThrow(/^Job FAILURE 77$/);
    await vi.advanceTimersByTimeAsync(ANALYTICS_POLL_DELAY_MS);
    await seen;
  });

  it('DASH-10 status 5 raises "Job CANCELLED id"', async () => {
    const { api } = fakeApi([job(1, 78)], [job(2, 78), job(5, 78)]);
    const done = runQuery(api, 1, {});
    const seen = expect(done).rejects.toThrow(/^Job CANCELLED 78$/);
    await vi.advanceTimersByTimeAsync(2 * ANALYTICS_POLL_DELAY_MS);
    await seen;
  });

  it('DASH-07 DASH-11 a job is polled at most 60 times, then raises "did not complete within the allowed retries"', async () => {
    const { api, calls } = fakeApi(
      [job(1)],
      Array.from({ length: 61 }, () => job(2)),
    );
    const done = runQuery(api, 1, {});
    const seen = expect(done).rejects.toThrow('did not complete within the allowed retries');
    await vi.advanceTimersByTimeAsync(59 * ANALYTICS_POLL_DELAY_MS);
    expect(calls.filter((c) => c.path.startsWith('jobs/'))).toHaveLength(59);
    await vi.advanceTimersByTimeAsync(2 * ANALYTICS_POLL_DELAY_MS);
    await seen;
    expect(calls.filter((c) => c.path.startsWith('jobs/'))).toHaveLength(60);
  });

  it('DASH-03 a refused query (400) rejects with the data provider error and polls nothing', async () => {
    const refused = Object.assign(new Error('Bad parameter'), { status: 400 });
    const { api, calls } = fakeApi([refused]);
    await expect(runQuery(api, 1, { nope: 1 })).rejects.toBe(refused);
    expect(calls).toHaveLength(1);
  });

  it('DASH-06 aborting the signal stops the wait between polls', async () => {
    const { api, calls } = fakeApi([job(1)], [job(2)]);
    const controller = new AbortController();
    const done = runQuery(api, 1, {}, { signal: controller.signal });
    const seen = expect(done).rejects.toThrow(/Abort/);
    await vi.advanceTimersByTimeAsync(1000);
    controller.abort();
    await seen;
    await vi.advanceTimersByTimeAsync(ANALYTICS_POLL_DELAY_MS);
    expect(calls).toHaveLength(1);
  });

  it('createAnalyticsClient binds runQuery to a data provider', async () => {
    const { api, calls } = fakeApi([RESULT]);
    await createAnalyticsClient(api).runQuery(9, { start_date: '1990-01-01' });
    expect(calls[0]!.path).toBe('queries/9/results');
  });
});
