// @vitest-environment node
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { spaInputs, ROOT } from './spaGraph';
import { describe, expect, it } from 'vitest';

/**
 * What the SPA's first load may not import (bench/ui/README.md, "initial JS", goal <= 0.85x stock
 * react-admin and flat in the number of entities): the modules `src/main.tsx` reaches through
 * static imports only (a dynamic `import()` is a lazy chunk), read from the module graph esbuild
 * resolves - the same graph Vite's entry chunk is cut from, without a build. A hit prints the
 * chain of importers from `src/main.tsx`, which is where a lazy boundary is missing.
 */

/**
 * The first load's static graph: every repository module and npm package (by its import path)
 * that `entry` reaches without crossing a dynamic import, each with the module that imports it.
 */
async function staticGraph(entry: string): Promise<Map<string, string | null>> {
  const inputs = await spaInputs(entry);
  const reached = new Map<string, string | null>([[entry, null]]);
  const queue = [entry];
  while (queue.length > 0) {
    const from = queue.shift()!;
    for (const imp of inputs[from]?.imports ?? []) {
      if (imp.kind !== 'import-statement' || reached.has(imp.path)) continue;
      reached.set(imp.path, from);
      if (!imp.external) queue.push(imp.path);
    }
  }
  return reached;
}

/** `src/main.tsx -> ... -> module`, for the failure message. */
const chainTo = (graph: Map<string, string | null>, module: string): string => {
  const chain: string[] = [];
  for (let m: string | null | undefined = module; m; m = graph.get(m)) chain.unshift(m);
  return chain.join(' -> ');
};

describe('the SPA first load (bench:ui initial JS)', () => {
  it('imports neither zod, decimal.js nor the field types validators, which come with the forms and money cells that need them', async () => {
    const graph = await staticGraph('src/main.tsx');
    const banned = [...graph.keys()].filter(
      (m) => m === 'zod' || m.startsWith('zod/') || m === 'decimal.js' || m.startsWith('schemas/fieldTypes/'),
    );
    expect(banned.map((m) => chainTo(graph, m))).toEqual([]);
  }, 60_000);

  it('imports neither MUI X Charts, exceljs nor the dashboards page: they load with the page (its texts are in the catalogue)', async () => {
    const graph = await staticGraph('src/main.tsx');
    const banned = [...graph.keys()].filter(
      (m) =>
        m.startsWith('@mui/x-charts') ||
        m === 'exceljs' ||
        (m.startsWith('src/dashboards/') && m !== 'src/dashboards/text.ts'),
    );
    expect(banned.map((m) => chainTo(graph, m))).toEqual([]);
  }, 60_000);

  it('calls no form hook (react-admin useInput, react-hook-form) in a module of its own: the file input loads with the first form', async () => {
    const graph = await staticGraph('src/main.tsx');
    const formHook = /\b(useInput|useFormContext|useWatch|useController)\s*\(|from 'react-hook-form'/;
    const users = [...graph.keys()].filter(
      (m) => /^(src|schemas|dataProvider)\//.test(m) && formHook.test(readFileSync(resolve(ROOT, m), 'utf8')),
    );
    expect(users.map((m) => chainTo(graph, m))).toEqual([]);
  }, 60_000);

  it('holds no entity declaration, nor the registry: each schema comes with its first route (flat in the number of entities)', async () => {
    const graph = await staticGraph('src/main.tsx');
    const entityFiles = new Set(
      [...readFileSync(resolve(ROOT, 'schemas/entities.ts'), 'utf8').matchAll(/from '\.\/([^']+)'/g)].map(
        ([, path]) => `schemas/${path}.ts`,
      ),
    );
    expect(entityFiles.size).toBeGreaterThan(50);
    const banned = [...graph.keys()].filter(
      (m) => entityFiles.has(m) || m === 'schemas/index.ts' || m === 'schemas/entities.ts' || m === 'schemas/check.ts',
    );
    expect(banned.map((m) => chainTo(graph, m))).toEqual([]);
  }, 60_000);
});
