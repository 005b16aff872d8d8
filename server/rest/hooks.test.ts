import { grantHooks } from '../auth/grants';
import { lastAdminHooks } from '../auth/lastAdmin';
import { principalHooks } from '../auth/principalHooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BeforeChangeContext, BeforeValidateContext, EntityHooks, HookContext } from '../../schemas/define';
import { getSchema } from '../../schemas/index';
import type { AuthUser } from '../auth/types';
import { registerServer } from '../areas';
import { defineServer, hookLists } from '../define';
import { createHarness, type Harness } from '../test/harness';
import { joinTableName } from '../db/naming';
import { hooksOf } from './hooks';
import { createRecord, deleteRecord, updateRecord } from './service';

/** Server hooks run inside the write's transaction: what they see is the write, what they throw undoes it. */
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

/**
 * Runs `test` with `hooks` declared as the server room of collection `name` (which has none of its
 * own), and removes the room afterwards, whether the test passed or not.
 */
async function withHooks(name: string, hooks: EntityHooks, test: () => Promise<void>): Promise<void> {
  const remove = registerServer(defineServer(name, { hooks: hookLists(hooks) }));
  try {
    await test();
  } finally {
    remove();
  }
}

describe('server hooks', () => {
  it('PROBE-3 afterChange sees the written rows and a throw rolls back the create with its children', async () => {
    const seen: Array<{ id: number; contacts: number; username: string }> = [];
    const afterChange = async ({ tx, id, user: who }: HookContext) => {
      const [row] = await tx.query<{ n: number }>('SELECT count(*)::int AS n FROM contacts WHERE client_id = $1', [id]);
      seen.push({ id, contacts: Number(row!.n), username: who.username });
      throw refuse();
    };
    await withHooks('clients', { afterChange }, async () => {
      await expect(
        createRecord(h.db, getSchema('clients'), user, {
          gname: 'Hooked client',
          contactList: [{ gname: 'Hooked contact' }],
        }),
      ).rejects.toMatchObject({ statusCode: 409, message: 'refused by the hook' });
    });
    expect(seen).toEqual([{ id: expect.any(Number), contacts: 1, username: 'hooked' }]);
    expect(await count('SELECT count(*)::int AS n FROM clients WHERE id = $1', [seen[0]!.id])).toBe(0);
    expect(await count("SELECT count(*)::int AS n FROM contacts WHERE gname = 'Hooked contact'", [])).toBe(0);
  });

  it('PROBE-3 a throwing afterChange undoes an update, a throwing afterDelete undoes a delete', async () => {
    const clients = getSchema('clients');
    const id = await createRecord(h.db, clients, user, { gname: 'Before hooks', contactList: [{ gname: 'Stays' }] });
    const hooks = {
      afterChange: async () => Promise.reject(refuse()),
      afterDelete: async () => Promise.reject(refuse()),
    };
    await withHooks('clients', hooks, async () => {
      await expect(
        updateRecord(h.db, clients, user, id, { gname: 'After hooks', contactList: [] }, 'patch'),
      ).rejects.toMatchObject({ statusCode: 409 });
      const [row] = await h.db.query<{ gname: string; version: number }>(
        'SELECT gname, version FROM clients WHERE id = $1',
        [id],
      );
      expect(row).toEqual({ gname: 'Before hooks', version: 0 });
      expect(await count('SELECT count(*)::int AS n FROM contacts WHERE client_id = $1', [id])).toBe(1);
      await expect(deleteRecord(h.db, clients, user, id)).rejects.toMatchObject({ statusCode: 409 });
      expect(await count('SELECT count(*)::int AS n FROM clients WHERE id = $1', [id])).toBe(1);
    });
  });

  it('hooks: beforeValidate sees the raw body, the stored record and the user, and what it changes is validated and written', async () => {
    const clients = getSchema('clients');
    const seen: Array<Pick<BeforeValidateContext, 'mode' | 'id' | 'body' | 'stored'>> = [];
    const beforeValidate = async ({ body, mode, id, stored, user: who }: BeforeValidateContext) => {
      seen.push({ mode, id, body: { ...body }, stored });
      body.address = `set by ${who.username}`;
      delete body.noSuchField;
    };
    await withHooks('clients', { beforeValidate }, async () => {
      const id = await createRecord(h.db, clients, user, { gname: 'Raw body', noSuchField: 1 });
      expect(seen[0]).toEqual({
        mode: 'create',
        id: undefined,
        body: { gname: 'Raw body', noSuchField: 1 },
        stored: undefined,
      });
      await updateRecord(h.db, clients, user, id, { gname: 'Raw body 2' }, 'patch');
      expect(seen[1]).toMatchObject({ mode: 'patch', id, body: { gname: 'Raw body 2' } });
      expect(seen[1]!.stored).toMatchObject({ id, gname: 'Raw body', address: 'set by hooked' });
      const [row] = await h.db.query('SELECT gname, address FROM clients WHERE id = $1', [id]);
      expect(row).toEqual({ gname: 'Raw body 2', address: 'set by hooked' });
    });
    // a replacement body is validated as if the client had sent it
    await withHooks('clients', { beforeValidate: async () => ({ gname: '' }) }, async () => {
      await expect(createRecord(h.db, clients, user, { gname: 'fine' })).rejects.toMatchObject({
        statusCode: 400,
        errors: [expect.objectContaining({ property: 'gname', message: 'must not be blank' })],
      });
    });
  });

  it('hooks: beforeChange sees the validated write and the stored row, may add fields, and may refuse', async () => {
    const clients = getSchema('clients');
    const seen: Array<Pick<BeforeChangeContext, 'mode' | 'data' | 'stored'>> = [];
    const beforeChange = async ({ data, stored, mode }: BeforeChangeContext) => {
      seen.push({ mode, data, stored });
      if (data.gname === 'Refused') throw Object.assign(new Error('not this name'), { statusCode: 422 });
      return { address: `${String(data.gname)} (checked)` };
    };
    await withHooks('clients', { beforeChange }, async () => {
      const id = await createRecord(h.db, clients, user, { gname: 'Checked', vatPercent: '0.2', vatEnabled: true });
      expect(seen[0]!.mode).toBe('create');
      // validated values in wire units: the decimal string became a number, defaults are filled
      expect(seen[0]!.data).toMatchObject({ gname: 'Checked', vatPercent: 0.2, underSanctions: false });
      const [row] = await h.db.query('SELECT address FROM clients WHERE id = $1', [id]);
      expect(row).toEqual({ address: 'Checked (checked)' });
      await expect(updateRecord(h.db, clients, user, id, { gname: 'Refused' }, 'patch')).rejects.toMatchObject({
        statusCode: 422,
        message: 'not this name',
      });
      expect(seen[1]).toMatchObject({ mode: 'patch', data: { gname: 'Refused' }, stored: { gname: 'Checked' } });
      const [after] = await h.db.query('SELECT gname, version FROM clients WHERE id = $1', [id]);
      expect(after).toEqual({ gname: 'Checked', version: 0 });
    });
  });

  it('hooks: an error in beforeValidate or beforeChange rolls back what the hook wrote in the transaction', async () => {
    for (const kind of ['beforeValidate', 'beforeChange'] as const) {
      const marker = `written by ${kind}`;
      const hook = async ({ tx }: { tx: HookContext['tx'] }) => {
        await tx.query('INSERT INTO clients (gname) VALUES ($1)', [marker]);
        throw Object.assign(new Error('refused'), { statusCode: 409 });
      };
      await withHooks('clients', { [kind]: hook }, async () => {
        await expect(createRecord(h.db, getSchema('clients'), user, { gname: 'Not created' })).rejects.toMatchObject({
          statusCode: 409,
        });
      });
      expect(
        await count('SELECT count(*)::int AS n FROM clients WHERE gname = ANY($1)', [[marker, 'Not created']]),
      ).toBe(0);
    }
  });

  it('hooks: a throwing afterChange rolls back the join lists and the history of an update', async () => {
    const contacts = getSchema('contacts');
    const client = await createRecord(h.db, getSchema('clients'), user, { gname: 'Client of a hooked contact' });
    const id = await createRecord(h.db, contacts, user, { gname: 'Hooked links', client: { id: client } });
    await withHooks('contacts', { afterChange: async () => Promise.reject(refuse()) }, async () => {
      await expect(
        updateRecord(h.db, contacts, user, id, { rankList: [{ id: h.fx.dict('CONTACT_RANK', 1) }] }, 'patch'),
      ).rejects.toMatchObject({ statusCode: 409 });
    });
    expect(
      await count(`SELECT count(*)::int AS n FROM ${joinTableName(contacts, 'rankList')} WHERE owner_id = $1`, [id]),
    ).toBe(0);
    expect(
      await count("SELECT count(*)::int AS n FROM record_history WHERE collection = 'contacts' AND record_id = $1", [
        id,
      ]),
    ).toBe(1);
  });

  it('PROBE-3 the hooks of a server room run in list order, and users and roles carry the last-admin check', async () => {
    const moment = (hooks: EntityHooks[], key: keyof EntityHooks) => hooks.flatMap((h) => (h[key] ? [h[key]] : []));
    // the server declaration's lists (server/auth/rooms.ts), each moment in list order: the
    // last-admin check, who may grant what, and the principal cache
    const users = hooksOf(getSchema('users'));
    expect(moment(users, 'afterChange')).toEqual([lastAdminHooks.afterChange, grantHooks.afterChange]);
    expect(moment(users, 'beforeChange')).toEqual([grantHooks.beforeChange]);
    expect(moment(users, 'afterDelete')).toEqual([lastAdminHooks.afterDelete]);
    expect(moment(users, 'afterCommit')).toEqual([principalHooks.afterCommit]);
    const roles = hooksOf(getSchema('roles'));
    expect(moment(roles, 'afterChange')).toEqual([lastAdminHooks.afterChange]);
    expect(moment(roles, 'afterCommit')).toEqual([principalHooks.afterCommit]);
    expect(hooksOf(getSchema('clients'))).toEqual([]);
    // a room registered at run time: its hooks, and none once it is removed
    const first = async () => undefined;
    const second = async () => undefined;
    const remove = registerServer(defineServer('clients', { hooks: { afterChange: [first, second] } }));
    try {
      expect(moment(hooksOf(getSchema('clients')), 'afterChange')).toEqual([first, second]);
    } finally {
      remove();
    }
    expect(hooksOf(getSchema('clients'))).toEqual([]);
  });

  it('hooks: afterCommit runs once the write committed (the row is readable outside it), and its failure leaves the write done', async () => {
    const clients = getSchema('clients');
    const seen: Array<{ mode: string; visible: number }> = [];
    const afterCommit = async ({ id, mode }: Omit<HookContext, 'tx' | 'write'>) => {
      // the harness's own handle: outside the write's transaction, so only committed rows show
      // (a deleted client goes to the trash: it is no longer live once the delete committed)
      seen.push({
        mode,
        visible: await count('SELECT count(*)::int AS n FROM clients WHERE id = $1 AND deleted_at IS NULL', [id]),
      });
      throw new Error('the mail server is down');
    };
    await withHooks('clients', { afterCommit }, async () => {
      const id = await createRecord(h.db, clients, user, { gname: 'Committed client' });
      await updateRecord(h.db, clients, user, id, { gname: 'Committed client 2' }, 'patch');
      await deleteRecord(h.db, clients, user, id);
      expect(seen).toEqual([
        { mode: 'create', visible: 1 },
        { mode: 'patch', visible: 1 },
        { mode: 'delete', visible: 0 },
      ]);
      // a write that fails commits nothing and runs no afterCommit
      await expect(createRecord(h.db, clients, user, { gname: '' })).rejects.toMatchObject({ statusCode: 400 });
      expect(seen).toHaveLength(3);
    });
  });
});
