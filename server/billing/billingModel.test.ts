import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BILLING_MODULES, billingManager } from './testing';
import { createHarness, type Harness } from '../test/harness';
import { approversEverywhere } from '../test/approvers';
import { checkMoney } from './moneyCheck';
import type { Model } from './billingModel';
import { differences, modelBalances, realBalances } from './billingModelReal';
import { steps, tally } from './billingModelSteps';

/**
 * MC-model: a model-based test of billing (fast-check `commands` + `asyncModelRun`). Random steps
 * - create a pre-invoice or an invoice, add or remove its lines, edit it, send, approve, reject,
 * move a pre-invoice, return an invoice to Draft, act, recalculate, pay either document, reverse
 * a payment - by random roles (administrator, billing manager, lawyer, member) go through
 * `app.inject`; the model (`billingModel.ts`) predicts each answer, and after every step every
 * document of the run must equal the model. After each run the money check (MC-8) reports nothing
 * and the paid and open balances per currency, read through the API, equal the model's.
 *
 * Steps: runs of at most `MODEL_RUN_STEPS` steps (default 100; `fc.commands` draws each run's length)
 * until `MODEL_STEPS` steps have run (the runs after it pass without a step). `npm test` runs 2,000 steps
 * on PGlite and 1,000 on PostgreSQL, from a fresh seed each time (about a minute each); the proof of
 * 10,000 steps per engine is `MODEL_STEPS=10000` (docs/testing.md gives its figures). A step
 * drawn with nothing to act on (no invoice yet) is skipped and not counted. `MODEL_SEED` replays a
 * failure (the seed and the failing steps are printed). Runs on PGlite (`npm run test:api`) and
 * PostgreSQL (`npm run test:api:pg`).
 */
const STEP_COUNT = Number(process.env.MODEL_STEPS ?? (process.env.DATABASE_URL ? 1_000 : 2_000));
const RUN_STEPS = Number(process.env.MODEL_RUN_STEPS ?? 100);
/** Enough runs to reach STEP_COUNT: a run averages about a third of RUN_STEPS. */
const RUNS = Math.ceil(STEP_COUNT / RUN_STEPS) * 10;
const SEED = process.env.MODEL_SEED ? Number(process.env.MODEL_SEED) : Math.floor(Math.random() * 2 ** 31);

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
  // the chains of sent documents need approvers in the offices (MC-6)
  await approversEverywhere(h);
  // the billing manager: Carl, LOCAL_BILLING with the time, pre-invoice, invoice and payment modules
  // (the seeded role reads time too: an invoice names only time entries its writer may read, H2-04)
  await billingManager(h.db, 'mcmanager', h.fx.employees.carl, ['time', ...BILLING_MODULES]);
  // the fixture's firm breaks no money invariant (server/test/fixtureMoney.test.ts): the runs start at 0
  expect(await checkMoney(h.db)).toEqual([]);
}, 120_000);
afterAll(async () => h?.close());

/** Four new unbilled hours of Anna on Acme's matter in November 2026 (copies of the fixture's entry). */
async function newTimes(): Promise<number[]> {
  const rows = await h.db.query<{ id: string }>(
    `INSERT INTO times (date_time, work_type_id, executor_position_id, employee_id, duration, billable,
                        billing_status_id, client_id, project_id, matter_id, work_description)
     SELECT date_time, work_type_id, executor_position_id, employee_id, duration, billable, $2,
            client_id, project_id, matter_id, 'model' FROM times, generate_series(1, 4) WHERE id = $1 RETURNING id`,
    [h.fx.times.annaTime, h.fx.dict('BILLING_STATUS', 2)],
  );
  return rows.map((r) => Number(r.id));
}

describe('MC-model billing against a reference model', () => {
  it(`MC-model ${STEP_COUNT} random billing steps by random roles end with 0 money-check problems and balances per currency equal to the model's`, async () => {
    const started = performance.now();
    let checking = 0;
    let last: Model | undefined;
    let runs = 0;
    const property = fc.asyncProperty(fc.commands(steps, { maxCommands: RUN_STEPS, size: 'max' }), async (cmds) => {
      if (tally.run >= STEP_COUNT) return;
      runs++;
      const model: Model = { times: await newTimes(), pres: [], invoices: [], payments: [] };
      last = model;
      await fc.asyncModelRun(() => ({ model, real: { h } }), cmds);
      const before = performance.now();
      expect(await differences(model, { h })).toEqual([]);
      expect(await realBalances(model, { h })).toEqual(modelBalances(model));
      const problems = await checkMoney(h.db);
      if (problems.length > 0) throw new Error(`money check: ${JSON.stringify(problems, null, 1)}`);
      checking += performance.now() - before;
    });
    const out = await fc.check(property, { numRuns: RUNS, seed: SEED, endOnFailure: true });
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    const engine = process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite';
    console.info(
      `MC-model on ${engine}: ${runs} runs, ${tally.run} steps (${tally.accepted} accepted, the rest refused as predicted), ` +
        `${seconds} s (end-of-run checks ${(checking / 1000).toFixed(1)} s), seed ${SEED}`,
    );
    if (!out.failed) expect(tally.run).toBeGreaterThanOrEqual(STEP_COUNT);
    if (out.failed) {
      const replay = `MODEL_SEED=${SEED} MODEL_STEPS=${STEP_COUNT} MODEL_RUN_STEPS=${RUN_STEPS}${process.env.DATABASE_URL ? ' DATABASE_URL=...' : ''} npx vitest run --project api server/billing/billingModel.test.ts`;
      throw new Error(
        `MC-model failed on ${engine}, seed ${SEED} (replay: ${replay})\nsteps: ${String(out.counterexample?.[0])}\n` +
          `model: ${JSON.stringify(last)}\n${out.errorInstance instanceof Error ? out.errorInstance.message : String(out.errorInstance)}`,
      );
    }
  }, 7_200_000);
});
