/**
 * Child process of the API benchmark: runs autocannon off the server's event loop (the app under
 * test runs in the parent; autocannon aggregates results only in a main thread) and sends back `{ rps, p50, p99, errors, non2xx }`.
 * The job arrives as the first IPC message: `{ url, token, paths: string[], connections, duration, warmup, amount? }`; each request takes
 * the next path of `paths` (rotating the parent id over real client ids). `amount` (the smoke run) sends that many requests
 * instead of driving for `duration` seconds.
 */
import autocannon from 'autocannon';

/** @type {{ url: string, token: string, paths: string[], connections: number, duration: number, warmup: number, amount?: number }} */
const job = await new Promise((resolve) => process.once('message', resolve));
let next = 0;
/**
 * @param {number} duration seconds
 * @param {number} [amount] requests (instead of a duration)
 */
const run = (duration, amount) =>
  autocannon({
    url: job.url,
    connections: job.connections,
    ...(amount ? { amount } : { duration }),
    headers: { authorization: `Bearer ${job.token}` },
    requests: [
      {
        method: 'GET',
        setupRequest: (req) => ({ ...req, path: job.paths[next++ % job.paths.length] }),
      },
    ],
  });

if (job.warmup > 0) await run(job.warmup);
const r = await run(job.duration, job.amount);
process.send?.({
  rps: r.requests.average,
  p50: r.latency.p50,
  p99: r.latency.p99,
  errors: r.errors + r.timeouts,
  non2xx: r.non2xx,
  total: r.requests.total,
});
process.disconnect();
