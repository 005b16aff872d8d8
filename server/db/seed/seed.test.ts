import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyPassword } from '../../auth/passwords';
import { DICTIONARY_TYPES } from '../../../schemas/dictionaries';
import { ROLES } from '../../../schemas/modules';
import {
  baseDictionaries,
  baseDictionaryTypes,
  clients,
  contacts,
  currencies,
  departments,
  positions,
  privileges,
  roles,
  users,
} from '../../../schemas/index';
import type { EntitySchema } from '../../../schemas/define';
import { joinTableName } from '../naming';
import type { Database } from '../database';
import { migrate } from '../migrate';
import { DEMO_ACCOUNTS, isEmpty, resetData, seed, seedIfEmpty, type SeedResult } from './index';
import { columnOf, quote } from './sql';
import { openTestDatabase, seededDemoDatabase } from '../../test/database';

/** `table.column` in SQL, from the schema (naming.ts), as the seed writes them. */
const t = (s: EntitySchema) => quote(s.table);
const c = (s: EntitySchema, field: string) => quote(columnOf(s, field));

async function freshDatabase(): Promise<Database> {
  const db = await openTestDatabase();
  await migrate(db);
  return db;
}

// each test seeds a whole demo database (a year of work and billing): about a minute alone,
// several on a loaded machine
describe('demo seed', { timeout: 300_000 }, () => {
  let db: Database;
  let result: SeedResult;

  // one seed of the whole demo firm takes about a minute alone and more on a loaded machine: the
  // describe's timeout does not cover hooks, whose default is 120 s
  beforeAll(async () => {
    ({ db, result } = await seededDemoDatabase());
  }, 300_000);
  afterAll(() => db?.close());

  it('OFF-07 OFF-14 OFF-19 OFF-32 gives every demo office an account with transit accounts, income distributions and approvers', async () => {
    const [row] = await db.query<
      Record<
        | 'offices'
        | 'withaccount'
        | 'transits'
        | 'withdistribution'
        | 'lawyer21'
        | 'distributions'
        | 'percents'
        | 'withapprovers',
        number
      >
    >(
      `SELECT (SELECT count(*)::int FROM offices) AS offices,
              (SELECT count(DISTINCT office_id)::int FROM office_accounts) AS withAccount,
              (SELECT count(*)::int FROM office_transit_accounts) AS transits,
              (SELECT count(DISTINCT office_id)::int FROM office_income_distributions) AS withDistribution,
              (SELECT count(*)::int FROM office_income_distributions WHERE soft_development_lawyer_percent = 0.21) AS lawyer21,
              (SELECT count(*)::int FROM office_income_distributions) AS distributions,
              (SELECT count(*)::int FROM office_income_distribution_percents WHERE transferable) AS percents,
              (SELECT count(DISTINCT office_id)::int FROM office_approvers) AS withApprovers`,
    );
    expect(row!.withaccount).toBe(row!.offices);
    expect(row!.transits).toBe(row!.offices * 3);
    expect(row!.withdistribution).toBe(row!.offices);
    expect(row!.lawyer21).toBe(row!.distributions);
    expect(row!.percents).toBe(row!.distributions * 3);
    expect(row!.withapprovers).toBe(row!.offices);
    expect(result.counts.officeAccounts).toBe(row!.offices);
  });

  it('seeds every dictionary type with id = code', async () => {
    const rows = await db.query<{ id: number; code: number }>(
      `SELECT id, ${c(baseDictionaryTypes, 'code')} AS code FROM ${t(baseDictionaryTypes)} ORDER BY id`,
    );
    expect(rows.map((r) => r.id)).toEqual(DICTIONARY_TYPES.map((d) => d.code));
    expect(rows.every((r) => r.id === r.code)).toBe(true);
  });

  it('H7 pins dictionary entry ids 22 (position level Subordinates), 66 and 67 (pre-invoice statuses)', async () => {
    const rows = await db.query<{ id: number; type: number; code: number; gname: string }>(
      `SELECT id, ${c(baseDictionaries, 'type')} AS type, ${c(baseDictionaries, 'code')} AS code, ${c(baseDictionaries, 'gname')} AS gname FROM ${t(baseDictionaries)} WHERE id IN (22, 66, 67) ORDER BY id`,
    );
    expect(rows).toEqual([
      { id: 22, type: 34, code: 1, gname: 'Subordinates' },
      { id: 66, type: 23, code: 5, gname: 'Acted' },
      { id: 67, type: 23, code: 6, gname: 'Closed' },
    ]);
    const [seq] = await db.query<{ next: number; max: number }>(
      `SELECT nextval(pg_get_serial_sequence($1, 'id')) AS next, (SELECT max(id) FROM ${t(baseDictionaries)}) AS max`,
      [t(baseDictionaries)],
    );
    expect(seq!.next).toBeGreaterThan(seq!.max);
  });

  it('seeds ISO countries with numeric code, alpha-2 and Russian name, and ISO currencies', async () => {
    const countries = await db.query<{ char_code: string; code: number; gname: string; lname: string }>(
      `SELECT ${c(baseDictionaries, 'charCode')} AS char_code, ${c(baseDictionaries, 'code')} AS code, ${c(baseDictionaries, 'gname')} AS gname, ${c(baseDictionaries, 'lname')} AS lname
       FROM ${t(baseDictionaries)} WHERE ${c(baseDictionaries, 'type')} = 4 AND ${c(baseDictionaries, 'charCode')} IN ('KZ', 'GB') ORDER BY 1`,
    );
    expect(countries).toEqual([
      { char_code: 'GB', code: 826, gname: 'United Kingdom', lname: 'Великобритания' },
      { char_code: 'KZ', code: 398, gname: 'Kazakhstan', lname: 'Казахстан' },
    ]);
    const [english] = await db.query<{ char_code: string; code: number }>(
      `SELECT ${c(baseDictionaries, 'charCode')} AS char_code, ${c(baseDictionaries, 'code')} AS code FROM ${t(baseDictionaries)} WHERE ${c(baseDictionaries, 'type')} = 5 ORDER BY ${c(baseDictionaries, 'orderliness')} LIMIT 1`,
    );
    expect(english).toEqual({ char_code: 'en', code: 1 });
    const money = await db.query<{ code: string }>(
      `SELECT ${c(currencies, 'code')} AS code FROM ${t(currencies)} WHERE ${c(currencies, 'code')} IN ('KZT', 'USD', 'XXX') ORDER BY 1`,
    );
    expect(money.map((r) => r.code)).toEqual(['KZT', 'USD']);
    expect(result.counts.currencies).toBeGreaterThan(160);
  });

  it('PERM-01 seeds the 22 roles and the 7 demo users whose bcrypt passwords are their usernames', async () => {
    const roleNames = await db.query<{ name: string }>(`SELECT ${c(roles, 'name')} AS name FROM ${t(roles)}`);
    expect(roleNames.map((r) => r.name).sort()).toEqual([...ROLES].sort());
    const rows = await db.query<{
      username: string;
      password: string;
      enabled: boolean;
      employee: number | null;
      role: string;
    }>(
      `SELECT u.${c(users, 'username')} AS username, u.${c(users, 'password')} AS password, u.${c(users, 'enabled')} AS enabled, u.${c(users, 'employee')} AS employee, r.${c(roles, 'name')} AS role
       FROM ${t(users)} u JOIN ${quote(joinTableName(users, 'roles'))} ur ON ur.owner_id = u.id JOIN ${t(roles)} r ON r.id = ur.target_id ORDER BY u.id`,
    );
    expect(rows.map((r) => [r.username, r.role])).toEqual(DEMO_ACCOUNTS.map((a) => [a.username, a.role]));
    for (const row of rows) {
      expect(row.enabled).toBe(true);
      expect(row.employee).not.toBeNull();
      expect(row.password).toMatch(/^\$2[aby]\$10\$/);
      expect(await verifyPassword(row.username, row.password)).toBe(true);
      expect(await verifyPassword(`${row.username}x`, row.password)).toBe(false);
    }
  });

  it('PERM-07 links the top user to an employee with a current top-management position', async () => {
    const rows = await db.query<{ type_code: number }>(
      `SELECT dt.${c(baseDictionaries, 'code')} AS type_code FROM ${t(users)} u
       JOIN ${t(positions)} p ON p.${c(positions, 'employee')} = u.${c(users, 'employee')} AND p.${c(positions, 'dateLte')} IS NULL
       JOIN ${t(departments)} d ON d.id = p.${c(positions, 'department')}
       JOIN ${t(baseDictionaries)} dt ON dt.id = d.${c(departments, 'type')}
       WHERE u.${c(users, 'username')} = 'top'`,
    );
    expect(rows.some((r) => [4, 5, 6].includes(r.type_code))).toBe(true);
  });

  it('EMP-16 gives every employee 1-2 positions, each open or ending at a month end, some at level id 22', async () => {
    const [row] = await db.query<{ min: number; max: number; bad_end: number; level22: number }>(
      `SELECT (SELECT min(n)::int FROM (SELECT count(*) AS n FROM ${t(positions)} GROUP BY ${c(positions, 'employee')}) x) AS min,
              (SELECT max(n)::int FROM (SELECT count(*) AS n FROM ${t(positions)} GROUP BY ${c(positions, 'employee')}) x) AS max,
              (SELECT count(*)::int FROM ${t(positions)} WHERE ${c(positions, 'dateLte')} IS NOT NULL
                 AND ${c(positions, 'dateLte')} <> (date_trunc('month', ${c(positions, 'dateLte')}) + interval '1 month - 1 day')::date) AS bad_end,
              (SELECT count(*)::int FROM ${t(positions)} WHERE ${c(positions, 'level')} = 22) AS level22`,
    );
    expect(row).toMatchObject({ min: 1, max: 2, bad_end: 0 });
    expect(row!.level22).toBeGreaterThan(0);
  });

  it('EMP-09 gives lawyers a titles history, EMP-32 senior positions a rate, EMP-24..27 partners a fund whose targets follow its scheme', async () => {
    const [row] = await db.query<{ titles: number; current: number; rates: number; funds: number; bad: number }>(
      `SELECT (SELECT count(*)::int FROM employee_titles) AS titles,
              (SELECT count(*)::int FROM employee_titles WHERE date_lte IS NULL) AS current,
              (SELECT count(*)::int FROM position_rates) AS rates,
              (SELECT count(*)::int FROM position_funds) AS funds,
              (SELECT count(*)::int FROM position_funds f JOIN base_dictionaries s ON s.id = f.scheme_id
                WHERE (f.transfer_office_id IS NOT NULL) <> (s.code::int IN (1, 2, 6))
                   OR (f.transfer_department_id IS NOT NULL AND s.code::int NOT IN (2, 6))
                   OR (f.transfer_position_id IS NOT NULL AND s.code::int <> 3)) AS bad`,
    );
    expect(row!.titles).toBeGreaterThan(row!.current);
    expect(row!.current).toBeGreaterThan(0);
    expect(row!.rates).toBeGreaterThan(0);
    expect(row!.funds).toBeGreaterThan(0);
    expect(row!.bad).toBe(0);
  });

  it('CLI-01 puts clients in sectors and sub-sectors that are departments of type 7', async () => {
    const rows = await db.query<{ code: number }>(
      `SELECT DISTINCT dt.${c(baseDictionaries, 'code')} AS code FROM ${t(clients)} cl
       JOIN ${t(departments)} d ON d.id IN (cl.${c(clients, 'sector')}, cl.${c(clients, 'subSector')})
       JOIN ${t(baseDictionaries)} dt ON dt.id = d.${c(departments, 'type')}`,
    );
    expect(rows).toEqual([{ code: 7 }]);
  });

  it('gives MEMBER no client privilege, BILL full client rights, NO_ACCESS nothing', async () => {
    const grants = await db.query<{
      role: string;
      module: string;
      view: boolean;
      create: boolean;
      update: boolean;
      delete: boolean;
    }>(
      `SELECT r.${c(roles, 'name')} AS role, p.${c(privileges, 'module')} AS module, p.${c(privileges, 'view')} AS view, p.${c(privileges, 'create')} AS create,
              p.${c(privileges, 'update')} AS update, p.${c(privileges, 'delete')} AS delete
       FROM ${t(privileges)} p JOIN ${t(roles)} r ON r.id = p.${c(privileges, 'role')}`,
    );
    const of = (role: string) => grants.filter((g) => g.role === role);
    expect(of('MEMBER').some((g) => g.module === 'client')).toBe(false);
    expect(
      of('MEMBER')
        .filter((g) => g.view)
        .map((g) => g.module),
    ).toEqual(
      expect.arrayContaining([
        'department',
        'team',
        'employee',
        'position',
        'office',
        'project',
        'matter',
        'time',
        'TIME',
      ]),
    );
    expect(of('BILL').find((g) => g.module === 'client')).toMatchObject({
      view: true,
      create: true,
      update: true,
      delete: true,
    });
    expect(
      of('GLOBAL_TOP')
        .filter((g) => g.view)
        .map((g) => g.module),
    ).toEqual(expect.arrayContaining(['client', 'cashbox']));
    expect(
      of('LEGAL_ASSISTANT')
        .map((g) => g.module)
        .sort(),
    ).toEqual(['CHAT_BOT', 'SHARED_MATERIAL', 'TIME', 'client', 'matter', 'project', 'time']);
    expect(of('PUBLISHER').filter((g) => g.module.startsWith('PUBLISHER_') && g.delete)).toHaveLength(16);
    expect(of('NO_ACCESS')).toEqual([]);
  });

  it('LEAD-01 seeds demo leads along the deal stages, each with the history of its moves', async () => {
    const rows = await db.query<{ code: number; moves: number; first_from: number | null }>(
      `SELECT d.code, count(s.id)::int AS moves, min(s.from_id) FILTER (WHERE s.comment IS NULL) AS first_from
         FROM leads l JOIN base_dictionaries d ON d.id = l.deal_stage_id
         LEFT JOIN status_changes s ON s.collection = 'leads' AND s.record_id = l.id
        GROUP BY l.id, d.code ORDER BY l.id`,
    );
    expect(result.counts.leads).toBe(rows.length);
    expect(rows.length).toBeGreaterThanOrEqual(8);
    expect(new Set(rows.map((r) => Number(r.code))).size).toBeGreaterThanOrEqual(8);
    // the create's row (from none) and one row per move
    for (const r of rows) expect(Number(r.moves)).toBeGreaterThanOrEqual(1);
    expect(rows.every((r) => r.first_from === null)).toBe(true);
  });

  it('seeds 300 clients with 1-6 contacts each and the payload rules of CLI-03, CLI-04 and CLI-13', async () => {
    expect(result.counts.clients).toBe(300);
    expect(result.counts.employees).toBeGreaterThanOrEqual(100);
    const perClient = await db.query<{ min: number; max: number }>(
      `SELECT min(n)::int AS min, max(n)::int AS max FROM (SELECT count(*) AS n FROM ${t(contacts)} GROUP BY ${c(contacts, 'client')}) x`,
    );
    expect(perClient[0]!.min).toBeGreaterThanOrEqual(1);
    expect(perClient[0]!.max).toBeLessThanOrEqual(6);
    const vat = await db.query<{ vat: string }>(
      `SELECT DISTINCT ${c(clients, 'vatPercent')}::text AS vat FROM ${t(clients)} ORDER BY 1`,
    );
    expect(vat.map((r) => Number(r.vat))).toEqual([0, 0.12, 0.2]);
    const [broken] = await db.query<{ sanctions: number; vat: number; language: number }>(
      `SELECT (SELECT count(*)::int FROM ${t(clients)} WHERE ${c(clients, 'sanctionComments')} IS NOT NULL AND NOT ${c(clients, 'underSanctions')}) AS sanctions,
              (SELECT count(*)::int FROM ${t(clients)} WHERE NOT ${c(clients, 'vatEnabled')} AND ${c(clients, 'vatPercent')} <> 0) AS vat,
              (SELECT count(*)::int FROM ${t(contacts)} WHERE ${c(contacts, 'language')} IS NOT NULL AND NOT ${c(contacts, 'emailSubscribed')}) AS language`,
    );
    expect(broken).toEqual({ sanctions: 0, vat: 0, language: 0 });
  });

  it('gives every demo client its own name (a repeated name gets its city)', async () => {
    const rows = await db.query<{ n: number; distinct: number }>(
      `SELECT count(*)::int AS n, count(DISTINCT ${c(clients, 'gname')})::int AS distinct FROM ${t(clients)}`,
    );
    expect(rows[0]!.n).toBe(300);
    expect(rows[0]!.distinct).toBe(300);
  });

  it('is deterministic: a second fresh database gets the same clients, contacts and time entries', async () => {
    const other = await freshDatabase();
    try {
      await seed(other);
      const names = `SELECT ${c(clients, 'gname')} AS name, ${quote('created_date')} AS created FROM ${t(clients)} ORDER BY id`;
      const people = `SELECT ${c(contacts, 'gname')} AS name, ${c(contacts, 'firstEmail')} AS email FROM ${t(contacts)} ORDER BY id`;
      expect(await other.query(names)).toEqual(await db.query(names));
      expect(await other.query(people)).toEqual(await db.query(people));
      const work = `SELECT id, matter_id, employee_id, date_time, duration, billing_status_id FROM times ORDER BY id`;
      expect(await other.query(work)).toEqual(await db.query(work));
    } finally {
      await other.close();
    }
  });
});

// each test seeds a whole demo database (a year of work and billing): about a minute alone,
// several on a loaded machine
describe('seedIfEmpty and scale', { timeout: 300_000 }, () => {
  it('seeds an empty database once', async () => {
    const db = await freshDatabase();
    try {
      expect(await isEmpty(db)).toBe(true);
      expect(await seedIfEmpty(db, { times: 500 })).toBe(true);
      expect(await seedIfEmpty(db, { times: 500 })).toBe(false);
      const [row] = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${t(clients)}`);
      expect(row!.n).toBe(300);
      await resetData(db);
      expect(await isEmpty(db)).toBe(true);
    } finally {
      await db.close();
    }
  });

  it('seeds N clients with about 10 contacts each at a scale, and new rows get fresh ids', async () => {
    const db = await freshDatabase();
    try {
      const { counts } = await seed(db, { scale: 50, times: 500 });
      expect(counts.clients).toBe(50);
      expect(counts.contacts).toBeGreaterThanOrEqual(50 * 6);
      expect(counts.contacts).toBeLessThanOrEqual(50 * 15);
      const [row] = await db.query<{ id: number }>(
        `INSERT INTO ${t(clients)} (${c(clients, 'gname')}) VALUES ('New client') RETURNING id`,
      );
      expect(row!.id).toBe(51);
    } finally {
      await db.close();
    }
  });
});
