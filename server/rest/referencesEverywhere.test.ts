import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { canAccessEntity } from '../../schemas/access';
import {
  hasTrash,
  servesGenericWrite,
  shapeOf,
  type EntitySchema,
  type Field,
  type WireRecord,
} from '../../schemas/define';
import { findSchema, getSchema, storedSchemas } from '../../schemas/index';
import type { Role } from '../../schemas/modules';
import { createTestUser } from '../auth/testing';
import type { AuthUser } from '../auth/types';
import { loadUser } from '../auth/users';
import { grantSeeded } from '../test/seededRoles';
import { TRASH_COLUMNS } from '../trash/columns';
import { approversEverywhere } from '../test/approvers';
import { createHarness, type Harness } from '../test/harness';
import { Samples } from '../test/samples';
import { readableLists } from '../../schemas/workspace/savedViews';
import { canLookUpEntity, LOOKUP_PROJECTION } from '../../schemas/lookup';
import { rowCondition } from './access';
import { collectionPath } from './values';

/**
 * H2-04 over the whole registry: for every entity a non-administrator may write and every
 * reference field of it (to-one, flat ids, join lists, inverse lists, the references of nested
 * children), a create naming a record of the target the writer cannot read - cannot look up
 * (schemas/lookup.ts: outside the target's row rule) - is refused - 400 at the field (as for a
 * missing record), or 403/404 - and writes nothing; so is an update of a record the writer may
 * change. The writers are the fixture's `lawyer` (on one matter's team) and one user per seeded
 * demo role with its real grants. A pair is open (no record to hide) only for a computed reason:
 * the target has no row rule, or its rule gives the writer every row. A target the writer may not
 * look up (read by administrators only) is judged by the field's own rule, named in `FIELD_RULES`
 * and proved here; no pair is left unjudged. The counts and lists are printed.
 */
let h: Harness;
let samples: Samples;
const ROLES: Role[] = ['BILL', 'MEMBER', 'GLOBAL_TOP', 'PUBLISHER', 'LEGAL_ASSISTANT'];
const writers: Array<{ username: string; user: AuthUser }> = [];

beforeAll(async () => {
  h = await createHarness();
  await approversEverywhere(h);
  samples = new Samples(h);
  for (const role of ROLES) {
    await grantSeeded(h.db, role);
    await createTestUser(h.db, { username: `refs-${role.toLowerCase()}`, roles: [{ name: role }] });
  }
  for (const username of ['lawyer', ...ROLES.map((r) => `refs-${r.toLowerCase()}`)]) {
    const loaded = await loadUser(h.db, username);
    if (!loaded) throw new Error(`setup: no user ${username}`);
    writers.push({ username, user: loaded.user });
  }
}, 120_000);
afterAll(async () => h?.close());

/** A reference of a write: the field, where it sits (top level or in a nested child), its target. */
interface RefField {
  /** The property the error names (`matter`, `contactList[0].country`). */
  property: string;
  /** The top-level field of the body. */
  field: string;
  fd: Field;
  target: EntitySchema;
  /** The nested child's schema when the reference is a child's. */
  child?: { schema: EntitySchema; via: string };
}

/** Every reference field of `schema` a client may write, nested children's included. */
function referenceFields(schema: EntitySchema): RefField[] {
  const out: RefField[] = [];
  const own = (s: EntitySchema, skip?: string) =>
    Object.entries(s.fields).filter(
      ([name, fd]) =>
        name !== skip &&
        !fd.readOnly &&
        !fd.dictionary &&
        !!fd.target &&
        !!findSchema(fd.target) &&
        ['toOne', 'flatId', 'links'].includes(shapeOf(fd)),
    );
  for (const [name, fd] of own(schema)) out.push({ property: name, field: name, fd, target: getSchema(fd.target!) });
  for (const [name, fd] of Object.entries(schema.fields)) {
    if (shapeOf(fd) !== 'children' || fd.readOnly) continue;
    const child = getSchema(fd.target!);
    for (const [cname, cfd] of own(child, fd.via))
      out.push({
        property: `${name}[0].${cname}`,
        field: name,
        fd: cfd,
        target: getSchema(cfd.target!),
        child: { schema: child, via: fd.via! },
      });
  }
  return out;
}

/** Whether the target has a row rule (an `accessRule` or `rowModules`): else every reader reads every row. */
const hasRowRule = (target: EntitySchema) => !!target.accessRule || !!target.rowModules?.length;

/** The value naming `id` in the field's wire shape. */
const refValue = (fd: Field, id: number) =>
  shapeOf(fd) === 'links' ? [{ id }] : shapeOf(fd) === 'flatId' ? id : { id };

const live = (s: EntitySchema) => (hasTrash(s) ? ` WHERE ${TRASH_COLUMNS.deletedAt} IS NULL` : '');

const hidden = new Map<string, number | null>();
/**
 * A live record of `target` that `username` cannot look up (its item GET with
 * `projection=lookup` is 404: outside the target's row rule for them), found among the stored
 * ones or created for the purpose by the administrator; null when none can be had.
 */
async function hiddenRecord(target: EntitySchema, username: string, except?: number): Promise<number | null> {
  const key = `${target.name}:${username}:${except}`;
  if (hidden.has(key)) return hidden.get(key)!;
  const path = collectionPath(target);
  const readable = async (id: number) =>
    (await h.request(username, 'GET', `${path}/${id}?projection=${LOOKUP_PROJECTION}`)).statusCode === 200;
  const ids = (
    await h.db.query<{ id: number }>(`SELECT id FROM "${target.table}"${live(target)} ORDER BY id LIMIT 40`)
  ).map((r) => Number(r.id));
  let found: number | null = null;
  for (const id of ids)
    if (id !== except && !(await readable(id))) {
      found = id;
      break;
    }
  if (found === null && servesGenericWrite(target, 'create')) {
    const made = await h.json<{ id: number }>('admin', 'POST', path, await samples.payload(target));
    if (made.status === 201 && !(await readable(made.body.id))) found = made.body.id;
  }
  hidden.set(key, found);
  return found;
}

/**
 * The rules that judge a reference field whose target its writers may not look up (an entity read
 * by administrators only), by `<entity>.<property>`: each proves, for one writer, that a record the
 * writer may not name is refused at the field and writes nothing, and that one they may is taken.
 */
const FIELD_RULES: Record<string, { name: string; prove: (username: string, user: AuthUser) => Promise<string[]> }> = {
  'savedViews.sharedRoles': {
    name: 'H2-06 checkViewSharing: only roles the writer holds',
    prove: async (username, user) => {
      const roles = getSchema('roles');
      const pick = async (held: boolean) =>
        (
          await h.db.query<{ id: number }>(
            `SELECT id FROM "${roles.table}" WHERE ${held ? '' : 'NOT '}(name = ANY($1)) ORDER BY id LIMIT 1`,
            [user.roles],
          )
        )[0]?.id;
      const [foreign, own] = [await pick(false), await pick(true)];
      if (foreign === undefined || own === undefined)
        return [`no role ${foreign === undefined ? 'outside' : 'among'} ${user.roles.join(', ')}`];
      const views = getSchema('savedViews');
      const resource = readableLists(user)[0];
      if (!resource) return ['reads no list to keep a view of'];
      const view = (role: number, name: string) => ({ name, resource, sharedRoles: [{ id: Number(role) }] });
      const before = await count(views);
      const refused = await h.json<Err>(
        username,
        'POST',
        collectionPath(views),
        view(foreign, `refs ${username} foreign`),
      );
      const problems: string[] = [];
      if (!refuses(refused.status, refused.body, 'sharedRoles'))
        problems.push(`a role not held: ${refused.status} ${JSON.stringify(refused.body).slice(0, 200)}`);
      if ((await count(views)) !== before) problems.push('a role not held: refused but wrote');
      const taken = await h.request(username, 'POST', collectionPath(views), view(own, `refs ${username} own`));
      if (taken.statusCode !== 201) problems.push(`a held role: ${taken.statusCode} ${taken.body.slice(0, 200)}`);
      return problems;
    },
  },
};

const count = async (s: EntitySchema) =>
  Number((await h.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM "${s.table}"`))[0]!.n);

type Err = { message?: string; errors?: Array<{ property: string; message: string }> };

/** Whether an answer refuses the reference: 400 naming the property, or 403/404. */
const refuses = (status: number, body: Err, property: string) =>
  status === 403 || status === 404 || (status === 400 && !!body.errors?.some((e) => e.property === property));

describe('H2-04 every reference field of every entity', () => {
  it('H2-04 a create or update naming a record the writer cannot read is refused at that field, and writes nothing', async () => {
    const open = new Map<string, string[]>();
    const ruled = new Set<string>();
    const failures: string[] = [];
    const unfound: string[] = [];
    const unchangeable: string[] = [];
    const lookups = new Set<string>();
    const byOwnRule = new Set<string>();
    let created = 0;
    let updated = 0;
    for (const schema of storedSchemas()) {
      if (!servesGenericWrite(schema, 'create')) continue;
      const fields = referenceFields(schema);
      for (const { username, user } of writers) {
        if (!canAccessEntity(schema, 'create', user.roles, user.privileges)) continue;
        for (const ref of fields) {
          const pair = `${schema.name}.${ref.property} -> ${ref.target.name}`;
          // a target the writer may not look up (read by administrators only): the field's own rule judges it
          if (!canLookUpEntity(ref.target, user.roles, user.privileges)) {
            const own = FIELD_RULES[`${schema.name}.${ref.property}`];
            if (!own) failures.push(`${pair}: ${username} may not look ${ref.target.name} up, and no rule judges it`);
            else {
              const problems = await own.prove(username, user);
              if (problems.length > 0) failures.push(...problems.map((p) => `${pair} as ${username}: ${p}`));
              else byOwnRule.add(`${pair} (${username}): ${own.name}`);
            }
            continue;
          }
          if (!canAccessEntity(ref.target, 'view', user.roles, user.privileges)) lookups.add(`${pair} (${username})`);
          // open to this writer: the target has no row rule, or its rule lets them read every row
          const openReason = !hasRowRule(ref.target)
            ? 'no row rule'
            : rowCondition(ref.target, user, 'view') === null
              ? `the row rule gives ${username} every row`
              : undefined;
          const id = await hiddenRecord(ref.target, username);
          if (id === null) {
            open.set(pair, [...new Set([...(open.get(pair) ?? []), openReason ?? 'no hidden record'])]);
            if (!openReason) unfound.push(`${pair} (${username})`);
            continue;
          }
          const expectOpen = openReason !== undefined;
          if (expectOpen) failures.push(`${pair}: ${username} reads every row, yet record ${id} is hidden`);
          ruled.add(pair);
          const payload = await samples.payload(schema);
          let body: WireRecord;
          if (ref.child) {
            const child = await samples.payload(ref.child.schema);
            delete child[ref.child.via];
            body = { ...payload, [ref.field]: [{ ...child, [ref.property.split('.').pop()!]: refValue(ref.fd, id) }] };
          } else body = { ...payload, [ref.field]: refValue(ref.fd, id) };
          const before = await count(schema);
          const childBefore = ref.child ? await count(ref.child.schema) : 0;
          const r = await h.json<Err>(username, 'POST', collectionPath(schema), body);
          created++;
          if (!refuses(r.status, r.body, ref.property))
            failures.push(`POST ${pair} as ${username}: ${r.status} ${JSON.stringify(r.body).slice(0, 300)}`);
          else if ((await count(schema)) !== before || (ref.child && (await count(ref.child.schema)) !== childBefore))
            failures.push(`POST ${pair} as ${username}: refused but wrote`);
          if (ref.child) continue;
          // an update of a record the writer may change, moving the reference onto the hidden record
          const mine = await h.json<{ _embedded?: Record<string, Array<{ id: number; version: number }>> }>(
            username,
            'GET',
            `${collectionPath(schema)}?size=1&sort=id,desc`,
          );
          const record = mine.body._embedded?.[schema.name]?.[0];
          if (!record) {
            unchangeable.push(`${pair} (${username})`);
            continue;
          }
          // a stored reference sent back is not judged again: the update names another hidden record
          const stored = (await h.json<WireRecord>('admin', 'GET', `${collectionPath(schema)}/${record.id}`)).body[
            ref.field
          ];
          const other = await hiddenRecord(
            ref.target,
            username,
            (stored as { id?: number } | null)?.id ?? (stored as number),
          );
          if (other === null) {
            unchangeable.push(`${pair} (${username}: no other hidden record)`);
            continue;
          }
          const u = await h.json<Err>(username, 'PATCH', `${collectionPath(schema)}/${record.id}`, {
            [ref.field]: refValue(ref.fd, other),
          });
          if (u.status >= 200 && u.status < 300) failures.push(`PATCH ${pair} as ${username}: ${u.status}`);
          else if (u.status === 400 && u.body.errors?.some((e) => e.property === ref.property)) {
            updated++;
            const after = await h.json<{ version: number }>('admin', 'GET', `${collectionPath(schema)}/${record.id}`);
            if (after.body.version !== record.version) failures.push(`PATCH ${pair} as ${username}: refused but wrote`);
          } else unchangeable.push(`${pair} (${username}: ${u.status})`);
        }
      }
    }
    // a pair is open (no record of the target hidden from the writer) exactly when the target has
    // no row rule or its rule gives the writer every row; a target without a row rule is never hidden
    expect(unfound, 'targets with a row rule, yet no hidden record').toEqual([]);
    for (const pair of ruled) expect(hasRowRule(getSchema(pair.split(' -> ')[1]!)), pair).toBe(true);
    // every open pair has a computed reason (no row rule, or a rule giving the writer every row)
    for (const [pair, reasons] of open) expect(reasons, pair).not.toContain('no hidden record');
    console.log(
      `H2-04: ${created} creates and ${updated} updates naming hidden records; ${ruled.size} ruled pairs, ${open.size} open pairs:\n  ${[
        ...open,
      ]
        .map(([pair, reasons]) => `${pair} (${reasons.join('; ')})`)
        .sort()
        .join(
          '\n  ',
        )}\nruled:\n  ${[...ruled].sort().join('\n  ')}\njudged through a lookup (no privilege on the target's module): ${[...lookups].join(', ') || 'none'}\njudged by the field's own rule (no lookup): ${[...byOwnRule].join(', ') || 'none'}\nnot judged: 0\nupdates refused before the reference (no record the writer may change): ${unchangeable.join(', ') || 'none'}`,
    );
    expect(failures).toEqual([]);
    expect(created).toBeGreaterThan(0);
    // the saved views' roles are proved through H2-06 for every writer
    expect(byOwnRule.size).toBe(writers.length);
  }, 600_000);
});
