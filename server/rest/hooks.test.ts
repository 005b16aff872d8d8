import { grantHooks } from '../auth/grants';
import { lastAdminHooks } from '../auth/lastAdmin';
import { principalHooks } from '../auth/principalHooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  BeforeChangeContext,
  BeforeValidateContext,
  EntityHooks,
  EntitySchema,
  HookContext,
} from '../../schemas/define';
import { getSchema } from '../../schemas/index';
import type { AuthUser } from '../auth/types';
import { createHarness, type Harness } from '../test/harness';
import { joinTableName } from '../db/naming';
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

  it('hooks: beforeValidate sees the raw body, the stored record and the user, and what it changes is validated and written', async () => {
    const seen: Array<Pick<BeforeValidateContext, 'mode' | 'id' | 'body' | 'stored'>> = [];
    const hooked: EntitySchema = {
      ...getSchema('clients'),
      hooks: {
        beforeValidate: async ({ body, mode, id, stored, user: who }) => {
          seen.push({ mode, id, body: { ...body }, stored });
          body.address = `set by ${who.username}`;
          delete body.noSuchField;
        },
      },
    };
    const id = await createRecord(h.db, hooked, user, { gname: 'Raw body', noSuchField: 1 });
    expect(seen[0]).toEqual({
      mode: 'create',
      id: undefined,
      body: { gname: 'Raw body', noSuchField: 1 },
      stored: undefined,
    });
    await updateRecord(h.db, hooked, user, id, { gname: 'Raw body 2' }, 'patch');
    expect(seen[1]).toMatchObject({ mode: 'patch', id, body: { gname: 'Raw body 2' } });
    expect(seen[1]!.stored).toMatchObject({ id, gname: 'Raw body', address: 'set by hooked' });
    const [row] = await h.db.query('SELECT gname, address FROM clients WHERE id = $1', [id]);
    expect(row).toEqual({ gname: 'Raw body 2', address: 'set by hooked' });
    // a replacement body is validated as if the client had sent it
    const invalid: EntitySchema = { ...hooked, hooks: { beforeValidate: async () => ({ gname: '' }) } };
    await expect(createRecord(h.db, invalid, user, { gname: 'fine' })).rejects.toMatchObject({
      statusCode: 400,
      errors: [expect.objectContaining({ property: 'gname', message: 'must not be blank' })],
    });
  });

  it('hooks: beforeChange sees the validated write and the stored row, may add fields, and may refuse', async () => {
    const seen: Array<Pick<BeforeChangeContext, 'mode' | 'data' | 'stored'>> = [];
    const hooked: EntitySchema = {
      ...getSchema('clients'),
      hooks: {
        beforeChange: async ({ data, stored, mode }) => {
          seen.push({ mode, data, stored });
          if (data.gname === 'Refused') throw Object.assign(new Error('not this name'), { statusCode: 422 });
          return { address: `${String(data.gname)} (checked)` };
        },
      },
    };
    const id = await createRecord(h.db, hooked, user, { gname: 'Checked', vatPercent: '0.2', vatEnabled: true });
    expect(seen[0]!.mode).toBe('create');
    // validated values in wire units: the decimal string became a number, defaults are filled
    expect(seen[0]!.data).toMatchObject({ gname: 'Checked', vatPercent: 0.2, underSanctions: false });
    const [row] = await h.db.query('SELECT address FROM clients WHERE id = $1', [id]);
    expect(row).toEqual({ address: 'Checked (checked)' });
    await expect(updateRecord(h.db, hooked, user, id, { gname: 'Refused' }, 'patch')).rejects.toMatchObject({
      statusCode: 422,
      message: 'not this name',
    });
    expect(seen[1]).toMatchObject({ mode: 'patch', data: { gname: 'Refused' }, stored: { gname: 'Checked' } });
    const [after] = await h.db.query('SELECT gname, version FROM clients WHERE id = $1', [id]);
    expect(after).toEqual({ gname: 'Checked', version: 0 });
  });

  it('hooks: an error in beforeValidate or beforeChange rolls back what the hook wrote in the transaction', async () => {
    for (const kind of ['beforeValidate', 'beforeChange'] as const) {
      const marker = `written by ${kind}`;
      const hooked: EntitySchema = {
        ...getSchema('clients'),
        hooks: {
          [kind]: async ({ tx }: { tx: HookContext['tx'] }) => {
            await tx.query('INSERT INTO clients (gname) VALUES ($1)', [marker]);
            throw Object.assign(new Error('refused'), { statusCode: 409 });
          },
        },
      };
      await expect(createRecord(h.db, hooked, user, { gname: 'Not created' })).rejects.toMatchObject({
        statusCode: 409,
      });
      expect(
        await count('SELECT count(*)::int AS n FROM clients WHERE gname = ANY($1)', [[marker, 'Not created']]),
      ).toBe(0);
    }
  });

  it('hooks: a throwing afterChange rolls back the join lists and the history of an update', async () => {
    const users = getSchema('users');
    const [bill] = await h.db.query<{ id: number }>("SELECT id FROM roles WHERE name = 'BILL'");
    const admin: AuthUser = { ...user, username: 'admin-hooked', roles: ['ADMIN'] };
    const id = await createRecord(h.db, users, admin, { username: 'hooked-links', password: 'secret1' });
    const hooked: EntitySchema = { ...users, hooks: { afterChange: async () => Promise.reject(refuse()) } };
    await expect(
      updateRecord(h.db, hooked, admin, id, { roles: [{ id: Number(bill!.id) }] }, 'patch'),
    ).rejects.toMatchObject({ statusCode: 409 });
    expect(
      await count(`SELECT count(*)::int AS n FROM ${joinTableName(users, 'roles')} WHERE owner_id = $1`, [id]),
    ).toBe(0);
    expect(
      await count("SELECT count(*)::int AS n FROM record_history WHERE collection = 'users' AND record_id = $1", [id]),
    ).toBe(1);
  });

  it("PROBE-3 a test entity's own hooks run before its server declaration's, and users and roles carry the last-admin check", () => {
    const own: EntityHooks = { afterChange: async () => undefined };
    const users = getSchema('users');
    const all = hooksOf({ ...users, hooks: own });
    expect(all[0]).toBe(own);
    // then the server declaration's lists (server/auth/rooms.ts), each moment in list order: the
    // last-admin check, who may grant what, and the principal cache
    const moment = (hooks: EntityHooks[], key: keyof EntityHooks) => hooks.flatMap((h) => (h[key] ? [h[key]] : []));
    expect(moment(all.slice(1), 'afterChange')).toEqual([lastAdminHooks.afterChange, grantHooks.afterChange]);
    expect(moment(all.slice(1), 'beforeChange')).toEqual([grantHooks.beforeChange]);
    expect(moment(all.slice(1), 'afterDelete')).toEqual([lastAdminHooks.afterDelete]);
    expect(moment(all.slice(1), 'afterCommit')).toEqual([principalHooks.afterCommit]);
    const roles = hooksOf(getSchema('roles'));
    expect(moment(roles, 'afterChange')).toEqual([lastAdminHooks.afterChange]);
    expect(moment(roles, 'afterCommit')).toEqual([principalHooks.afterCommit]);
    expect(hooksOf(getSchema('clients'))).toEqual([]);
  });
  it('hooks: afterCommit runs once the write committed (the row is readable outside it), and its failure leaves the write done', async () => {
    const seen: Array<{ mode: string; visible: number }> = [];
    const hooked: EntitySchema = {
      ...getSchema('clients'),
      hooks: {
        afterCommit: async ({ id, mode }) => {
          // the harness's own handle: outside the write's transaction, so only committed rows show
          // (a deleted client goes to the trash: it is no longer live once the delete committed)
          seen.push({
            mode,
            visible: await count('SELECT count(*)::int AS n FROM clients WHERE id = $1 AND deleted_at IS NULL', [id]),
          });
          throw new Error('the mail server is down');
        },
      },
    };
    const id = await createRecord(h.db, hooked, user, { gname: 'Committed client' });
    await updateRecord(h.db, hooked, user, id, { gname: 'Committed client 2' }, 'patch');
    await deleteRecord(h.db, hooked, user, id);
    expect(seen).toEqual([
      { mode: 'create', visible: 1 },
      { mode: 'patch', visible: 1 },
      { mode: 'delete', visible: 0 },
    ]);
    // a write that fails commits nothing and runs no afterCommit
    await expect(createRecord(h.db, hooked, user, { gname: '' })).rejects.toMatchObject({ statusCode: 400 });
    expect(seen).toHaveLength(3);
  });
});
