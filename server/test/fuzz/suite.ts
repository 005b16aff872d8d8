import { relative } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '../harness';
import { approversEverywhere } from '../approvers';
import { fillPools, fuzzOperation, type OperationResult, readOperations } from './runner';
import type { Operation, Pools } from './requests';

/**
 * The fuzz test of every operation of `/core/api/openapi.json`, split in groups of collections so
 * the test runner spreads it over its workers (one test file per group, each on its own database).
 */

/**
 * Collections per group, to spread the work evenly. A collection no group names (a newly added
 * entity) is fuzzed with the website group ({@link REST_GROUP}), so adding an entity needs no line
 * here; a name here that the document lacks fails.
 */
export const FUZZ_GROUPS: string[][] = [
  ['clients', 'contacts', 'contactComments', 'leads', 'currencies', 'leadEmails', 'emailTemplates', 'outboxMessages'],
  ['offices', 'departments', 'employees', 'positions', 'ideas', 'ideaVotes', 'savedViews'],
  ['baseDictionaryTypes', 'baseDictionaries', 'users', 'roles', 'privileges', 'storedFiles', 'currencyRates'],
  ['times', 'titles', 'verificationChains', 'verificationApprovers', 'officeApprovers'],
  ['projects', 'projectManagers', 'matters', 'matterTeams', 'matterRates'],
  [
    'officeAccounts',
    'officeTransitAccounts',
    'officeIncomeDistributions',
    'officeIncomeDistributionPercents',
    'officeTemplates',
  ],
  ['employeeTitles', 'positionFunds', 'positionRates'],
  [
    'budgets',
    'budgetPayers',
    'cashboxPeriods',
    'cashboxOfficeDebts',
    'cashboxOfficeDebtCreditors',
    'cashboxOfficeDebtDetails',
    'cashboxGroupProfits',
    'cashboxPositionProfits',
    'cashboxPositionIncomes',
    'cashboxPositionExpenses',
    'cashboxBudgetDistributions',
    'cashboxFundIncomes',
    'cashboxTechnicalExpenses',
    'cashboxFundBalances',
    'cashboxGroupBudgetTransfers',
    'cashboxEmployeeBalances',
    'cashboxSources',
    'cashboxNetIncomes',
  ],
  ['storageFolders', 'matterSharedMaterials', 'generatedDocuments'],
  ['contentPublicationForms', 'contentTags'],
  ['suppliers', 'expenses', 'expensePayers', 'paymentHistories'],
  ['preInvoices', 'invoices', 'invoiceQuotas'],
];

/**
 * Valid and mutated requests per operation (each): `FUZZ_RUNS` when set, else 40 on the embedded
 * PGlite and 20 on a PostgreSQL server (`DATABASE_URL`, the second leg of `npm test`). Every run
 * draws new requests (a fresh `FUZZ_SEED`), so the CI runs together cover far more than one run's
 * count; `npm run test:fuzz` sends 1,000 of each on PGlite, for a change to the request handling
 * or the fuzzer itself. Figures per count are in docs/testing.md.
 */
export const FUZZ_RUNS = Number(process.env.FUZZ_RUNS ?? (process.env.DATABASE_URL ? 20 : 40));

/**
 * The seed of this run's requests: `FUZZ_SEED` when set (to replay a failure), else a fresh random
 * one. Each group prints it, and a failure names it with the command that replays it.
 */
export const FUZZ_SEED = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : Math.floor(Math.random() * 2 ** 31);

/** The group that also fuzzes every collection no group names. */
export const REST_GROUP = FUZZ_GROUPS.findIndex((g) => g.includes('contentTags'));

/** Declares the fuzz test of group `index` (0-based) of `FUZZ_GROUPS`. */
export function fuzzGroup(index: number): void {
  const named = FUZZ_GROUPS[index]!;
  let group: string[] = named;
  let h: Harness;
  let ops: Operation[];
  let pools: Pools;
  beforeAll(async () => {
    h = await createHarness();
    // MC-6: documents with an approval need their office's approvers
    await approversEverywhere(h);
    ops = await readOperations(h);
    if (index === REST_GROUP) {
      const grouped = new Set(FUZZ_GROUPS.flat());
      group = [...named, ...new Set(ops.map((o) => o.entity.name).filter((n) => !grouped.has(n)))];
    }
    pools = await fillPools(
      h,
      ops.filter((o) => group.includes(o.entity.name)),
    );
  });
  afterAll(async () => h?.close());

  describe(`fuzz ${named.join(', ')}${index === REST_GROUP ? ' and every collection no group names' : ''}`, () => {
    it('fuzz every collection a group names is in /core/api/openapi.json', () => {
      const documented = new Set(ops.map((o) => o.entity.name));
      expect(FUZZ_GROUPS.flat().filter((n) => !documented.has(n))).toEqual([]);
    });

    it(`fuzz ${FUZZ_RUNS} valid and ${FUZZ_RUNS} mutated requests per operation: 0 answers 5xx, every 4xx in the contract's error format`, async () => {
      const started = performance.now();
      const results: OperationResult[] = [];
      for (const op of ops.filter((o) => group.includes(o.entity.name))) {
        results.push(await fuzzOperation(h, op, pools, FUZZ_RUNS, FUZZ_SEED));
      }
      const file = relative(process.cwd(), expect.getState().testPath ?? 'server/test/fuzz');
      const replay = `FUZZ_SEED=${FUZZ_SEED} FUZZ_RUNS=${FUZZ_RUNS}${process.env.DATABASE_URL ? ' DATABASE_URL=...' : ''} npx vitest run --project api ${file}`;
      const seconds = ((performance.now() - started) / 1000).toFixed(1);
      console.log(
        `fuzz ${group.join(', ')}: ${results.length} operations, ${seconds} s, seed ${FUZZ_SEED} (replay: ${replay})\n` +
          results
            .map(
              (r) =>
                `  ${r.operation} (${(r.ms / 1000).toFixed(1)} s): ${r.valid} valid (${r.validOk} 2xx), ${r.mutated} mutated; ${JSON.stringify(r.statuses)}`,
            )
            .join('\n'),
      );
      for (const r of results) {
        expect(r.valid, r.operation).toBe(FUZZ_RUNS);
        expect(r.mutated, r.operation).toBe(FUZZ_RUNS);
      }
      expect(
        results.flatMap((r) => r.failures),
        `replay: ${replay}`,
      ).toEqual([]);
    }, 1_200_000);
  });
}
