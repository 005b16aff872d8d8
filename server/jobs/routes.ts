import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Database } from '../db/database';
import type { FileStorage } from '../files/storage';
import { HttpError, notFound } from '../rest/errors';
import { requireUser } from '../rest/request';
import { cancelJob, findJob, jobsOf, type JobView } from './queue';
import { JOBS_PATH, resultFile } from './files';

export { JOBS_PATH };

/**
 * The signed-in user's own jobs (docs/api.md, "Jobs"): a job is visible to the user who started
 * it and to nobody else - another user's job, or one the server started for itself, is 404, as a
 * missing one is.
 *
 * - `GET /core/api/jobs`: the user's last 50 jobs, newest first, `{ _embedded: { jobs: [...] } }`.
 * - `GET /core/api/jobs/:id`: one job.
 * - `POST /core/api/jobs/:id/cancel`: cancels a queued or running job; 409 when it has finished.
 * - `GET /core/api/jobs/:id/result`: a job's result file (an export), 404 while there is none.
 */
/** A job on the wire: its view, the result without storage keys, and its links. */
function toWire(job: JobView): Record<string, unknown> {
  const file = resultFile(job.result);
  const self = `${JOBS_PATH}/${job.id}`;
  return {
    ...job,
    result: file
      ? { ...(job.result as object), file: { name: file.name, contentType: file.contentType, size: file.size } }
      : job.result,
    _links: {
      self: { href: self },
      ...(job.status === 'queued' || job.status === 'running' ? { cancel: { href: `${self}/cancel` } } : {}),
      ...(file ? { download: { href: `${self}/result` } } : {}),
    },
  };
}

/** The job of the path, if the signed-in user started it; 404 otherwise. */
async function ownJob(db: Database, request: FastifyRequest): Promise<JobView> {
  const user = requireUser(request);
  const raw = (request.params as { id: string }).id;
  const id = /^\d{1,15}$/.test(raw) ? Number(raw) : NaN;
  const job = Number.isSafeInteger(id) ? await findJob(db, id) : undefined;
  if (!job || job.createdBy !== user.username) throw notFound(`Job ${raw.slice(0, 40)}`);
  return job;
}

/** `Content-Disposition` of a download named `fileName`. */
const attachment = (fileName: string): string =>
  `attachment; filename="${fileName.replace(/[^\w.-]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;

/** Registers the jobs routes (see {@link JOBS_PATH}). */
export function registerJobRoutes(app: FastifyInstance, db: Database, storage: FileStorage): void {
  app.get(JOBS_PATH, async (request) => {
    const user = requireUser(request);
    return { _embedded: { jobs: (await jobsOf(db, user.username)).map(toWire) } };
  });
  app.get(`${JOBS_PATH}/:id`, async (request) => toWire(await ownJob(db, request)));
  app.post(`${JOBS_PATH}/:id/cancel`, async (request) => {
    const job = await ownJob(db, request);
    const status = await cancelJob(db, job.id);
    if (!status) throw new HttpError(409, `Job ${job.id} has finished (${job.status}): there is nothing to cancel`);
    return toWire((await findJob(db, job.id)) ?? job);
  });
  app.get(`${JOBS_PATH}/:id/result`, async (request, reply) => {
    const job = await ownJob(db, request);
    const file = job.status === 'succeeded' ? resultFile(job.result) : undefined;
    if (!file) throw notFound(`The result file of job ${job.id}`);
    return reply
      .header('Content-Type', file.contentType)
      .header('Content-Length', String(file.size))
      .header('Content-Disposition', attachment(file.name))
      .header('Cache-Control', 'no-store')
      .send(await storage.get(file.key));
  });
}
