import { describe, expect, it } from 'vitest';
import { defineEntity, f } from '../schemas/define';
import { schemas } from '../schemas/index';
import { checkServerDeclarations, registerServer, serverOf } from './areas';
import { beforeInsert, extendedActionContext, writeExtensions } from './rest/rooms';
import { defineServer } from './define';

/** The rooms: every body a schema declares is found on the server, and every server body has its declaration. */
describe('server declarations', () => {
  const gadgets = defineEntity({
    name: 'roomGadgets',
    entityName: 'RoomGadget',
    label: 'Gadgets',
    area: 'workspace',
    icon: 'Widgets',
    fields: { name: f.text({ required: true }) },
    actions: { ping: { level: 'collection', methods: ['GET'], access: { privilege: 'view' } } },
  });

  it('the registry passes: each declared action, computed field, approval and document set has its body', () => {
    expect(() => checkServerDeclarations(schemas)).not.toThrow();
    expect(Object.keys(serverOf('invoices')?.actions ?? {})).toContain('checkDocuments');
  });

  it('a declared action without a body fails, naming the schema and the action', () => {
    expect(() => checkServerDeclarations([...schemas, gadgets])).toThrow(/schema roomGadgets: action ping has no body/);
  });

  it('a body for an action the schema does not declare fails, naming both', () => {
    const remove = registerServer(
      defineServer('roomGadgets', { actions: { ping: async () => ({ pong: true }), pong: async () => undefined } }),
    );
    try {
      expect(() => checkServerDeclarations([...schemas, gadgets])).toThrow(
        /schema roomGadgets: the server declares a body for action pong/,
      );
    } finally {
      remove();
    }
    expect(serverOf('roomGadgets')).toBeUndefined();
  });
});

/** The rooms' write extensions (`WriteExtension`, server/rest/rooms.ts), as `server/areas.ts` provides them. */
describe('write extensions', () => {
  const noQueries = { query: () => Promise.reject(new Error('no statement expected')) };
  const user = { username: 'u' } as never;

  it('the approvals are reached through the registry: every action gets their startVerification', () => {
    expect(writeExtensions().map((e) => e.name)).toEqual(['approvals']);
    const ctx = extendedActionContext({ tx: noQueries, schema: serverSchema('preInvoices'), user });
    expect(typeof ctx.startVerification).toBe('function');
  });

  it('a create of an entity without verification is left as it is: no statement, no column set', async () => {
    const write = { columns: { gname: 'x' } };
    const after = await beforeInsert({ tx: noQueries, schema: serverSchema('departments'), user }, write);
    await after(1);
    expect(write.columns).toEqual({ gname: 'x' });
  });
});

function serverSchema(name: string) {
  const found = schemas.find((s) => s.name === name);
  if (!found) throw new Error(`no schema ${name}`);
  return found;
}
