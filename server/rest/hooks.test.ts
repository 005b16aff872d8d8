import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EntityHooks, EntitySchema, HookContext } from '../../schemas/define';
import { getSchema } from '../../schemas/index';
import type { AuthUser } from '../auth/types';
import { createHarness, type Harness } from '../test/harness';
import { hooksOf } from './hooks';
import { createRecord, deleteRecord, updateRecord } from './service';

/** Schema hooks run inside the write's transaction: what they see is the write, what they throw undoes it. */
let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => h?.close());

const user: AuthUser = {
  userId: 1,
  username: 'hooked',
  roles: ['BILL'],
  privileges: new Map([['client', { module: 'client', view: true, create: true, update: true, delete: true }]]),
  employeeId: null,
  employeeOfficeId: null,
  employeeName: null,
  positions: [],
};
const refuse = () => Object.assign(new Error('refused by the hook'), { statusCode: 409 });
const count = async (sql: string, params: unknown[]) => Number((await h.db.query<{ n: number }>(sql, params))[0]!.n);

describe('schema hooks', () => {
  it('PROBE-3 afterChange sees the written rows and a throw rolls back the create with its children', async () => {
    const seen: Array<{ id: number; contacts: number; username: string }> = [];
    const hooked: EntitySchema = {
      ...getSchema('clients'),
      hooks: {
        afterChange: async ({ tx, id, user: who }: HookContext) => {
          const [row] = await tx.query<{ n: number }>('SELECT count(*)::int AS n FROM contacts WHERE client_id = $1', [
            id,
          ]);
          seen.push({ id, contacts: Number(row!.n), username: who.username });
          throw refuse();
        },
      },
    };
    await expect(
      createRecord(h.db, hooked, user, { gname: 'Hooked client', contactList: [{ gname: 'Hooked contact' }] }),
    ).rejects.toMatchObject({ statusCode: 409, message: 'refused by the hook' });
    expect(seen).toEqual([{ id: expect.any(Number), contacts: 1, username: 'hooked' }]);
    expect(await count('SELECT count(*)::int AS n FROM clients WHERE id = $1', [seen[0]!.id])).toBe(0);
    expect(await count("SELECT count(*)::int AS n FROM contacts WHERE gname = 'Hooked contact'", [])).toBe(0);
  });

  it('PROBE-3 a throwing afterChange undoes an update, a throwing afterDelete undoes a delete', async () => {
    const plain = getSchema('clients');
    const id = await createRecord(h.db, plain, user, { gname: 'Before hooks', contactList: [{ gname: 'Stays' }] });
    const hooked: EntitySchema = {
      ...plain,
      hooks: { afterChange: async () => Promise.reject(refuse()), afterDelete: async () => Promise.reject(refuse()) },
    };
    await expect(
      updateRecord(h.db, hooked, user, id, { gname: 'After hooks', contactList: [] }, 'patch'),
    ).rejects.toMatchObject({ statusCode: 409 });
    const [row] = await h.db.query<{ gname: string; version: number }>(
      'SELECT gname, version FROM clients WHERE id = $1',
      [id],
    );
    expect(row).toEqual({ gname: 'Before hooks', version: 0 });
    expect(await count('SELECT count(*)::int AS n FROM contacts WHERE client_id = $1', [id])).toBe(1);
    await expect(deleteRecord(h.db, hooked, user, id)).rejects.toMatchObject({ statusCode: 409 });
    expect(await count('SELECT count(*)::int AS n FROM clients WHERE id = $1', [id])).toBe(1);
  });

  it("PROBE-3 a schema's own hooks run before the server's, and users and roles carry the last-admin check", () => {
    const own: EntityHooks = { afterChange: async () => undefined };
    const users = getSchema('users');
    const all = hooksOf({ ...users, hooks: own });
    expect(all[0]).toBe(own);
    expect(all).toHaveLength(2);
    expect(hooksOf(getSchema('roles'))).toHaveLength(1);
    expect(hooksOf(getSchema('clients'))).toEqual([]);
  });
});
