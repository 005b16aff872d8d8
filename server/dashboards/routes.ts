import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AuthUser } from '../auth/types';
import { loadUser } from '../auth/users';
import type { Database } from '../db/database';
import { cancelJob, enqueueJob, findJob, PermanentJobError, type JobKind, type JobView } from '../jobs/queue';
import { HttpError, notFound } from '../rest/errors';
import { requireUser } from '../rest/request';
import { checkParameters, type ParamValue } from './params';
import { analyticsQueries, analyticsQuery, buildStatement, type AnalyticsQuery } from './queries';
import { scopeOf } from './scope';
import './homeQueries';

/**
 * The Redash-compatible analytics API (DASH-03..11, docs/api.md "Analytics"), under the analytics
 * base `/analytics/api`:
 *
 * - `POST /queries/{queryId}/results { parameters, max_age }`: a stored result of the same
 *   statement (query, checked parameters and the reader's scope) younger than `max_age` seconds is
 *   answered at once as `{ query_result }`; otherwise a background job on the spine's queue
 *   (`server/jobs/queue.ts`) runs it and the answer is `{ job }`.
 * - `GET /jobs/{jobId}`: the job in Redash's shape, status 1 pending, 2 started, 3 success,
 *   4 failure, 5 cancelled; after 3 the client POSTs the results again and gets the stored result.
 * - `DELETE /jobs/{jobId}`: cancels a pending or started job.
 * - `GET /queries`: the catalogue (ids, names, parameters, columns).
 *
 * Results are the jobs' results: a succeeded job of kind {@link ANALYTICS_JOB_KIND} keeps its rows
 * and the key of its statement for the queue's keep time (7 days), and is the "query result" whose
 * id is the job's id.
 */

/** The base of the analytics routes. */
export const ANALYTICS_PATH = '/analytics/api';
/** The job kind that runs an analytics query. */
export const ANALYTICS_JOB_KIND = 'analytics.query';
/** The `max_age` used when a request gives none, seconds (DASH-04). */
export const DEFAULT_MAX_AGE_S = 120;

/** What an analytics job is given. */
interface QueryJobPayload {
  queryId: number;
  values: Record<string, ParamValue>;
  /** The statement's key when it was asked for (finds the job already on its way). */
  key: string;
}

/** What a succeeded analytics job keeps: Redash's query result without its id. */
interface StoredResult {
  key: string;
  query_id: number;
  query_hash: string;
  data: { columns: AnalyticsQuery['columns']; rows: Record<string, unknown>[] };
  runtime: number;
  retrieved_at: string;
}

/** The key of a statement: the query, its SQL (the scope's conditions included) and every bound value. */
const statementKey = (query: AnalyticsQuery, text: string, values: unknown[]): string =>
  createHash('sha256')
    .update(`${query.id}\n${text}\n${JSON.stringify(values)}`)
    .digest('hex');

/** The query's statement for `user`, and its key. */
async function statementFor(
  db: Pick<Database, 'query'>,
  query: AnalyticsQuery,
  user: AuthUser,
  values: Record<string, ParamValue>,
) {
  const scope = await scopeOf(db, user);
  const refused = query.refuses?.(scope);
  if (refused) throw new HttpError(403, refused);
  const statement = buildStatement(query, values, scope);
  return { ...statement, key: statementKey(query, statement.text, statement.values) };
}

/** Redash's job status of a queue status. */
const STATUS: Record<JobView['status'], number> = { queued: 1, running: 2, succeeded: 3, failed: 4, cancelled: 5 };

/** A job in Redash's shape (`{ job: {...} }`). */
function jobWire(job: JobView): { job: Record<string, unknown> } {
  const status = STATUS[job.status];
  const error = status === 4 ? (job.error ?? 'Query failed.') : status === 5 ? 'Query cancelled by user.' : '';
  return {
    job: {
      id: job.id,
      updated_at: job.finishedAt ?? job.startedAt ?? 0,
      status,
      error,
      result: status === 3 ? job.id : null,
      query_result_id: status === 3 ? job.id : null,
    },
  };
}

/** A stored result in Redash's shape. */
const resultWire = (id: number, result: StoredResult) => ({
  query_result: {
    id,
    query_id: result.query_id,
    query_hash: result.query_hash,
    data: result.data,
    runtime: result.runtime,
    retrieved_at: result.retrieved_at,
  },
});

/**
 * The job kind that runs analytics queries: it loads the user who asked (their scope as it is
 * now), builds the statement, runs it and keeps the rows. One attempt: a failing statement fails
 * at once (status 4), as Redash reports a query error.
 */
export function analyticsJobKind(): JobKind<QueryJobPayload, StoredResult> {
  return {
    kind: ANALYTICS_JOB_KIND,
    maxAttempts: 1,
    run: async ({ payload, createdBy, db, signal }) => {
      const query = analyticsQuery(String(payload.queryId));
      if (!query) throw new PermanentJobError(`Analytics query ${payload.queryId} is not declared`);
      const loaded = createdBy ? await loadUser(db, createdBy) : null;
      if (!loaded) throw new PermanentJobError(`User ${createdBy ?? '(none)'} no longer exists`);
      const statement = await statementFor(db, query, loaded.user, payload.values);
      const started = performance.now();
      const rows = await db.query<Record<string, unknown>>(statement.text, statement.values);
      signal.throwIfAborted();
      return {
        key: statement.key,
        query_id: query.id,
        query_hash: statement.key,
        data: { columns: query.columns, rows },
        runtime: Math.round(performance.now() - started) / 1000,
        retrieved_at: new Date().toISOString(),
      };
    },
  };
}

/** The newest stored result of `key` younger than `maxAge` seconds (-1: any age), or undefined. */
async function storedResult(
  db: Database,
  key: string,
  maxAge: number,
): Promise<{ id: number; result: StoredResult } | undefined> {
  const [row] = await db.query<{ id: number; result: StoredResult }>(
    `SELECT id, result FROM jobs
      WHERE kind = $1 AND status = 'succeeded' AND result->>'key' = $2
        AND ($3::int < 0 OR finished_at >= now() - $3::int * interval '1 second')
      ORDER BY finished_at DESC, id DESC LIMIT 1`,
    [ANALYTICS_JOB_KIND, key, maxAge],
  );
  return row ? { id: Number(row.id), result: row.result } : undefined;
}

/** `max_age` (or `maxAge`) of a body: a whole number of seconds, -1 for any age; 400 otherwise. */
function maxAgeOf(body: Record<string, unknown>): number {
  const raw = body.max_age ?? body.maxAge;
  if (raw === undefined || raw === null) return DEFAULT_MAX_AGE_S;
  const n = typeof raw === 'number' ? raw : typeof raw === 'string' && /^-?\d{1,9}$/.test(raw) ? Number(raw) : NaN;
  if (!Number.isSafeInteger(n) || n < -1)
    throw new HttpError(400, 'max_age must be a whole number of seconds, or -1', [
      { entity: 'query', property: 'max_age', invalidValue: raw, message: 'must be a whole number of seconds, or -1' },
    ]);
  return n;
}

/** The analytics job of the path, if the signed-in user started it; 404 otherwise. */
async function ownJob(db: Database, request: FastifyRequest): Promise<JobView> {
  const user = requireUser(request);
  const raw = (request.params as { jobId: string }).jobId;
  const id = /^\d{1,15}$/.test(raw) ? Number(raw) : NaN;
  const job = Number.isSafeInteger(id) ? await findJob(db, id) : undefined;
  if (!job || job.kind !== ANALYTICS_JOB_KIND || job.createdBy !== user.username)
    throw notFound(`Job ${raw.slice(0, 40)}`);
  return job;
}

/** Registers the analytics routes (see the module). */
export function registerAnalyticsRoutes(app: FastifyInstance, db: Database): void {
  app.get(`${ANALYTICS_PATH}/queries`, async (request) => {
    requireUser(request);
    return {
      queries: analyticsQueries().map((q) => ({
        id: q.id,
        name: q.name,
        description: q.description,
        parameters: q.parameters,
        columns: q.columns,
      })),
    };
  });

  app.post(`${ANALYTICS_PATH}/queries/:queryId/results`, async (request) => {
    const user = requireUser(request);
    const raw = (request.params as { queryId: string }).queryId;
    const query = analyticsQuery(raw);
    if (!query) throw notFound(`Query ${raw.slice(0, 40)}`);
    const body = (request.body ?? {}) as Record<string, unknown>;
    if (typeof body !== 'object' || Array.isArray(body)) throw new HttpError(400, 'The body must be a JSON object');
    const maxAge = maxAgeOf(body);
    const values = checkParameters(query.name, query.parameters, body.parameters);
    const { key } = await statementFor(db, query, user, values);
    if (maxAge !== 0) {
      const stored = await storedResult(db, key, maxAge);
      if (stored) return resultWire(stored.id, stored.result);
    }
    // the same statement already on its way for this user: that job, not a second one
    const [pending] = await db.query<{ id: number }>(
      `SELECT id FROM jobs WHERE kind = $1 AND created_by = $2 AND status IN ('queued', 'running')
          AND payload->>'key' = $3 ORDER BY id LIMIT 1`,
      [ANALYTICS_JOB_KIND, user.username, key],
    );
    const id =
      pending?.id ??
      (await enqueueJob(db, ANALYTICS_JOB_KIND, { queryId: query.id, values, key } satisfies QueryJobPayload, {
        createdBy: user.username,
      }));
    return jobWire((await findJob(db, Number(id)))!);
  });

  app.get(`${ANALYTICS_PATH}/jobs/:jobId`, async (request) => jobWire(await ownJob(db, request)));

  app.delete(`${ANALYTICS_PATH}/jobs/:jobId`, async (request) => {
    const job = await ownJob(db, request);
    const status = await cancelJob(db, job.id);
    if (!status) throw new HttpError(409, `Job ${job.id} has finished (${job.status}): there is nothing to cancel`);
    return jobWire((await findJob(db, job.id)) ?? job);
  });
}
