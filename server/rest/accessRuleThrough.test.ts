import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rule, type AccessRule } from '../../schemas/accessRule';
import { contacts } from '../../schemas/index';
import { createHarness, type Harness } from '../test/harness';

/**
 * `rule.exists` through a reference: a to-many field of the record a reference path points at
 * (`'client.contactList'`), and an inverse reference from there (`{ collection, via, from }`).
 * The rules are test-only, set on the registry's schema object and removed afterwards.
 */
let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => h?.close());

async function withRule<T>(accessRule: AccessRule, run: () => Promise<T>): Promise<T> {
  contacts.accessRule = accessRule;
  try {
    return await run();
  } finally {
    delete contacts.accessRule;
  }
}

type Page = { _embedded: { contacts: Array<{ id: number; gname: string }> }; page: { totalElements: number } };
const names = async () => {
  const r = await h.json<Page>('billing', 'GET', '/core/api/contacts?sort=gname,asc');
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body._embedded.contacts.map((c) => c.gname);
};

describe('access rule: exists through a reference', () => {
  it('a list field of the referenced record: contacts whose client has a contact named Wile', async () => {
    const all = await names();
    expect(all.length).toBeGreaterThan(1);
    const seen = await withRule(
      () => rule.through('client', rule.exists('contactList', rule.eq('gname', 'Wile Coyote'))),
      names,
    );
    const wileClient = (
      await h.json<{ client: { id: number } }>('admin', 'GET', `/core/api/contacts/${h.fx.contacts.wile}`)
    ).body.client.id;
    const expected = (
      await h.json<Page>('admin', 'GET', `/core/api/contacts?client.id=${wileClient}&sort=gname,asc`)
    ).body._embedded.contacts.map((c) => c.gname);
    expect(seen).toEqual(expected);
    expect(seen.length).toBeLessThan(all.length);
  });

  it('an inverse reference from the referenced record gives the same rows', async () => {
    const viaList = await withRule(
      () => rule.through('client', rule.exists('contactList', rule.eq('id', h.fx.contacts.hank))),
      names,
    );
    const viaInverse = await withRule(
      () =>
        rule.through(
          'client',
          rule.exists({ collection: 'contacts', via: 'client' }, rule.eq('id', h.fx.contacts.hank)),
        ),
      names,
    );
    expect(viaInverse).toEqual(viaList);
    expect(viaInverse.length).toBeGreaterThan(0);
  });

  it('a dotted relation, or a field that is no list, is a schema error (500), not a silent pass', async () => {
    await withRule(
      () => rule.exists('client.contactList'),
      async () => expect((await h.request('billing', 'GET', '/core/api/contacts')).statusCode).toBe(500),
    );
    await withRule(
      () => rule.exists('client.gname'),
      async () => expect((await h.request('billing', 'GET', '/core/api/contacts')).statusCode).toBe(500),
    );
  });
});
