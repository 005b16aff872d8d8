import { mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasTrash, servesGenericWrite, type EntitySchema, type WireRecord } from '../../schemas/define';
import { storedSchemas } from '../../schemas/index';
import type { RouteEntry } from '../app';
import { createTestUser } from '../auth/testing';
import { grantSeeded } from '../test/seededRoles';
import { docxSample } from '../offices/testing';
import { DOCX_CONTENT_TYPE } from '../../schemas/offices/officeTemplates';
import {
  expectedOutcome,
  expectedPersonalFields,
  judge,
  outcomeOf,
  type Outcome,
  type Rule,
  SUBJECTS,
  type Subject,
} from '../test/accessMatrix';
import { createHarness, type Harness } from '../test/harness';
import { approversEverywhere } from '../test/approvers';
import { Samples } from '../test/samples';
import { collectionPath } from './values';
import { exportColumnsOf } from '../transfer/export';
import { multipartBody, samples as fileSamples } from '../files/testing';

/**
 * The authorization matrix: every route x method of the app's own route table, crossed with
 * anonymous, one user per seeded demo role (with the role's real grants) and a user holding two
 * roles, compared with the expectations of `server/test/accessMatrix.ts`.
 */
let h: Harness;
let samples: Samples;
let spaDir: string;
let staticFiles: Set<string>;

/** A built SPA of two files, so the static routes and the history fallback are registered. */
function fakeSpa(): string {
  const dir = mkdtempSync(join(tmpdir(), 'bureau-matrix-spa-'));
  writeFileSync(join(dir, 'index.html'), '<!doctype html><title>Bureau</title><div id="root"></div>');
  mkdirSync(join(dir, 'assets'));
  writeFileSync(join(dir, 'assets', 'app-1234.js'), 'console.log(1)');
  return dir;
}

const filesUnder = (dir: string): string[] =>
  readdirSync(dir).flatMap((f) => (statSync(join(dir, f)).isDirectory() ? filesUnder(join(dir, f)) : [join(dir, f)]));

beforeAll(async () => {
  spaDir = fakeSpa();
  staticFiles = new Set(filesUnder(spaDir).map((f) => `/${relative(spaDir, f).split('\\').join('/')}`));
  h = await createHarness({ spaDir });
  // MC-6: documents with an approval need their office's approvers
  await approversEverywhere(h);
  samples = new Samples(h);
  for (const role of new Set(SUBJECTS.flatMap((s) => s.roles))) await grantSeeded(h.db, role);
  for (const s of SUBJECTS)
    if (s.username) await createTestUser(h.db, { username: s.username, roles: s.roles.map((name) => ({ name })) });
  // a stored file for the item and download routes to read
  const upload = await send(
    SUBJECTS.find((s) => s.roles.includes('ADMIN'))!,
    'POST',
    uploadCall(),
  );
  if (upload.statusCode !== 201) throw new Error(`setup: the upload answered ${upload.statusCode}: ${upload.body}`);
  // a Word document for the office templates, whose file field offers DOCX files only
  const docx = await send(
    SUBJECTS.find((s) => s.roles.includes('ADMIN'))!,
    'POST',
    {
      url: '/core/api/storedFiles',
      multipart: multipartBody([{ filename: 'matrix.docx', type: DOCX_CONTENT_TYPE, data: docxSample() }]),
    },
  );
  if (docx.statusCode !== 201) throw new Error(`setup: the DOCX upload answered ${docx.statusCode}: ${docx.body}`);
});
afterAll(async () => {
  await h?.close();
  if (spaDir) rmSync(spaDir, { recursive: true, force: true });
});

/** The SPA's history fallback is the not-found handler, not a route: the matrix adds it by hand. */
const SPA_FALLBACK: RouteEntry = { method: 'GET', url: '/clients/1/show' };

interface Call {
  url: string;
  body?: unknown;
  form?: string;
  /** A multipart body (the upload of stored files). */
  multipart?: { payload: Buffer; contentType: string };
  /** After a refused write: what changed anyway (undefined when nothing did). */
  unchanged?: () => Promise<string | undefined>;
  /** The record an item action is called on. */
  row?: WireRecord;
}

async function rowCount(schema: EntitySchema): Promise<number> {
  const [row] = await h.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM "${schema.table}"`);
  return Number(row?.n);
}

/** A field the PATCH of a target changes: a plain writable text. */
const patchBody = (schema: EntitySchema): WireRecord => {
  const field = Object.entries(schema.fields).find(
    ([, fd]) => !fd.readOnly && !fd.unique && !fd.pattern && (fd.type === 'text' || fd.type === 'longText'),
  )?.[0];
  return field ? { [field]: 'Changed by the matrix' } : {};
};

/** A move from the initial status that needs no privilege beyond the entity's `update`. */
const moveBody = (schema: EntitySchema): WireRecord => {
  const status = schema.status!;
  const move = status.transitions.find(
    (t) => t.from.includes(status.initial) && (t.privilege === undefined || t.privilege === 'update'),
  );
  if (!move) throw new Error(`setup: ${schema.name} has no plain move from its initial status`);
  return { to: move.to[0], comment: 'Moved by the matrix' };
};

/** A record of `schema` created by the fixture admin for one write of the matrix, and its payload. */
async function target(schema: EntitySchema): Promise<{ id: number; payload: WireRecord; stored: WireRecord }> {
  const payload = await samples.payload(schema);
  // rows the API does not create (payers written inside their budget, the calculation's debts):
  // the fixture's first row
  if (!servesGenericWrite(schema, 'create')) {
    const id = await samples.firstId(schema);
    if (id === undefined) throw new Error(`setup: the fixture has no ${schema.name}`);
    const r = await h.json<WireRecord>('admin', 'GET', `${collectionPath(schema)}/${id}`);
    return { id, payload, stored: r.body };
  }
  const r = await h.json<WireRecord & { id: number }>('admin', 'POST', collectionPath(schema), payload);
  if (r.status !== 201)
    throw new Error(`setup: creating a ${schema.name} answered ${r.status}: ${JSON.stringify(r.body)}`);
  return { id: r.body.id, payload, stored: r.body };
}

let attempts = 0;

/** The concrete request of a route under its rule: real ids, valid bodies, a fresh record per write. */
async function callOf(route: RouteEntry, rule: Rule): Promise<Call> {
  const url = route.url.replace(':uid', 'no-such-interaction').replace('*', '.well-known/openid-configuration');
  if (rule.kind === 'public' || rule.kind === 'signedIn') {
    // a new unknown user name each time, so the sign-in attempt limits (per user name) never answer instead
    const form = new URLSearchParams({ username: `matrix-nobody-${++attempts}`, password: 'wrong' }).toString();
    return route.method === 'POST' && url.startsWith('/oidc') ? { url, form } : { url };
  }
  // the global search answers every usable account: a word to look for
  if (rule.kind === 'user') return { url: `${url}?q=a` };
  // the money check takes no input
  if (rule.kind === 'admin') return { url };
  // a route deciding by role names (the cashbox calculation): access is judged before the body
  if (rule.kind === 'roles') return { url, body: {} };
  if (rule.kind === 'action') {
    // an empty input: access is judged before the input is validated
    if (!rule.item) return { url, body: {} };
    const { id, stored } = await target(rule.schema);
    return { url: url.replace(':id', String(id)), body: {}, row: stored };
  }
  const { schema, action, item } = rule;
  if (!item) {
    if (action === 'view') return { url: `${url}?size=1` };
    const before = await rowCount(schema);
    const unchanged = async () => {
      const after = await rowCount(schema);
      return after === before ? undefined : `${after - before} row(s) created`;
    };
    if (schema.name === 'storedFiles') return { ...uploadCall(url), unchanged };
    return { url, body: await samples.payload(schema), unchanged };
  }
  if (action === 'view') {
    const id = await samples.firstId(schema);
    if (id === undefined) throw new Error(`setup: the fixture has no ${schema.name}`);
    return { url: url.replace(':id', String(id)) };
  }
  const { id, payload, stored } = await target(schema);
  const body =
    rule.sub === 'transitions'
      ? moveBody(schema)
      : route.method === 'PUT'
        ? payload
        : route.method === 'PATCH'
          ? patchBody(schema)
          : undefined;
  const itemUrl = url.replace(':id', String(id));
  const recordUrl = `${collectionPath(schema)}/${id}`;
  const unchanged = async () => {
    const now = await h.json<WireRecord>('admin', 'GET', recordUrl);
    if (now.status !== 200) return `the record is gone (${now.status})`;
    const lock = schema.lockProperty;
    return now.body[lock] === stored[lock]
      ? undefined
      : `version ${String(stored[lock])} became ${String(now.body[lock])}`;
  };
  return { url: itemUrl, body, unchanged, row: stored };
}

async function send(subject: Subject, method: RouteEntry['method'], call: Call): Promise<LightMyRequestResponse> {
  const headers: Record<string, string> = {};
  if (subject.username) headers.authorization = `Bearer ${await h.token(subject.username)}`;
  let payload: string | Buffer | undefined;
  if (call.multipart) {
    headers['content-type'] = call.multipart.contentType;
    payload = call.multipart.payload;
  } else if (call.form !== undefined) {
    headers['content-type'] = 'application/x-www-form-urlencoded';
    payload = call.form;
  } else if (call.body !== undefined) {
    headers['content-type'] = 'application/json';
    payload = JSON.stringify(call.body);
  }
  return h.app.inject({ method, url: call.url, headers, ...(payload !== undefined ? { payload } : {}) });
}

/** The upload of one real PNG to the stored files. */
const uploadCall = (url = '/core/api/storedFiles'): Call => ({
  url,
  multipart: multipartBody([{ filename: 'matrix.png', type: 'image/png', data: fileSamples.png() }]),
});

/** What is wrong with a 401/403 answer, or undefined when it has the contract's shape. */
function refusalProblem(method: RouteEntry['method'], res: LightMyRequestResponse): string | undefined {
  if (res.statusCode === 401 && !String(res.headers['www-authenticate'] ?? '').startsWith('Bearer'))
    return 'without WWW-Authenticate: Bearer';
  if (method === 'HEAD') return undefined;
  try {
    const body = JSON.parse(res.body) as { message?: unknown };
    return typeof body.message === 'string' && body.message !== '' ? undefined : `body without a message: ${res.body}`;
  } catch {
    return `body is not JSON: ${res.body.slice(0, 100)}`;
  }
}

describe('authorization matrix', () => {
  it('authorization matrix: every route x method the app registered is judged by the expectations', () => {
    const unjudged = h.app.routeTable.filter((r) => !judge(r, storedSchemas(), staticFiles));
    expect(unjudged).toEqual([]);
    // every stored schema's routes are in the table: GET/HEAD of the collection and of an item; the
    // generic writes it serves (POST and POST-slash, PUT and PATCH, DELETE); GET/HEAD of its history
    // unless it keeps none, and the revert of a history entry when it is edited too; plus the upload (POST, POST-slash) and download (GET/HEAD) of stored files.
    // A route per method of each action, and a schema with a status has its transitions (POST) and
    // status history (GET/HEAD) routes.
    const rules = h.app.routeTable.map((r) => judge(r, storedSchemas(), staticFiles));
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
    for (const r of unknown) expect(judge(r, storedSchemas(), staticFiles), `${r.method} ${r.url}`).toBeUndefined();
  });

  it('authorization matrix: every route x method x subject, 0 unexpected allows and 0 unexpected denies', async () => {
    const started = Date.now();
    const routes = [...h.app.routeTable, SPA_FALLBACK];
    const unexpected: string[] = [];
    let unexpectedAllows = 0;
    let unexpectedDenies = 0;
    const tally = { allow: 0, 401: 0, 403: 0 } as Record<Outcome, number>;
    const statuses = new Map<number, number>();
    let requests = 0;
    for (const route of routes) {
      const rule: Rule | undefined =
        route === SPA_FALLBACK ? { kind: 'public' } : judge(route, storedSchemas(), staticFiles);
      if (!rule) {
        unexpected.push(`${route.method} ${route.url}: no expectation`);
        continue;
      }
      let anonymousStatus: number | undefined;
      for (const subject of SUBJECTS) {
        const call = await callOf(route, rule);
        const expected = expectedOutcome(rule, subject, call.row);
        const res = await send(subject, route.method, call);
        requests++;
        statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
        // an item the entity's access rule hides from the subject answers 404 to a write: refused as
        // surely as by the 403 its row predicate would give a reader of it (a view shared with others)
        const hidden =
          res.statusCode === 404 && expected === 403 && rule.kind === 'entity' && rule.item && !!rule.schema.accessRule;
        // a write naming a record the subject may not read is refused at that reference, as for a
        // missing record (H2-04): as sure a refusal as the 403 the row rule would give after it
        const hiddenReference =
          res.statusCode === 400 &&
          expected === 403 &&
          rule.kind === 'entity' &&
          res.body.includes('references a record that does not exist');
        const got = hidden || hiddenReference ? 403 : outcomeOf(res.statusCode);
        tally[got]++;
        const what = `${subject.name} ${route.method} ${route.url}`;
        if (res.statusCode >= 500) unexpected.push(`${what}: ${res.statusCode} ${res.body.slice(0, 200)}`);
        else if (got !== expected) {
          if (got === 'allow') unexpectedAllows++;
          else if (expected === 'allow') unexpectedDenies++;
          unexpected.push(`${what}: expected ${expected}, got ${res.statusCode} ${res.body.slice(0, 200)}`);
        }
        // a refusal is the contract's error: `{ message }`, and a 401 challenges for a bearer token
        if (got !== 'allow') {
          const problem = refusalProblem(route.method, res);
          if (problem) unexpected.push(`${what}: ${res.statusCode} ${problem}`);
        }
        // a refused write wrote nothing
        const written = got !== 'allow' && call.unchanged ? await call.unchanged() : undefined;
        if (written) unexpected.push(`${what}: refused with ${res.statusCode} but ${written}`);
        // a public route answers the same whoever calls: a token changes nothing there
        if (rule.kind === 'public') {
          anonymousStatus ??= res.statusCode;
          if (res.statusCode !== anonymousStatus)
            unexpected.push(`${what}: ${res.statusCode}, anonymous got ${anonymousStatus}`);
        }
      }
      // the records made for the writes of privileges and roles grant sample privileges to roles:
      // the subjects' roles get their seeded privileges back, so every route is judged on those
      if ((rule.kind === 'entity' || rule.kind === 'action') && ['privileges', 'roles'].includes(rule.schema.name))
        for (const role of new Set(SUBJECTS.flatMap((s) => s.roles))) await grantSeeded(h.db, role);
    }
    const fallback = await send(SUBJECTS[0]!, 'GET', { url: SPA_FALLBACK.url });
    expect(fallback.headers['content-type']).toMatch(/^text\/html/);
    console.log(
      `authorization matrix: ${routes.length} routes x methods (${h.app.routeTable.length} registered + the SPA fallback)` +
        ` x ${SUBJECTS.length} subjects = ${requests} requests in ${Date.now() - started} ms;` +
        ` ${tally.allow} allowed, ${tally[401]} x 401, ${tally[403]} x 403; ${unexpectedAllows} unexpected allows,` +
        ` ${unexpectedDenies} unexpected denies, ${unexpected.length} findings in all;` +
        ` statuses ${[...statuses]
          .sort(([a], [b]) => a - b)
          .map(([status, n]) => `${status} x ${n}`)
          .join(', ')}`,
    );
    expect(requests).toBe(routes.length * SUBJECTS.length);
    expect(unexpected).toEqual([]);
  }, 600_000);
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
