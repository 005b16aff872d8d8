import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailTemplates } from '../../schemas/crm/emailTemplates';
import { sanitizeRichText } from '../rest/html';
import { createHarness, type Harness } from '../test/harness';

/** E-mail templates (MAIL-06..10, NAV-102): CRUD under `project`, the rich text body sanitised by the server. */
const URL_ = '/core/api/emailTemplates';
interface Template {
  id: number;
  version: number;
  name: string;
  subject: string;
  body: string | null;
  projectId: number | null;
}
type Page = { _embedded: { emailTemplates: Template[] } };

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => h?.close());

const create = (body: Record<string, unknown>, user = 'lawyer') =>
  h.json<Template & { message?: string }>(user, 'POST', URL_, { name: 'Letter', subject: 'Hello', ...body });

const HOSTILE =
  '<p onclick="steal()">Dear <b>client</b>,<script>alert(1)</script></p>' +
  '<img src="x" onerror="alert(2)"><a href="javascript:alert(3)">click</a>' +
  '<iframe src="https://evil.example"></iframe><style>body{display:none}</style>' +
  '<a href="https://firm.kz" onmouseover="x()">site</a><svg onload="alert(4)"></svg>';

describe('e-mail templates', () => {
  it('MAIL-06 a template has name, subject, body and projectId (flat)', async () => {
    expect(Object.keys(emailTemplates.fields)).toEqual(['name', 'subject', 'body', 'projectId']);
    const r = await create({ body: '<p>Terms</p>', projectId: h.fx.projects.acmeProject });
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({
      name: 'Letter',
      subject: 'Hello',
      body: '<p>Terms</p>',
      projectId: h.fx.projects.acmeProject,
    });
  });

  it('MAIL-07 listed with GET filtered by projectId', async () => {
    const acme = await create({ name: 'Acme template', projectId: h.fx.projects.acmeProject });
    const globex = await create({ name: 'Globex template', projectId: h.fx.projects.globexProject });
    const r = await h.json<Page>('lawyer', 'GET', `${URL_}?projectId=${h.fx.projects.acmeProject}&size=100`);
    expect(r.status).toBe(200);
    const ids = r.body._embedded.emailTemplates.map((t) => t.id);
    expect(ids).toContain(acme.body.id);
    expect(ids).not.toContain(globex.body.id);
    expect(r.body._embedded.emailTemplates.every((t) => t.projectId === h.fx.projects.acmeProject)).toBe(true);
  });

  it('MAIL-08 created with POST; a name and subject are required', async () => {
    expect((await create({ body: '<p>x</p>' })).status).toBe(201);
    const bad = await h.json<{ message: string; errors: Array<{ property: string }> }>('lawyer', 'POST', URL_, {
      body: '<p>x</p>',
    });
    expect(bad.status).toBe(400);
    expect(bad.body.errors.map((e) => e.property).sort()).toEqual(['name', 'subject']);
    expect((await create({}, 'billing')).status).toBe(403);
  });

  it('MAIL-09 updated with PUT', async () => {
    const t = await create({ projectId: h.fx.projects.acmeProject });
    const r = await h.json<Template>('lawyer', 'PUT', `${URL_}/${t.body.id}`, {
      name: 'Renamed',
      subject: 'New subject',
      body: '<p>New</p>',
      projectId: null,
      version: t.body.version,
    });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ name: 'Renamed', subject: 'New subject', body: '<p>New</p>', projectId: null });
  });

  it('MAIL-10 deleted with DELETE', async () => {
    const t = await create({});
    expect((await h.request('lawyer', 'DELETE', `${URL_}/${t.body.id}`)).statusCode).toBe(204);
    expect((await h.request('lawyer', 'GET', `${URL_}/${t.body.id}`)).statusCode).toBe(404);
  });

  it('MAIL-06 the rich text body is sanitised by the server: scripts, event handlers, javascript: links, frames and styles go', async () => {
    const r = await create({ body: HOSTILE });
    expect(r.status).toBe(201);
    const stored = (await h.json<Template>('lawyer', 'GET', `${URL_}/${r.body.id}`)).body.body!;
    expect(stored).toBe('<p>Dear <b>client</b>,</p><img src="x" /><a>click</a><a href="https://firm.kz">site</a>');
    for (const bad of [
      '<script',
      'onclick',
      'onerror',
      'javascript:',
      '<iframe',
      '<style',
      'onload',
      'onmouseover',
      '<svg',
    ])
      expect(stored).not.toContain(bad);
    // a PATCH is sanitised too
    const p = await h.json<Template>('lawyer', 'PATCH', `${URL_}/${r.body.id}`, { body: '<p onclick="x()">ok</p>' });
    expect(p.body.body).toBe('<p>ok</p>');
  });

  it('MAIL-06 sanitising keeps the formatting an e-mail needs', () => {
    const kept =
      '<h2>Terms</h2><p><strong>Fees</strong> and <em>costs</em>:</p><ul><li>one</li></ul>' +
      '<table><tbody><tr><td colspan="2">cell</td></tr></tbody></table><a href="mailto:a@b.kz">mail</a>';
    expect(sanitizeRichText(kept)).toBe(kept);
    expect(sanitizeRichText('plain text\nsecond line')).toBe('plain text\nsecond line');
  });
});
