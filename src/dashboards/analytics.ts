/**
 * The SPA's client of the analytics API (docs/areas/dashboards.md, "The flow"): a query is run by
 * POSTing its parameters, and a job that comes back is polled until it finishes (DASH-03..11).
 * Every call goes through the data provider's `serviceRequest` on the `analytics` base; this file
 * never writes a URL's base itself.
 */
import { useMemo } from 'react';
import type { SpringDataProvider } from '../../dataProvider';
import { useSpringDataProvider } from '../resources/useAction';

/** DASH-04: a stored result younger than this many seconds is answered without a job. */
export const ANALYTICS_MAX_AGE = 120;
/** DASH-06: the delay before each poll of a job, ms. */
export const ANALYTICS_POLL_DELAY_MS = 6000;
/** DASH-07: a job is polled at most this many times. */
export const ANALYTICS_MAX_POLLS = 60;

/** Redash's job statuses (DASH-05). */
export const JOB_STATUS = { pending: 1, started: 2, success: 3, failure: 4, cancelled: 5 } as const;

/** The verb the client uses. */
export type AnalyticsApi = Pick<SpringDataProvider, 'serviceRequest'>;

/** A column of a result: its name and Redash type (`string`, `integer`, `float`, `date`, ...). */
export interface AnalyticsColumn {
  name: string;
  type?: string;
  friendly_name?: string;
}

/** A query's result: its columns and rows (money as decimal strings, exact). */
export interface QueryData<Row = Record<string, unknown>> {
  columns: AnalyticsColumn[];
  rows: Row[];
}

interface AnalyticsJob {
  id: string | number;
  status: number;
  error?: string | null;
  query_result_id?: string | number | null;
}

type ResultsAnswer = { query_result?: { data: QueryData }; job?: AnalyticsJob };

export interface RunQueryOptions {
  /** Seconds a stored result may be old (DASH-04, default 120); -1 any age, 0 always run. */
  maxAge?: number;
  /** Stops the waiting and the calls; the promise rejects with an `AbortError`. */
  signal?: AbortSignal;
  /** Told the number of each poll (1..60) after it was answered. */
  onPoll?: (n: number) => void;
}

/** Waits `ms`, rejecting with an `AbortError` when `signal` aborts first. */
const sleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    if (signal?.aborted) return reject(new DOMException('Aborted', 'AbortError'));
    const onAbort = () => {
      clearTimeout(timer);
      reject(new DOMException('Aborted', 'AbortError'));
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });

/**
 * Runs analytics query `queryId` with typed `parameters` and resolves its `{ columns, rows }`.
 *
 * - DASH-03/04: `POST <analytics>/queries/{queryId}/results { parameters, max_age }`, max_age 120
 *   by default; a stored result (`query_result`) is answered at once.
 * - DASH-05/06/07: a `job` is polled with `GET <analytics>/jobs/{id}`, each poll after 6000 ms, at
 *   most 60 polls.
 * - DASH-08: status 3 POSTs the results again (max_age -1 when the caller asked 0, so the result
 *   just made is taken rather than a new job); a job coming back again is polled on, within the
 *   same 60.
 * - DASH-09/10: status 4 throws `Error("Job FAILURE <id>")`, 5 `Error("Job CANCELLED <id>")`.
 * - DASH-11: no end after 60 polls throws `Error("... did not complete within the allowed retries")`.
 *
 * @throws HttpError of the data provider (400 with field errors for a bad parameter), the errors
 *   above, or an `AbortError` when `options.signal` aborts.
 */
export async function runQuery<Row = Record<string, unknown>>(
  api: AnalyticsApi,
  queryId: number,
  parameters: Record<string, unknown>,
  options: RunQueryOptions = {},
): Promise<QueryData<Row>> {
  const { signal, onPoll } = options;
  const maxAge = options.maxAge ?? ANALYTICS_MAX_AGE;
  const post = async (age: number) => {
    const { data } = await api.serviceRequest<ResultsAnswer>('analytics', {
      path: `queries/${queryId}/results`,
      method: 'POST',
      body: { parameters, max_age: age },
      signal,
    });
    return data;
  };
  let answer = await post(maxAge);
  let polls = 0;
  while (!answer.query_result) {
    if (!answer.job) throw new Error(`Query ${queryId} answered neither a result nor a job`);
    let job: AnalyticsJob = answer.job;
    while (job.status !== JOB_STATUS.success) {
      if (job.status === JOB_STATUS.failure) throw new Error(`Job FAILURE ${job.id}`);
      if (job.status === JOB_STATUS.cancelled) throw new Error(`Job CANCELLED ${job.id}`);
      if (polls >= ANALYTICS_MAX_POLLS) {
        throw new Error(`Job ${job.id} of query ${queryId} did not complete within the allowed retries`);
      }
      await sleep(ANALYTICS_POLL_DELAY_MS, signal);
      polls += 1;
      const polled: { data: { job: AnalyticsJob } } = await api.serviceRequest<{ job: AnalyticsJob }>('analytics', {
        path: `jobs/${encodeURIComponent(String(job.id))}`,
        signal,
      });
      job = polled.data.job;
      onPoll?.(polls);
    }
    answer = await post(maxAge === 0 ? -1 : maxAge);
  }
  const { columns, rows } = answer.query_result.data;
  return { columns: columns ?? [], rows: (rows ?? []) as Row[] };
}

/** `runQuery` bound to a data provider: `(queryId, parameters, options?) => Promise<{ columns, rows }>`. */
export type BoundRunQuery = <Row = Record<string, unknown>>(
  queryId: number,
  parameters: Record<string, unknown>,
  options?: RunQueryOptions,
) => Promise<QueryData<Row>>;

/**
 * The analytics client on `api`: `{ runQuery(queryId, parameters, options?) }` (see {@link runQuery}).
 * @example const { runQuery } = createAnalyticsClient(dataProvider); await runQuery(1, { date_gte: '2026-01-01' });
 */
export const createAnalyticsClient = (api: AnalyticsApi): { runQuery: BoundRunQuery } => ({
  runQuery: (queryId, parameters, options) => runQuery(api, queryId, parameters, options),
});

/**
 * The analytics client on the app's data provider, for components.
 * @example const { runQuery } = useAnalytics(); useQuery({ queryKey, queryFn: ({ signal }) => runQuery(5, {}, { signal }) });
 */
export const useAnalytics = (): { runQuery: BoundRunQuery } => {
  const dp = useSpringDataProvider();
  return useMemo(() => createAnalyticsClient(dp), [dp]);
};
