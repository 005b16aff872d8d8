import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { leadEmails } from '../../schemas/crm/leadEmails';
import { createHarness, type Harness } from '../test/harness';
import { startSmtpSink, type SmtpSink } from './testing';

/**
 * Lead e-mails (MAIL-01..05) and their delivery through the outbox: queued in the transaction of
 * the POST, handed to a real SMTP server (a sink started here) after commit when `SMTP_URL` is
 * set, kept "not sent" without it, and a refusal recorded with the server's error.
 */
const URL_ = '/core/api/leadEmails';

interface LeadEmail {
  id: number;
  to: string;
  cc: string | null;
  from: string | null;
  subject: string;
  body: string;
  project: { id: number };
  status: string | null;
  sentDate: string | null;
  error: string | null;
  createdDate: string;
}
type Page = { _embedded: { leadEmails: LeadEmail[] }; page: { size: number; totalElements: number; number: number } };

let sink: SmtpSink;
let mailed: Harness;
let unmailed: Harness;
beforeAll(async () => {
  sink = await startSmtpSink();
  [mailed, unmailed] = await Promise.all([
    createHarness({ mail: { smtpUrl: sink.url, from: 'bureau@firm.kz' } }),
    createHarness(),
  ]);
  for (const h of [mailed, unmailed])
    await h.db.query("UPDATE app_users SET email = 'carl@firm.kz' WHERE username = 'lawyer'");
});
afterAll(async () => {
  await Promise.all([mailed?.close(), unmailed?.close()]);
  await sink?.close();
});

const compose = (h: Harness, body: Record<string, unknown>, user = 'lawyer') =>
  h.json<LeadEmail & { message?: string; errors?: Array<{ property: string }> }>(user, 'POST', URL_, {
    to: 'wile@acme.kz',
    subject: 'Engagement letter',
    body: '<p>Dear Wile, please find the letter.</p>',
    project: { id: h.fx.projects.acmeProject },
    ...body,
  });

/** The lead e-mail as read back, once its delivery is no longer pending (or after 5 s). */
async function settled(h: Harness, id: number): Promise<LeadEmail> {
  const until = Date.now() + 5000;
  for (;;) {
    const r = await h.json<LeadEmail>('lawyer', 'GET', `${URL_}/${id}`);
    expect(r.status).toBe(200);
    if (r.body.status !== 'QUEUED' || Date.now() > until) return r.body;
    await new Promise((res) => setTimeout(res, 25));
  }
}

const outboxRows = (h: Harness, id: number) =>
  h.db.query<{ status: string; attempts: number }>(
    "SELECT status, attempts::int AS attempts FROM outbox_messages WHERE source_type = 'LEAD_EMAIL' AND source_id = $1",
    [id],
  );

describe('lead e-mails', () => {
  it('MAIL-01 a lead e-mail has to, cc, subject, body and project id; from is the sender, whatever the body says', async () => {
    const r = await compose(mailed, { cc: 'road@acme.kz, coyote@acme.kz', subject: 'Fields' });
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({
      to: 'wile@acme.kz',
      cc: 'road@acme.kz, coyote@acme.kz',
      subject: 'Fields',
      body: '<p>Dear Wile, please find the letter.</p>',
      project: { id: mailed.fx.projects.acmeProject },
      from: 'carl@firm.kz',
    });
    const forged = await compose(mailed, { from: 'ceo@firm.kz' });
    expect(forged.status).toBe(201);
    expect(forged.body.from).toBe('carl@firm.kz');
  });

  it('MAIL-01 every address of to and cc is checked; a bad one is a 400 and nothing is queued', async () => {
    const before = await mailed.db.query<{ n: number }>('SELECT count(*)::int AS n FROM outbox_messages');
    for (const [field, value] of [
      ['to', 'not an address'],
      ['to', 'a@b.kz; c@d.kz'],
      ['cc', 'ok@acme.kz, broken'],
    ] as const) {
      const r = await compose(mailed, { [field]: value });
      expect(r.status).toBe(400);
      expect(r.body).toMatchObject({ message: 'Validation failed', errors: [{ property: field }] });
    }
    const missing = await compose(mailed, { to: undefined, subject: '' });
    expect(missing.status).toBe(400);
    const after = await mailed.db.query<{ n: number }>('SELECT count(*)::int AS n FROM outbox_messages');
    expect(after[0]!.n).toBe(before[0]!.n);
  });

  it('H2-09 MAIL-01 a subject with a line break (a header injection) is a 400 at the subject and nothing is queued; templates alike', async () => {
    const before = await mailed.db.query<{ n: number }>('SELECT count(*)::int AS n FROM outbox_messages');
    for (const subject of ['Hello\r\nBcc: everyone@firm.kz', 'Hello\nthere']) {
      const r = await compose(mailed, { subject });
      expect(r.status).toBe(400);
      expect(r.body).toMatchObject({
        errors: [{ property: 'subject', message: 'must be one line, without line breaks' }],
      });
    }
    const after = await mailed.db.query<{ n: number }>('SELECT count(*)::int AS n FROM outbox_messages');
    expect(after[0]!.n).toBe(before[0]!.n);
    const template = await mailed.json<{ errors: Array<{ property: string }> }>(
      'admin',
      'POST',
      '/core/api/emailTemplates',
      {
        name: 'Injected',
        subject: 'Hi\r\nBcc: x@y.kz',
        body: '<p>x</p>',
      },
    );
    expect(template.status).toBe(400);
    expect(template.body.errors.map((e) => e.property)).toEqual(['subject']);
  });

  it('MAIL-02 the list columns are date, to, from, copies, subject, status, body, each on the wire', async () => {
    expect(leadEmails.list?.columns).toEqual(['createdDate', 'to', 'from', 'cc', 'subject', 'status', 'body']);
    expect(leadEmails.fields.cc.label).toBe('Copies');
    const r = await compose(mailed, { cc: 'road@acme.kz' });
    const read = await settled(mailed, r.body.id);
    for (const column of leadEmails.list!.columns!) expect(read[column as keyof LeadEmail]).toBeTruthy();
  });

  it('MAIL-03 listed with page, size, sort and project.id, reading _embedded.leadEmails and page', async () => {
    const h = unmailed;
    const globex = await compose(h, { subject: 'Globex only', project: { id: h.fx.projects.globexProject } }, 'admin');
    expect(globex.status).toBe(201);
    const first = await compose(h, { subject: 'First' });
    const second = await compose(h, { subject: 'Second' });
    const r = await h.json<Page>(
      'lawyer',
      'GET',
      `${URL_}?page=0&size=20&sort=createdDate,desc&project.id=${h.fx.projects.acmeProject}`,
    );
    expect(r.status).toBe(200);
    const ids = r.body._embedded.leadEmails.map((e) => e.id);
    expect(ids).toContain(first.body.id);
    expect(ids.indexOf(second.body.id)).toBeLessThan(ids.indexOf(first.body.id));
    expect(ids).not.toContain(globex.body.id);
    expect(r.body.page).toMatchObject({ size: 20, number: 0, totalElements: ids.length });
  });

  it('MAIL-04 sent with POST carrying to, cc, subject, body and project id; the SMTP server receives it after commit', async () => {
    const before = sink.messages.length;
    const r = await mailed.json<LeadEmail>('lawyer', 'POST', URL_, {
      to: 'wile@acme.kz, hank@acme.kz',
      cc: 'road@acme.kz',
      subject: 'Proposal MAIL-04',
      body: '<p>Our <b>proposal</b> is attached.</p>',
      projectId: mailed.fx.projects.acmeProject,
    });
    expect(r.status).toBe(201);
    expect(r.body.project).toMatchObject({ id: mailed.fx.projects.acmeProject });
    const [message] = (await sink.waitFor(before + 1)).slice(before);
    expect(message!.to.sort()).toEqual(['hank@acme.kz', 'road@acme.kz', 'wile@acme.kz']);
    expect(message!.from).toBe('bureau@firm.kz');
    expect(message!.raw).toMatch(/^Subject: Proposal MAIL-04$/m);
    expect(message!.raw).toMatch(/^Reply-To: carl@firm.kz$/m);
    expect(message!.raw).toContain('<p>Our <b>proposal</b> is attached.</p>');
    expect(message!.raw).toContain('Our proposal is attached.');
    const read = await settled(mailed, r.body.id);
    expect(read).toMatchObject({ status: 'SENT', error: null });
    expect(Date.parse(read.sentDate!)).toBeGreaterThan(Date.now() - 60_000);
    expect(await outboxRows(mailed, r.body.id)).toEqual([{ status: 'SENT', attempts: 1 }]);
  });

  it('MAIL-04 without SMTP_URL the e-mail is queued and stays "not sent", visible to admins in the outbox', async () => {
    const r = await compose(unmailed, { subject: 'No SMTP here' });
    expect(r.status).toBe(201);
    await new Promise((res) => setTimeout(res, 100));
    const read = await unmailed.json<LeadEmail>('lawyer', 'GET', `${URL_}/${r.body.id}`);
    expect(read.body).toMatchObject({ status: 'QUEUED', sentDate: null, error: null });
    const outbox = await unmailed.json<{ _embedded: { outboxMessages: Array<Record<string, unknown>> } }>(
      'admin',
      'GET',
      '/core/api/outboxMessages?status=QUEUED&sort=id,desc',
    );
    expect(outbox.status).toBe(200);
    expect(outbox.body._embedded.outboxMessages[0]).toMatchObject({
      to: 'wile@acme.kz',
      subject: 'No SMTP here',
      status: 'QUEUED',
      sourceType: 'LEAD_EMAIL',
      sourceId: r.body.id,
    });
    expect((await unmailed.request('lawyer', 'GET', '/core/api/outboxMessages')).statusCode).toBe(403);
    expect((await unmailed.request('admin', 'POST', '/core/api/outboxMessages', { to: 'x@y.kz' })).statusCode).toBe(
      404,
    );
  });

  it('MAIL-04 a delivery the mail server refuses is recorded as failed with its error, visible on the e-mail', async () => {
    const r = await compose(mailed, { to: 'refuse@acme.kz', subject: 'Bounced' });
    expect(r.status).toBe(201);
    const read = await settled(mailed, r.body.id);
    expect(read.status).toBe('FAILED');
    expect(read.error).toMatch(/Mailbox unavailable/);
    expect(read.sentDate).toBeNull();
  });

  it('MAIL-04 a create that fails queues nothing: the e-mail and its outbox message are one transaction', async () => {
    const before = await mailed.db.query<{ n: number }>('SELECT count(*)::int AS n FROM outbox_messages');
    const r = await compose(mailed, { project: { id: 987654 } });
    expect(r.status).toBeGreaterThanOrEqual(400);
    expect(r.status).toBeLessThan(500);
    const after = await mailed.db.query<{ n: number }>('SELECT count(*)::int AS n FROM outbox_messages');
    expect(after[0]!.n).toBe(before[0]!.n);
  });

  it('MAIL-04 a sent e-mail is a record: it is neither changed nor deleted, and LEAD_EMAIL is needed to send one', async () => {
    const r = await compose(unmailed, { subject: 'Kept' });
    for (const method of ['PUT', 'PATCH', 'DELETE'] as const) {
      const res = await unmailed.request('admin', method, `${URL_}/${r.body.id}`, method === 'DELETE' ? undefined : {});
      expect(res.statusCode).toBe(404);
    }
    expect((await unmailed.json<LeadEmail>('lawyer', 'GET', `${URL_}/${r.body.id}`)).body.subject).toBe('Kept');
    expect((await compose(unmailed, {}, 'billing')).status).toBe(403);
    expect((await unmailed.request('billing', 'GET', URL_)).statusCode).toBe(403);
  });

  it('MAIL-05 page sizes 1, 20, 50, 100: a page of one e-mail', async () => {
    expect(leadEmails.list?.perPageOptions).toEqual([1, 20, 50, 100]);
    await compose(unmailed, { subject: 'one' });
    await compose(unmailed, { subject: 'two' });
    const r = await unmailed.json<Page>(
      'lawyer',
      'GET',
      `${URL_}?page=1&size=1&sort=createdDate,desc&project.id=${unmailed.fx.projects.acmeProject}`,
    );
    expect(r.status).toBe(200);
    expect(r.body._embedded.leadEmails).toHaveLength(1);
    expect(r.body.page.size).toBe(1);
    expect(r.body.page.totalElements).toBeGreaterThanOrEqual(2);
  });
});
