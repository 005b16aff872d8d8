import { baseDictionaries, baseDictionaryTypes, currencies, privileges, roles } from '../../../schemas/index';
import { DICTIONARY_TYPES, type DictionaryTypeSeed } from '../../../schemas/dictionaries';
import type { EntitySchema } from '../../../schemas/define';
import type { Database } from '../database';
import { currencySeeds, seededEntries } from './reference';
import { privilegeRows, SEEDED_ROLES } from './roles';
import { columnOf, quote, syncIdSequence, type Tx } from './sql';

/**
 * Reference data applied on every start (server/db/start.ts), so an existing database gains what
 * a new version declares without `seed --reset`: dictionary types and entries
 * (`schemas/<area>/dictionaries.ts`), ISO currencies, the roles and their grants
 * (`server/db/seed/roles.ts`). Rows are matched by their natural key - a type by code, an entry by
 * type and code, a currency by code, a role by name, a grant by role and module - and only the
 * missing ones are inserted: a row a user renamed or whose flags an administrator changed is left
 * as it is. (A grant an administrator deleted is missing, so it comes back with the next start:
 * revoke a grant by clearing its flags instead.)
 */
export interface ReferenceSet {
  dictionaries: readonly DictionaryTypeSeed[];
  roles: ReadonlyArray<{ name: string; grants: ReturnType<typeof privilegeRows> }>;
  currencies: ReadonlyArray<{ code: string; gname: string }>;
}

/** The reference set this version declares. */
export const declaredReference = (): ReferenceSet => ({
  dictionaries: DICTIONARY_TYPES.map((t) => ({ ...t, entries: seededEntries(t) })),
  roles: SEEDED_ROLES.map((name) => ({ name, grants: privilegeRows(name) })),
  currencies: currencySeeds(),
});

const AUDIT_BY = 'reference';

/** `schema.field` column, quoted. */
const col = (schema: EntitySchema, field: string) => quote(columnOf(schema, field));

/** Inserts rows of `schema` from a JSON array unless a row with the same natural key exists. */
async function insertMissing(tx: Tx, sql: string, rows: unknown[]): Promise<number> {
  if (rows.length === 0) return 0;
  const inserted = await tx.query<{ id: number }>(sql, [JSON.stringify(rows)]);
  return inserted.length;
}

const auditColumns = (s: EntitySchema) =>
  ['createdDate', 'lastModifiedDate', 'createdBy', 'lastModifiedBy'].map((f) => col(s, f)).join(', ');
const auditValues = `now(), now(), '${AUDIT_BY}', '${AUDIT_BY}'`;

/**
 * Inserts every reference row the database lacks, in one transaction, serialised across instances.
 *
 * @returns the rows inserted per kind (all zero on a database that is up to date)
 */
export async function applyReferenceData(
  db: Database,
  set: ReferenceSet = declaredReference(),
): Promise<Record<'dictionaryTypes' | 'dictionaries' | 'currencies' | 'roles' | 'privileges', number>> {
  return db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock(8150516)');
    const T = baseDictionaryTypes;
    const D = baseDictionaries;
    // a type's id is its code (the presets write `type: { id: code }`); a taken id leaves the type out
    const dictionaryTypes = await insertMissing(
      tx,
      `INSERT INTO ${quote(T.table)} (id, ${col(T, 'code')}, ${col(T, 'gname')}, ${auditColumns(T)})
       SELECT x.code, x.code, x.gname, ${auditValues} FROM jsonb_to_recordset($1::jsonb) AS x(code int, gname text)
        WHERE NOT EXISTS (SELECT 1 FROM ${quote(T.table)} t WHERE t.${col(T, 'code')} = x.code)
       ON CONFLICT DO NOTHING RETURNING id`,
      set.dictionaries.map((t) => ({ code: t.code, gname: t.gname })),
    );
    const dictionaries = await insertMissing(
      tx,
      `INSERT INTO ${quote(D.table)} (${['type', 'code', 'gname', 'lname', 'charCode', 'orderliness'].map((f) => col(D, f)).join(', ')}, ${auditColumns(D)})
       SELECT t.id, x.code, x.gname, x.lname, x.char_code,
              (SELECT coalesce(max(d.${col(D, 'orderliness')}), 0) FROM ${quote(D.table)} d WHERE d.${col(D, 'type')} = t.id)
                + row_number() OVER (PARTITION BY t.id ORDER BY x.ord),
              ${auditValues}
         FROM jsonb_to_recordset($1::jsonb) AS x(type_code int, code int, gname text, lname text, char_code text, ord int)
         JOIN ${quote(T.table)} t ON t.${col(T, 'code')} = x.type_code
        WHERE NOT EXISTS (SELECT 1 FROM ${quote(D.table)} d WHERE d.${col(D, 'type')} = t.id AND d.${col(D, 'code')} = x.code)
       RETURNING id`,
      set.dictionaries.flatMap((t) =>
        t.entries.map((e, ord) => ({
          type_code: t.code,
          code: e.code,
          gname: e.gname,
          lname: e.lname ?? null,
          char_code: e.charCode ?? null,
          ord,
        })),
      ),
    );
    const currencyCount = await insertMissing(
      tx,
      `INSERT INTO ${quote(currencies.table)} (${col(currencies, 'code')}, ${col(currencies, 'gname')}, ${auditColumns(currencies)})
       SELECT x.code, x.gname, ${auditValues} FROM jsonb_to_recordset($1::jsonb) AS x(code text, gname text)
        WHERE NOT EXISTS (SELECT 1 FROM ${quote(currencies.table)} c WHERE c.${col(currencies, 'code')} = x.code)
       RETURNING id`,
      [...set.currencies],
    );
    const roleCount = await insertMissing(
      tx,
      `INSERT INTO ${quote(roles.table)} (${col(roles, 'name')}, ${auditColumns(roles)})
       SELECT x.name, ${auditValues} FROM jsonb_to_recordset($1::jsonb) AS x(name text)
        WHERE NOT EXISTS (SELECT 1 FROM ${quote(roles.table)} r WHERE r.${col(roles, 'name')} = x.name)
       RETURNING id`,
      set.roles.map((r) => ({ name: r.name })),
    );
    const P = privileges;
    const flags = ['view', 'create', 'update', 'delete'];
    const privilegeCount = await insertMissing(
      tx,
      `INSERT INTO ${quote(P.table)} (${['role', 'module', ...flags].map((f) => col(P, f)).join(', ')}, ${auditColumns(P)})
       SELECT r.id, x.module, ${flags.map((f) => `x.${quote(f)}`).join(', ')}, ${auditValues}
         FROM jsonb_to_recordset($1::jsonb) AS x(role text, module text, ${flags.map((f) => `${quote(f)} boolean`).join(', ')})
         JOIN ${quote(roles.table)} r ON r.${col(roles, 'name')} = x.role
        WHERE NOT EXISTS (SELECT 1 FROM ${quote(P.table)} p WHERE p.${col(P, 'role')} = r.id AND p.${col(P, 'module')} = x.module)
       RETURNING id`,
      set.roles.flatMap((r) => r.grants.map((g) => ({ role: r.name, ...g }))),
    );
    if (dictionaryTypes > 0) await syncIdSequence(tx, T);
    return {
      dictionaryTypes,
      dictionaries,
      currencies: currencyCount,
      roles: roleCount,
      privileges: privilegeCount,
    };
  });
}
