/**
 * Cost of the largest nested write a form may send: a POST of a client with 1,000 contacts (the
 * cap of a child collection) on the harness's in-memory PGlite, and the latency of list requests
 * (`GET /core/api/clients?size=20`, one every 10 ms) sent while it runs, against the same list on
 * an idle server.
 *
 * Run: `node --import tsx bench/api/nested-create.ts [runs]` (default 5 runs). Prints milliseconds.
 * `--smoke` (`npm run bench:smoke`): 1 run, 2 warm-ups and 5 idle requests, to prove it still runs.
 */
import { performance } from 'node:perf_hooks';
import { createHarness } from '../../server/test/harness';

const smoke = process.argv.includes('--smoke');
const runs = smoke ? 1 : Number(process.argv[2] ?? 5);
const h = await createHarness();
const token = await h.token('billing');
const get = async () => {
  const t = performance.now();
  const r = await h.app.inject({
    method: 'GET',
    url: '/core/api/clients?size=20',
    headers: { authorization: `Bearer ${token}` },
  });
  if (r.statusCode !== 200) throw new Error(`GET answered ${r.statusCode}`);
  return performance.now() - t;
};
const body = (i: number) =>
  JSON.stringify({
    gname: `Bench client ${i}`,
    contactList: Array.from({ length: 1000 }, (_, k) => ({
      gname: `Contact ${k}`,
      gjobTitle: 'Manager',
      firstEmail: `c${k}@bench.test`,
      firstPhoneNumber: '+7 700 000 00 00',
      emailSubscribed: k % 2 === 0,
    })),
  });
const pct = (xs: number[], p: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(p * xs.length))]!;
for (let i = 0; i < (smoke ? 2 : 20); i++) await get(); // warm-up
const idle: number[] = [];
for (let i = 0; i < (smoke ? 5 : 50); i++) idle.push(await get());
const alone: number[] = [];
for (let i = 0; i < runs; i++) {
  const t = performance.now();
  const r = await h.app.inject({
    method: 'POST',
    url: '/core/api/clients',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    payload: body(i),
  });
  if (r.statusCode !== 201) throw new Error(`POST answered ${r.statusCode}: ${r.body}`);
  alone.push(performance.now() - t);
}
const posts: number[] = [];
const together: number[] = [];
const during: number[] = [];
for (let i = 0; i < runs; i++) {
  const payload = body(i);
  let done = false;
  const t = performance.now();
  const post = h.app
    .inject({
      method: 'POST',
      url: '/core/api/clients',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      payload,
    })
    .then((r) => {
      if (r.statusCode !== 201) throw new Error(`POST answered ${r.statusCode}: ${r.body}`);
      posts.push(performance.now() - t);
      done = true;
    });
  // a list request sent together with the POST, then one every 10 ms while it runs, each timed on its own
  const probes: Array<Promise<void>> = [get().then((ms) => void together.push(ms))];
  const probe = (async () => {
    while (!done) {
      probes.push(get().then((ms) => void during.push(ms)));
      await new Promise((r) => setTimeout(r, 10));
    }
  })();
  await Promise.all([post, probe]);
  await Promise.all(probes);
}
console.log(`body ${(body(0).length / 1024).toFixed(0)} KiB, ${runs} runs`);
console.log(
  `POST with 1,000 contacts alone: median ${pct(alone, 0.5).toFixed(0)} ms, max ${Math.max(...alone).toFixed(0)} ms`,
);
console.log(
  `POST with 1,000 contacts during the GETs: median ${pct(posts, 0.5).toFixed(0)} ms, max ${Math.max(...posts).toFixed(0)} ms`,
);
console.log(`GET /clients idle: median ${pct(idle, 0.5).toFixed(1)} ms, p90 ${pct(idle, 0.9).toFixed(1)} ms`);
console.log(
  `GET /clients during the POST (${during.length} requests): median ${pct(during, 0.5).toFixed(1)} ms, p90 ${pct(during, 0.9).toFixed(1)} ms, max ${Math.max(...during).toFixed(1)} ms`,
);
console.log(
  `GET /clients sent with the POST: median ${pct(together, 0.5).toFixed(1)} ms, max ${Math.max(...together).toFixed(1)} ms`,
);
await h.close();
