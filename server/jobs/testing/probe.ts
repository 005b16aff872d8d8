import { appendFileSync } from 'node:fs';
import { registerJobKind } from '../queue';

/**
 * A job kind for the tests that run real server processes (`server/jobs/restart.test.ts`), loaded
 * into one with `node --import tsx --import ./server/jobs/testing/probe.ts server/main.ts`. Kind
 * `test.probe` appends `start <job> <attempt> <pid>` to the file `JOB_PROBE_LOG` when an attempt
 * starts and `done <job> <pid>` when it ends, after `payload.steps` steps of `payload.stepMs`
 * milliseconds, each reported as progress. It returns `{ pid }`.
 */
const logFile = process.env.JOB_PROBE_LOG;
if (!logFile) throw new Error('server/jobs/testing/probe.ts needs JOB_PROBE_LOG');

registerJobKind<{ steps?: number; stepMs?: number }, { pid: number }>({
  kind: 'test.probe',
  run: async ({ id, attempt, payload, progress, signal }) => {
    appendFileSync(logFile, `start ${id} ${attempt} ${process.pid}\n`);
    const steps = payload.steps ?? 0;
    for (let i = 1; i <= steps; i++) {
      await new Promise((resolve) => setTimeout(resolve, payload.stepMs ?? 100));
      signal.throwIfAborted();
      await progress((100 * i) / steps, `step ${i} of ${steps}`);
    }
    appendFileSync(logFile, `done ${id} ${process.pid}\n`);
    return { pid: process.pid };
  },
});
