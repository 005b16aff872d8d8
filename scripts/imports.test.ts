import { cruise, type ICruiseResult } from 'dependency-cruiser';
import extractDepcruiseOptions from 'dependency-cruiser/config-utl/extract-depcruise-options';
import extractTSConfig from 'dependency-cruiser/config-utl/extract-ts-config';
import { beforeAll, describe, expect, it } from 'vitest';

/**
 * The import graph of the product's code obeys the rules of `.dependency-cruiser.cjs`: no cycle,
 * and no generic room (schema machinery, generic service, generated views, data provider) importing
 * an area (areas register into the generic rooms instead). The test fails on any violation and
 * names it as `rule: from -> to`.
 */

let result: ICruiseResult;
beforeAll(async () => {
  const options = await extractDepcruiseOptions('./.dependency-cruiser.cjs');
  const tsConfig = extractTSConfig('tsconfig.json');
  const output = await cruise(['schemas', 'server', 'src', 'dataProvider'], options, undefined, { tsConfig });
  result = output.output as ICruiseResult;
}, 120_000);

/** One line per violation: `rule: from -> to` (a cycle: its modules in order). */
const violations = () =>
  [
    ...new Set(
      result.summary.violations.map((v) =>
        v.rule.name === 'no-cycle' && v.cycle
          ? `${v.rule.name}: ${[v.from, ...v.cycle.map((c) => c.name)].join(' -> ')}`
          : `${v.rule.name}: ${v.from} -> ${v.to}`,
      ),
    ),
  ].sort();

describe('the import graph', () => {
  it('cruises the whole product', () => {
    expect(result.summary.totalCruised).toBeGreaterThan(400);
  });

  it('has no import cycle and no generic room importing an area', () => {
    expect(violations()).toEqual([]);
  });
});
