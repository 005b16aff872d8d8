import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { hasTrash, servesGenericWrite, type EntitySchema, type WireRecord } from '../../schemas/define';
import { storedSchemas } from '../../schemas/index';
import type { RouteEntry } from '../app';
import { expectedOutcome, expectedPersonalFields, judge, SUBJECTS } from '../test/accessMatrix';
import {
  MATRIX_PARTS,
  matrixContext,
  matrixRoutes,
  partsOf,
  ruleOf,
  send,
  setupMatrix,
} from '../test/authorizationMatrix';
import { exportColumnsOf } from '../transfer/export';
import { collectionPath } from './values';

/**
 * The authorization matrix (server/test/authorizationMatrix.ts): here, the route table judged and
 * split into parts, and the personal fields (H2-05); the requests of every route x subject run in
 * one file per part, `authorization.<part>.test.ts`.
 */
setupMatrix();

describe('authorization matrix', () => {
  it('authorization matrix: every route x method the app registered is judged by the expectations', () => {
    const unjudged = matrixContext().h.app.routeTable.filter(
      (r) => !judge(r, storedSchemas(), matrixContext().staticFiles),
    );
    expect(unjudged).toEqual([]);
    // every stored schema's routes are in the table: GET/HEAD of the collection and of an item; the
    // generic writes it serves (POST and POST-slash, PUT and PATCH, DELETE); GET/HEAD of its history
    // unless it keeps none, and the revert of a history entry when it is edited too; plus the upload (POST, POST-slash) and download (GET/HEAD) of stored files.
    // A route per method of each action, and a schema with a status has its transitions (POST) and
    // status history (GET/HEAD) routes.
    const rules = matrixContext().h.app.routeTable.map((r) => judge(r, storedSchemas(), matrixContext().staticFiles));
    const entity = rules.filter((r) => r?.kind === 'entity' && !r.sub);
    const served = (s: EntitySchema) =>
      4 +
      (servesGenericWrite(s, 'create') ? 2 : 0) +
      (servesGenericWrite(s, 'update') ? 2 : 0) +
      (servesGenericWrite(s, 'delete') ? 1 : 0) +
      (s.history === false ? 0 : 2) +
      // taking back a recorded change (POST), an edit of the record
      (s.history !== false && servesGenericWrite(s, 'update') ? 1 : 0) +
      // the bulk change of a selection (POST), judged by the update privilege
      (servesGenericWrite(s, 'update') ? 1 : 0) +
      // the export (GET, HEAD) reads the list; the import's three steps create (server/transfer/routes.ts);
      // stored files have routes of their own
      (s.name === 'storedFiles' ? 0 : 2 + (servesGenericWrite(s, 'create') ? 3 : 0)) +
      // the trash (GET, HEAD), restore (POST) and purge (DELETE), judged as a delete (server/trash/)
      (hasTrash(s) ? 4 : 0);
    // an Excel export (POST) is judged as a read of its entity
    const exports = storedSchemas().filter((s) => s.excel).length;
    // a document route (GET, no HEAD) is judged as an item read of its entity
    const documents = storedSchemas().filter((s) => s.documents).length;
    expect(entity).toHaveLength(storedSchemas().reduce((n, s) => n + served(s), 0) + 4 + exports + documents);
    const actions = rules.filter((r) => r?.kind === 'action');
    // a GET action is answered on HEAD too
    const declared = storedSchemas().flatMap((s) =>
      Object.values(s.actions ?? {}).flatMap((a) =>
        (a.methods ?? ['POST']).flatMap((m) => (m === 'GET' ? [m, 'HEAD'] : [m])),
      ),
    );
    expect(actions).toHaveLength(declared.length);
    const status = rules.filter((r) => r?.kind === 'entity' && r.sub);
    expect(status).toHaveLength(storedSchemas().filter((s) => s.status).length * 3);
  });

  it('authorization matrix: a route the expectations do not know is reported, not passed', () => {
    const unknown: RouteEntry[] = [
      { method: 'GET', url: '/core/api/reports/secret' },
      { method: 'POST', url: '/core/api/clients/:id/merge' },
      { method: 'OPTIONS', url: '/core/api/clients' },
      { method: 'POST', url: '/core/api/auth2/info' },
      { method: 'DELETE', url: '/app-config.json' },
    ];
    for (const r of unknown)
      expect(judge(r, storedSchemas(), matrixContext().staticFiles), `${r.method} ${r.url}`).toBeUndefined();
  });

  it('authorization matrix: every route x method falls in exactly one part, each run by its own file', () => {
    const routes = matrixRoutes();
    expect(routes.filter((r) => r.part === undefined).map((r) => `${r.route.method} ${r.route.url}`)).toEqual([]);
    expect(
      storedSchemas()
        .filter((s) => partsOf(s).length !== 1)
        .map((s) => `${s.name}: ${partsOf(s).join(', ')}`),
    ).toEqual([]);
    for (const part of Object.keys(MATRIX_PARTS))
      expect(existsSync(join(import.meta.dirname, `authorization.${part}.test.ts`)), part).toBe(true);
    const counts = Object.keys(MATRIX_PARTS).map((p) => `${p} ${routes.filter((r) => r.part === p).length}`);
    const byArea = new Map<string, number>();
    for (const { route } of routes) {
      const rule = ruleOf(route);
      const area =
        rule && (rule.kind === 'entity' || rule.kind === 'action') ? (rule.schema.area ?? '') : '(no entity)';
      byArea.set(area, (byArea.get(area) ?? 0) + 1);
    }
    console.log(`authorization matrix routes by area: ${[...byArea].map(([a, n]) => `${a} ${n}`).join(', ')}`);
    console.log(
      `authorization matrix: ${routes.length} routes x methods x ${SUBJECTS.length} subjects = ${routes.length * SUBJECTS.length} requests, in parts: ${counts.join(', ')}`,
    );
  });
});

describe('authorization matrix: fields', () => {
  it('H2-05 authorization matrix: every personal field x subject is in the list, the record and the export exactly when the declarations grant it, and filtering on a hidden one is 400', async () => {
    const personal = storedSchemas().filter((s) => Object.values(s.fields).some((fd) => fd.readModules));
    expect(personal.map((s) => s.name)).toContain('employees');
    const unexpected: string[] = [];
    let checks = 0;
    for (const schema of personal) {
      const path = collectionPath(schema);
      for (const subject of SUBJECTS) {
        if (expectedOutcome({ kind: 'entity', schema, action: 'view', item: false }, subject) !== 'allow') continue;
        const { read, hidden } = expectedPersonalFields(schema, subject);
        const what = (field: string, where: string) => `${subject.name} ${schema.name}.${field} ${where}`;
        const list = await send(subject, 'GET', { url: `${path}?size=5` });
        expect(list.statusCode, list.body).toBe(200);
        const items = Object.values(
          (JSON.parse(list.body) as { _embedded: Record<string, WireRecord[]> })._embedded,
        )[0]!;
        expect(items.length, `${schema.name}: a row to read`).toBeGreaterThan(0);
        const one = await send(subject, 'GET', { url: `${path}/${items[0]!.id}` });
        expect(one.statusCode, one.body).toBe(200);
        const record = JSON.parse(one.body) as WireRecord;
        const exported = await send(subject, 'GET', { url: `${path}/export?format=csv` });
        expect(exported.statusCode, exported.body).toBe(200);
        const titles = exported.body
          .replace(/^\ufeff/, '')
          .split('\r\n')[0]!
          .split(',');
        const declaredTitles = new Map(
          exportColumnsOf(schema, { roles: ['ADMIN'], privileges: new Map() } as never).map((c) => [c.source, c.title]),
        );
        for (const field of [...read, ...hidden]) {
          const shown = read.includes(field);
          checks++;
          if (items.some((item) => Object.hasOwn(item, field) !== shown)) unexpected.push(what(field, 'in the list'));
          if (Object.hasOwn(record, field) !== shown) unexpected.push(what(field, 'in the record'));
          const title = declaredTitles.get(field);
          if (title && titles.includes(title) !== shown) unexpected.push(what(field, 'in the export'));
          const filtered = await send(subject, 'GET', { url: `${path}?${field}.isNull=false` });
          if ((filtered.statusCode === 400) === shown)
            unexpected.push(what(field, `filtered: ${filtered.statusCode} ${filtered.body.slice(0, 120)}`));
        }
      }
    }
    console.log(`authorization matrix, fields: ${checks} personal field x subject pairs judged`);
    expect(checks).toBeGreaterThan(0);
    expect(unexpected).toEqual([]);
  }, 120_000);
});
