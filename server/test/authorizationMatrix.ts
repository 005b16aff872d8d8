import { mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, expect } from 'vitest';
import { servesGenericWrite, type EntitySchema, type WireRecord } from '../../schemas/define';
import { getSchema, storedSchemas } from '../../schemas/index';
import type { RouteEntry } from '../app';
import { createTestUser } from '../auth/testing';
import { grantSeeded } from './seededRoles';
import { docxSample } from '../offices/testing';
import { DOCX_CONTENT_TYPE } from '../../schemas/offices/officeTemplates';
import { expectedOutcome, judge, outcomeOf, type Outcome, type Rule, SUBJECTS, type Subject } from './accessMatrix';
import { createHarness, type Harness } from './harness';
import { approversEverywhere } from './approvers';
import { Samples } from './samples';
import { collectionPath } from '../rest/values';
import { multipartBody, samples as fileSamples } from '../files/testing';

/**
 * Test support: the authorization matrix - every route x method of the app's own route table,
 * crossed with anonymous, one user per seeded demo role (with the role's real grants) and a user
 * holding two roles, compared with the expectations of `server/test/accessMatrix.ts`. The routes
 * are run in parts by entity ({@link MATRIX_PARTS}, one test file each:
 * `server/rest/authorization.<part>.test.ts`), so no file nears vitest's timeout;
 * `server/rest/authorization.test.ts` proves every route falls in exactly one part.
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

/**
 * Registers the matrix's setup in the calling test file: a harness with a two-file SPA, the
 * approvers, every subject's role with its seeded grants, a user per subject, and a stored PNG and
 * DOCX for the file routes; closed after the file.
 * @example setupMatrix(); it('...', () => runMatrixPart('finance'), 600_000);
 */
export function setupMatrix(): void {
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
    // the outbox holds what lead e-mails queue (server/mail/hooks.ts), which the API does not
    // create: one lead e-mail fills it, so its item routes have a record in whichever part runs them
    const leadEmails = getSchema('leadEmails');
    const queued = await h.json('admin', 'POST', collectionPath(leadEmails), await samples.payload(leadEmails));
    if (queued.status !== 201)
      throw new Error(`setup: a lead e-mail answered ${queued.status}: ${JSON.stringify(queued.body)}`);
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
}

/** The harness and the SPA's static files of the running matrix file (after its setup). */
export const matrixContext = (): { h: Harness; staticFiles: Set<string> } => ({ h, staticFiles });

/** The SPA's history fallback is the not-found handler, not a route: the matrix adds it by hand. */
export const SPA_FALLBACK: RouteEntry = { method: 'GET', url: '/clients/1/show' };

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
  // a stored file is created by an upload: a fresh one per write, so a delete by one subject
  // leaves the next its own file to be refused on (in a part of the matrix nothing else uploads)
  if (schema.name === 'storedFiles') {
    const up = await send(
      SUBJECTS.find((s) => s.roles.includes('ADMIN'))!,
      'POST',
      uploadCall(),
    );
    if (up.statusCode !== 201) throw new Error(`setup: an upload answered ${up.statusCode}: ${up.body}`);
    const { id } = JSON.parse(up.body) as { id: number };
    const stored = await h.json<WireRecord>('admin', 'GET', `${collectionPath(schema)}/${id}`);
    return { id, payload, stored: stored.body };
  }
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

export async function send(
  subject: Subject,
  method: RouteEntry['method'],
  call: Call,
): Promise<LightMyRequestResponse> {
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

/** A part's entities: those of `areas`. */
const inAreas =
  (...areas: string[]) =>
  (s: EntitySchema): boolean =>
    areas.includes(s.area ?? '');

/**
 * The parts the matrix runs in, one test file each (`authorization.<part>.test.ts`), by the entity
 * a route serves: its area, the organisation's in two (people; offices and their accounts). Routes
 * of no entity (sign-in, the SPA, the search, jobs, the money check) run with `administration`.
 * An entity in no part, or in two, fails `server/rest/authorization.test.ts`.
 */
export const MATRIX_PARTS = {
  people: (s: EntitySchema) => s.area === 'organisation' && !s.name.startsWith('office'),
  offices: (s: EntitySchema) => s.area === 'organisation' && s.name.startsWith('office'),
  administration: inAreas('administration'),
  finance: inAreas('finance'),
  engagements: inAreas('engagements', 'work'),
  crm: inAreas('crm'),
  workspace: inAreas('workspace', 'approvals', 'cashbox', 'website'),
} satisfies Record<string, (s: EntitySchema) => boolean>;
export type MatrixPart = keyof typeof MATRIX_PARTS;

/** The parts an entity falls in (exactly one, which the route-table test proves). */
export const partsOf = (schema: EntitySchema): MatrixPart[] =>
  (Object.keys(MATRIX_PARTS) as MatrixPart[]).filter((p) => MATRIX_PARTS[p](schema));

/** The rule of a route (the SPA fallback is public), undefined when the expectations do not know it. */
export const ruleOf = (route: RouteEntry): Rule | undefined =>
  route === SPA_FALLBACK ? { kind: 'public' } : judge(route, storedSchemas(), staticFiles);

/** The part a route runs in: its entity's, `administration` for a route of no entity; undefined when its entity is in none or two. */
export function partOf(rule: Rule | undefined): MatrixPart | undefined {
  if (!rule || (rule.kind !== 'entity' && rule.kind !== 'action')) return 'administration';
  const parts = partsOf(rule.schema);
  return parts.length === 1 ? parts[0] : undefined;
}

/** Every route x method of the app (and the SPA fallback) with the part it runs in. */
export const matrixRoutes = (): Array<{ route: RouteEntry; part: MatrixPart | undefined }> =>
  [...h.app.routeTable, SPA_FALLBACK].map((route) => ({ route, part: partOf(ruleOf(route)) }));

/**
 * Runs one part of the matrix: every route of `part` x every subject, each a real request with
 * real ids and valid bodies; asserts 0 unexpected allows, 0 unexpected denies, 0 answers of 500, a
 * refusal in the contract's shape, nothing written by a refused write, and a public route answering
 * alike whoever calls. Prints the counts.
 * @returns the number of requests sent (routes of the part x subjects)
 */
export async function runMatrixPart(part: MatrixPart): Promise<number> {
  const started = Date.now();
  const routes = matrixRoutes()
    .filter((r) => r.part === part)
    .map((r) => r.route);
  const unexpected: string[] = [];
  let unexpectedAllows = 0;
  let unexpectedDenies = 0;
  const tally = { allow: 0, 401: 0, 403: 0 } as Record<Outcome, number>;
  const statuses = new Map<number, number>();
  let requests = 0;
  for (const route of routes) {
    const rule = ruleOf(route);
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
      // (a stored file is read by its uploader and the readers of a record referencing it: the
      // fresh file a delete is tried on is hidden from the other subjects the same way)
      const hidden =
        res.statusCode === 404 &&
        expected === 403 &&
        rule.kind === 'entity' &&
        rule.item &&
        (!!rule.schema.accessRule || rule.schema.name === 'storedFiles');
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
  if (routes.includes(SPA_FALLBACK)) {
    const fallback = await send(SUBJECTS[0]!, 'GET', { url: SPA_FALLBACK.url });
    expect(fallback.headers['content-type']).toMatch(/^text\/html/);
  }
  console.log(
    `authorization matrix, ${part}: ${routes.length} routes x methods (of ${h.app.routeTable.length} registered + the SPA fallback)` +
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
  return requests;
}
