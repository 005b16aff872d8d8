import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '../test/harness';
import { purgeExpired, RETENTION_PURGE_USER } from './service';
import { getSchema } from '../../schemas/index';

/**
 * The trash (server/trash/): a delete of a trash-enabled record moves it there with what goes
 * with it, every read leaves it out, the trash lists it with who and when, a restore brings it
 * back where it was, a purge removes it for good unless something still references it, and the
 * retention purge removes what is older than the entity's retention.
 */
let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => h?.close());

type Page = { _embedded: Record<string, Array<Record<string, unknown>>>; page: { totalElements: number } };

const ids = (page: Page, key: string) => page._embedded[key]!.map((r) => r.id);

/** The history actions of a record, oldest first. */
const actions = async (collection: string, id: number) =>
  (
    await h.db.query<{ action: string; changed_by: string }>(
      'SELECT action, changed_by FROM record_history WHERE collection = $1 AND record_id = $2 ORDER BY id',
      [collection, id],
    )
  ).map((r) => `${r.action} by ${r.changed_by}`);

/** Inserts a copy of row `id` of `table` with `changes` (column names), without its id; returns the new id. */
async function copyRow(table: string, id: number, changes: Record<string, unknown>): Promise<number> {
  const [row] = await h.db.query<Record<string, unknown>>(`SELECT * FROM ${table} WHERE id = $1`, [id]);
  const values = { ...row, ...changes };
  delete values.id;
  const cols = Object.keys(values);
  const [created] = await h.db.query<{ id: number }>(
    `INSERT INTO ${table} (${cols.map((c) => `"${c}"`).join(', ')}) VALUES (${cols.map((_, i) => `$${i + 1}`).join(', ')}) RETURNING id`,
    cols.map((c) =>
      values[c] !== null && typeof values[c] === 'object' && !(values[c] instanceof Date)
        ? JSON.stringify(values[c])
        : values[c],
    ),
  );
  return Number(created!.id);
}

/** A new matter of `project` with one time entry, copied from the fixture's Globex matter and time entry. */
async function matterWithTime(project: number, number: string): Promise<{ matter: number; time: number }> {
  const matter = await copyRow('matters', h.fx.matters.globexMatter, {
    project_id: project,
    number,
    description: `Trash test ${number}`,
  });
  const time = await copyRow('times', h.fx.times.borisTime, { matter_id: matter, project_id: project });
  return { matter, time };
}

/** A new project copied from the fixture's Globex project. */
const newProject = (description: string) => copyRow('projects', h.fx.projects.globexProject, { description });

describe('trash', () => {
  it('trash: deleting a matter moves it and its time entries out of every read; the trash lists it with who and when', async () => {
    const project = h.fx.projects.globexProject;
    const { matter, time } = await matterWithTime(project, 'T-0001');
    const before = await h.json<Page>('admin', 'GET', `/core/api/matters?project.id=${project}&size=100`);
    expect(ids(before.body, 'matters')).toContain(matter);

    const del = await h.request('admin', 'DELETE', `/core/api/matters/${matter}`);
    expect(del.statusCode).toBe(204);

    // the record, its time entry and its history are 404; lists, totals, search and pickers leave them out
    expect((await h.request('admin', 'GET', `/core/api/matters/${matter}`)).statusCode).toBe(404);
    expect((await h.request('admin', 'GET', `/core/api/times/${time}`)).statusCode).toBe(404);
    expect((await h.request('admin', 'GET', `/core/api/matters/${matter}/history`)).statusCode).toBe(404);
    const after = await h.json<Page>('admin', 'GET', `/core/api/matters?project.id=${project}&size=100`);
    expect(ids(after.body, 'matters')).not.toContain(matter);
    expect(after.body.page.totalElements).toBe(before.body.page.totalElements - 1);
    const times = await h.json<Page>('admin', 'GET', `/core/api/times?matter.id=${matter}`);
    expect(times.body.page.totalElements).toBe(0);
    const search = await h.json<{ groups: Array<{ items: Array<{ id: number }> }> }>(
      'admin',
      'GET',
      '/core/api/search?q=T-0001&collections=matters',
    );
    expect(search.body.groups.flatMap((g) => g.items.map((i) => i.id))).not.toContain(matter);
    const picker = await h.json<Page>('admin', 'GET', `/core/api/matters?search=T-0001`);
    expect(ids(picker.body, 'matters')).not.toContain(matter);

    // the trash lists the matter (not its time entry, which comes back with it)
    const trash = await h.json<Page>('admin', 'GET', '/core/api/matters/trash');
    expect(trash.status).toBe(200);
    const item = trash.body._embedded.matters!.find((r) => r.id === matter);
    expect(item).toMatchObject({ number: 'T-0001', deletedBy: 'admin' });
    expect(Date.now() - Date.parse(String(item!.deletedAt))).toBeLessThan(60_000);
    const timeTrash = await h.json<Page>('admin', 'GET', '/core/api/times/trash');
    expect(ids(timeTrash.body, 'times')).not.toContain(time);

    // history records the delete of both
    expect(await actions('matters', matter)).toEqual(['delete by admin']);
    expect(await actions('times', time)).toEqual(['delete by admin']);
  });

  it('trash: a restored matter is back in its project with its time entries, and its history says so', async () => {
    const project = h.fx.projects.globexProject;
    const { matter, time } = await matterWithTime(project, 'T-0002');
    await h.request('admin', 'DELETE', `/core/api/matters/${matter}`);
    // the time entry went with the matter: it comes back only with it
    expect((await h.request('admin', 'POST', `/core/api/times/${time}/restore`)).statusCode).toBe(404);

    const restore = await h.request('admin', 'POST', `/core/api/matters/${matter}/restore`);
    expect(restore.statusCode).toBe(204);
    const got = await h.json<{ project: { id: number } }>(
      'admin',
      'GET',
      `/core/api/matters/${matter}?projection=full`,
    );
    expect(got.status).toBe(200);
    expect(got.body.project.id).toBe(project);
    const times = await h.json<Page>('admin', 'GET', `/core/api/times?matter.id=${matter}`);
    expect(ids(times.body, 'times')).toEqual([time]);
    const trash = await h.json<Page>('admin', 'GET', '/core/api/matters/trash');
    expect(ids(trash.body, 'matters')).not.toContain(matter);
    expect(await actions('matters', matter)).toEqual(['delete by admin', 'restore by admin']);
    expect(await actions('times', time)).toEqual(['delete by admin', 'restore by admin']);
    // a record not in the trash cannot be restored
    expect((await h.request('admin', 'POST', `/core/api/matters/${matter}/restore`)).statusCode).toBe(404);
  });

  it('trash: a restore is refused with 409 while the project it belongs to is in the trash', async () => {
    const project = await newProject('Trash parent project');
    const { matter } = await matterWithTime(project, 'T-0003');
    expect((await h.request('admin', 'DELETE', `/core/api/matters/${matter}`)).statusCode).toBe(204);
    expect((await h.request('admin', 'DELETE', `/core/api/projects/${project}`)).statusCode).toBe(204);
    const refused = await h.json<{ message: string }>('admin', 'POST', `/core/api/matters/${matter}/restore`);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(`Its Project (Project ${project}) is in the trash: restore that first`);
    expect((await h.request('admin', 'POST', `/core/api/projects/${project}/restore`)).statusCode).toBe(204);
    expect((await h.request('admin', 'POST', `/core/api/matters/${matter}/restore`)).statusCode).toBe(204);
  });

  it('trash: a project deleted with its matters brings them back, with their time entries, when restored', async () => {
    const project = await newProject('Trash cascade project');
    const { matter, time } = await matterWithTime(project, 'T-0004');
    expect((await h.request('admin', 'DELETE', `/core/api/projects/${project}`)).statusCode).toBe(204);
    expect((await h.request('admin', 'GET', `/core/api/matters/${matter}`)).statusCode).toBe(404);
    expect((await h.request('admin', 'GET', `/core/api/times/${time}`)).statusCode).toBe(404);
    const trash = await h.json<Page>('admin', 'GET', '/core/api/matters/trash');
    expect(ids(trash.body, 'matters')).not.toContain(matter);
    expect((await h.request('admin', 'POST', `/core/api/projects/${project}/restore`)).statusCode).toBe(204);
    expect((await h.request('admin', 'GET', `/core/api/matters/${matter}`)).statusCode).toBe(200);
    expect((await h.request('admin', 'GET', `/core/api/times/${time}`)).statusCode).toBe(200);
  });

  it('trash: a delete is refused with 409 while a record without a trash references it, as before', async () => {
    // acmeMatter has a pre-invoice, which has no trash
    const r = await h.json<{ message: string }>('admin', 'DELETE', `/core/api/matters/${h.fx.matters.acmeMatter}`);
    expect(r.status).toBe(409);
    expect(r.body.message).toMatch(
      /^The Matter is referenced by other records \(PreInvoice Matter\); they would point at a deleted record$/,
    );
    expect((await h.request('admin', 'GET', `/core/api/matters/${h.fx.matters.acmeMatter}`)).statusCode).toBe(200);
  });

  it('trash: a purge removes the record and what went with it for good, and its history says so', async () => {
    const { matter, time } = await matterWithTime(h.fx.projects.globexProject, 'T-0005');
    await h.request('admin', 'DELETE', `/core/api/matters/${matter}`);
    const purge = await h.request('admin', 'DELETE', `/core/api/matters/${matter}/purge`);
    expect(purge.statusCode).toBe(204);
    expect(await h.db.query('SELECT id FROM matters WHERE id = $1', [matter])).toEqual([]);
    expect(await h.db.query('SELECT id FROM times WHERE id = $1', [time])).toEqual([]);
    const trash = await h.json<Page>('admin', 'GET', '/core/api/matters/trash');
    expect(ids(trash.body, 'matters')).not.toContain(matter);
    expect(await actions('matters', matter)).toEqual(['delete by admin', 'purge by admin']);
    expect((await h.request('admin', 'POST', `/core/api/matters/${matter}/restore`)).statusCode).toBe(404);
  });

  it('trash: a purge is refused with 409, naming the reference, while another record still references it', async () => {
    const { matter, time } = await matterWithTime(h.fx.projects.globexProject, 'T-0006');
    // the time entry went to the trash on its own first, so it does not go with the matter
    expect((await h.request('admin', 'DELETE', `/core/api/times/${time}`)).statusCode).toBe(204);
    expect((await h.request('admin', 'DELETE', `/core/api/matters/${matter}`)).statusCode).toBe(204);
    const r = await h.json<{ message: string }>('admin', 'DELETE', `/core/api/matters/${matter}/purge`);
    expect(r.status).toBe(409);
    expect(r.body.message).toBe(
      'The record is referenced by other records (Time matter): it cannot be purged while they do',
    );
    expect(ids((await h.json<Page>('admin', 'GET', '/core/api/matters/trash')).body, 'matters')).toContain(matter);
    // once the time entry is purged, the matter can be
    expect((await h.request('admin', 'DELETE', `/core/api/times/${time}/purge`)).statusCode).toBe(204);
    expect((await h.request('admin', 'DELETE', `/core/api/matters/${matter}/purge`)).statusCode).toBe(204);
  });

  it('trash: a write may not set a reference to a record in the trash (400 on the field)', async () => {
    const { matter } = await matterWithTime(h.fx.projects.globexProject, 'T-0007');
    await h.request('admin', 'DELETE', `/core/api/matters/${matter}`);
    const r = await h.json<{ errors: Array<{ property: string; message: string }> }>(
      'admin',
      'PATCH',
      `/core/api/leads/${h.fx.leads.acmeDeal}`,
      {
        project: {
          id: (await h.db.query<{ project_id: number }>('SELECT project_id FROM matters WHERE id = $1', [matter]))[0]!
            .project_id,
        },
      },
    );
    // the project is live: the lead takes it; a time entry may not take the deleted matter
    expect(r.status).toBe(200);
    const t = await h.json<{ errors: Array<{ property: string; message: string }> }>(
      'admin',
      'PATCH',
      `/core/api/times/${h.fx.times.borisTime}`,
      { matter: { id: matter } },
    );
    expect(t.status).toBe(400);
    expect(t.body.errors).toContainEqual(
      expect.objectContaining({ property: 'matter', message: 'references a Matter that is in the trash' }),
    );
  });

  it('trash: a contact deleted from its client leaves the client card, and comes back', async () => {
    const { wile } = h.fx.contacts;
    const acme = h.fx.clients.acme;
    const list = async () =>
      (
        await h.json<{ contactList: Array<{ id: number }> }>(
          'admin',
          'GET',
          `/core/api/clients/${acme}?projection=full`,
        )
      ).body.contactList.map((c) => c.id);
    expect(await list()).toContain(wile);
    // the lead that names wile keeps the delete out (the contact is still referenced)
    const refused = await h.request('admin', 'DELETE', `/core/api/contacts/${wile}`);
    expect(refused.statusCode).toBe(409);
    const contact = await copyRow('contacts', wile, { gname: 'Trash contact', first_email: null });
    expect(await list()).toContain(contact);
    expect((await h.request('admin', 'DELETE', `/core/api/contacts/${contact}`)).statusCode).toBe(204);
    expect(await list()).not.toContain(contact);
    expect((await h.request('admin', 'POST', `/core/api/contacts/${contact}/restore`)).statusCode).toBe(204);
    expect(await list()).toContain(contact);
  });

  it('trash: the trash routes are judged as a delete - a user who may only read gets 403', async () => {
    const { matter } = await matterWithTime(h.fx.projects.globexProject, 'T-0008');
    await h.request('admin', 'DELETE', `/core/api/matters/${matter}`);
    expect((await h.request('member', 'GET', '/core/api/matters/trash')).statusCode).toBe(403);
    expect((await h.request('member', 'POST', `/core/api/matters/${matter}/restore`)).statusCode).toBe(403);
    expect((await h.request('member', 'DELETE', `/core/api/matters/${matter}/purge`)).statusCode).toBe(403);
    expect((await h.request(null, 'GET', '/core/api/matters/trash')).statusCode).toBe(401);
    // an entity without a trash has no trash routes
    expect((await h.request('admin', 'GET', '/core/api/offices/trash')).statusCode).toBe(404);
  });

  it('trash: purgeExpired removes what has been in the trash longer than the retention, and only that', async () => {
    const old = await matterWithTime(h.fx.projects.globexProject, 'T-0009');
    const recent = await matterWithTime(h.fx.projects.globexProject, 'T-0010');
    await h.request('admin', 'DELETE', `/core/api/matters/${old.matter}`);
    await h.request('admin', 'DELETE', `/core/api/matters/${recent.matter}`);
    const now = new Date('2030-03-31T12:00:00Z');
    // 30 days is the default retention: 31 days ago goes, 29 days ago stays
    await h.db.query(`UPDATE matters SET deleted_at = $1 WHERE id = $2`, ['2030-02-28T12:00:00Z', old.matter]);
    await h.db.query(`UPDATE matters SET deleted_at = $1 WHERE id = $2`, ['2030-03-02T12:00:00Z', recent.matter]);
    const report = await purgeExpired(h.db, now, [getSchema('matters')]);
    expect(report.purged).toContain(`matters/${old.matter}`);
    expect(report.purged).not.toContain(`matters/${recent.matter}`);
    expect(await h.db.query('SELECT id FROM matters WHERE id = $1', [old.matter])).toEqual([]);
    expect(await h.db.query('SELECT id FROM times WHERE id = $1', [old.time])).toEqual([]);
    expect((await h.db.query('SELECT id FROM matters WHERE id = $1', [recent.matter])).length).toBe(1);
    expect(await actions('matters', old.matter)).toEqual(['delete by admin', `purge by ${RETENTION_PURGE_USER}`]);
  });
});
