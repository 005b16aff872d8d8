import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipartBody, samples } from '../files/testing';
import { createHarness, type Harness } from '../test/harness';

/**
 * Ideas prove the extension points together: a file on each idea, `votes` and `votedByMe` as
 * computed fields, the vote action (one vote per employee, a second call takes it back), the author
 * set by a hook from the signed-in user, sort by votes, and the history of every write.
 */
let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => h?.close());

interface Idea {
  id: number;
  idea: string;
  author: { id: number } | null;
  votes: number;
  votedByMe: boolean;
  file: { id: number; name: string; contentType: string; size: number } | null;
}
type Page = { _embedded: { ideas: Idea[] }; page: { totalElements: number } };

async function uploadPdf(username: string): Promise<{ id: number; name: string; size: number }> {
  const { payload, contentType } = multipartBody([
    { field: 'file', filename: 'proposal.pdf', type: 'application/pdf', data: samples.pdf() },
  ]);
  const res = await h.app.inject({
    method: 'POST',
    url: '/core/api/storedFiles',
    payload,
    headers: { 'content-type': contentType, authorization: `Bearer ${await h.token(username)}` },
  });
  expect(res.statusCode).toBe(201);
  return res.json();
}

const vote = (username: string, id: number, method: 'POST' | 'DELETE' = 'POST') =>
  h.json<{ votes: number; votedByMe: boolean }>(username, method, `/core/api/ideas/${id}/votes`);

describe('ideas', () => {
  it('IDEA-01 an idea carries a file, the author is the signed-in employee whatever the body says', async () => {
    const file = await uploadPdf('member');
    const created = await h.json<Idea>('member', 'POST', '/core/api/ideas', {
      idea: 'Paperless onboarding',
      text: 'Sign the engagement letters online.',
      file: { id: file.id },
      author: { id: h.fx.employees.carl },
    });
    expect(created.status).toBe(201);
    expect(created.body.author?.id).toBe(h.fx.employees.anna);
    expect(created.body.file).toMatchObject({ id: file.id, name: 'proposal.pdf', contentType: 'application/pdf' });
    expect(created.body).toMatchObject({ votes: 0, votedByMe: false });
    // the file downloads byte-identical for a reader of the idea
    const download = await h.request('billing', 'GET', `/core/api/storedFiles/${file.id}/content`);
    expect(download.statusCode).toBe(200);
    expect(Buffer.compare(download.rawPayload, samples.pdf())).toBe(0);
  });

  it('IDEA-02 votes: one per employee, a second POST takes it back, DELETE takes it back; votedByMe is per user', async () => {
    const { body: idea } = await h.json<Idea>('member', 'POST', '/core/api/ideas', { idea: 'Four-day week' });
    expect((await vote('billing', idea.id)).body).toEqual({ votes: 1, votedByMe: true });
    expect((await vote('member', idea.id)).body).toEqual({ votes: 2, votedByMe: true });
    expect((await h.json<Idea>('billing', 'GET', `/core/api/ideas/${idea.id}`)).body).toMatchObject({
      votes: 2,
      votedByMe: true,
    });
    expect((await vote('billing', idea.id)).body).toEqual({ votes: 1, votedByMe: false });
    expect((await h.json<Idea>('billing', 'GET', `/core/api/ideas/${idea.id}`)).body.votedByMe).toBe(false);
    expect((await vote('member', idea.id, 'DELETE')).body).toEqual({ votes: 0, votedByMe: false });
    expect((await vote('member', idea.id, 'DELETE')).body).toEqual({ votes: 0, votedByMe: false });
    // a user without an employee cannot vote
    expect((await vote('admin', idea.id)).status).toBe(403);
    expect((await h.request(null, 'POST', `/core/api/ideas/${idea.id}/votes`)).statusCode).toBe(401);
    expect((await vote('member', 999_999)).status).toBe(404);
  });

  it('IDEA-02 a vote is an ideaVotes record in the history: cast is a create, taken back a delete, by the voter', async () => {
    const { body: idea } = await h.json<Idea>('member', 'POST', '/core/api/ideas', { idea: 'Standing desks' });
    const voteHistory = () =>
      h.db.query<{ action: string; record_id: string; changed_by: string }>(
        `SELECT action, record_id, changed_by FROM record_history WHERE collection = 'ideaVotes'
          AND record_id IN (SELECT record_id FROM record_history WHERE collection = 'ideaVotes'
            AND changes @> $1::jsonb) ORDER BY id`,
        [JSON.stringify([{ field: 'idea', after: { id: idea.id } }])],
      );
    expect(await voteHistory()).toEqual([]);
    await vote('member', idea.id);
    const cast = await voteHistory();
    expect(cast).toMatchObject([{ action: 'create', changed_by: 'member' }]);
    await vote('member', idea.id, 'DELETE');
    expect(await voteHistory()).toMatchObject([
      { action: 'create', changed_by: 'member' },
      { action: 'delete', changed_by: 'member', record_id: cast[0]!.record_id },
    ]);
  });

  it('IDEA-02 the list sorts and filters by votes', async () => {
    const names = ['Votes none', 'Votes two', 'Votes one'];
    const ids: number[] = [];
    for (const idea of names) ids.push((await h.json<Idea>('member', 'POST', '/core/api/ideas', { idea })).body.id);
    await vote('member', ids[1]!);
    await vote('billing', ids[1]!);
    await vote('member', ids[2]!);
    const page = await h.json<Page>('billing', 'GET', '/core/api/ideas?search=Votes&sort=votes,desc');
    expect(page.body._embedded.ideas.map((i) => [i.idea, i.votes])).toEqual([
      ['Votes two', 2],
      ['Votes one', 1],
      ['Votes none', 0],
    ]);
    const voted = await h.json<Page>('billing', 'GET', '/core/api/ideas?search=Votes&votes.gte=1');
    expect(voted.body.page.totalElements).toBe(2);
  });

  it('IDEA-03 IDEA-04 only the author or an admin changes or deletes an idea; every write is in its history', async () => {
    const { body: idea } = await h.json<Idea>('member', 'POST', '/core/api/ideas', { idea: 'Shared drive' });
    const url = `/core/api/ideas/${idea.id}`;
    expect((await h.request('billing', 'PATCH', url, { idea: 'Not mine' })).statusCode).toBe(403);
    const own = await h.request('member', 'PATCH', url, { idea: 'Shared drive for all offices' });
    expect(own.statusCode, own.body).toBe(200);
    expect((await h.json<Idea>('billing', 'GET', url)).body.idea).toBe('Shared drive for all offices');
    const history = await h.json<{ _embedded: { history: Array<{ action: string; changes: unknown[] }> } }>(
      'billing',
      'GET',
      `${url}/history`,
    );
    expect(history.body._embedded.history.map((e) => e.action)).toEqual(['update', 'create']);
    expect(history.body._embedded.history[0]!.changes).toEqual([
      { field: 'idea', before: 'Shared drive', after: 'Shared drive for all offices' },
    ]);
    expect((await h.request('billing', 'DELETE', url)).statusCode).toBe(403);
    expect((await h.request('admin', 'DELETE', url)).statusCode).toBe(204);
    expect((await h.request('member', 'GET', url)).statusCode).toBe(404);
  });
});
