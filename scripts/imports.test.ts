import { cruise, type ICruiseResult } from 'dependency-cruiser';
import extractDepcruiseOptions from 'dependency-cruiser/config-utl/extract-depcruise-options';
import extractTSConfig from 'dependency-cruiser/config-utl/extract-ts-config';
import { beforeAll, describe, expect, it } from 'vitest';

/**
 * The import graph of the product's code obeys the rules of `.dependency-cruiser.cjs`: no cycle,
 * and no generic room (schema machinery, generic service, generated views, data provider) importing
 * an area. `KNOWN` lists the violations that remain to be untangled; the test fails on any other,
 * and on a listed one that is gone (take it off the list), so the list only shrinks.
 */
const KNOWN: readonly string[] = [
  'generic-imports-area: src/resources/fieldTypes/display.tsx -> src/files/renderers.tsx',
  'generic-imports-area: src/resources/fieldTypes/inputs.tsx -> src/files/renderers.tsx',
  'generic-imports-area: src/resources/views/SchemaShow.tsx -> src/approvals/VerificationPanel.tsx',
  'no-cycle: schemas/accessRule.ts -> schemas/define.ts -> schemas/accessRule.ts',
  'no-cycle: schemas/approvals/verificationChains.ts -> schemas/index.ts -> schemas/approvals/verificationChains.ts',
  'no-cycle: schemas/documents/generatedDocuments.ts -> schemas/index.ts -> schemas/documents/generatedDocuments.ts',
  'no-cycle: schemas/fieldTypes/embedded.ts -> schemas/fieldTypes/index.ts -> schemas/fieldTypes/embedded.ts',
  'no-cycle: src/resources/fieldTypes/display.tsx -> src/resources/fieldTypes/structured/display.tsx -> src/resources/fields/parts.tsx -> src/resources/fields/index.tsx -> src/resources/fieldTypes/display.tsx',
  'no-cycle: src/resources/fieldTypes/inputs.tsx -> src/resources/fieldTypes/structured/input.tsx -> src/resources/inputs/InputByType.tsx -> src/resources/fieldTypes/inputs.tsx',
  'no-cycle: src/resources/fields/index.tsx -> src/resources/fieldTypes/display.tsx -> src/resources/fieldTypes/reference/display.tsx -> src/resources/fields/parts.tsx -> src/resources/fields/index.tsx',
  'no-cycle: src/resources/views/ImportDialog.tsx -> src/resources/views/TransferButtons.tsx -> src/resources/views/ImportDialog.tsx',
];

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

  it('has no import cycle and no generic room importing an area, beyond the known ones being untangled', () => {
    const found = violations();
    expect(
      found.filter((v) => !KNOWN.includes(v)),
      'new violations',
    ).toEqual([]);
    expect(
      KNOWN.filter((v) => !found.includes(v)),
      'fixed: take these off KNOWN',
    ).toEqual([]);
  });
});
