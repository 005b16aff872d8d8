import { DICTIONARY_TYPES } from '../../schemas/dictionaries';
import { createTestUser } from '../auth/testing';
import type { Database } from '../db/database';
import { insertRow } from '../auth/testing';

/**
 * A small deterministic data set for API tests: every dictionary type and entry of
 * `schemas/dictionaries.ts` (pinned ids 22, 66, 67 kept, H7) plus two countries and a language,
 * two offices, departments, employees, positions, clients with contacts, and the users
 * admin (ADMIN), billing (BILL: full `client`), member (MEMBER: view on department, team,
 * position, office) and noaccess (NO_ACCESS). Passwords equal usernames.
 */
export interface FixtureIds {
  /** Dictionary entry ids by `TYPE_NAME:code`, type ids by `TYPE_NAME`. */
  entries: Record<string, number>;
  types: Record<string, number>;
  currencies: { usd: number; kzt: number };
  offices: { almaty: number; london: number };
  departments: { firm: number; sector: number; sector2: number };
  employees: { anna: number; boris: number; carl: number };
  positions: { annaSector: number };
  clients: { acme: number; globex: number; initech: number };
  contacts: { wile: number; hank: number };
  /** A lead in its initial deal stage (prospecting). */
  leads: { acmeDeal: number };
  users: { admin: number; billing: number; member: number; noaccess: number };
}

export interface Fixture extends FixtureIds {
  /** Dictionary entry id by type name and code (`dict('COUNTRY', 398)`). @throws for an entry not in the fixture */
  dict: (type: string, code: number) => number;
  /** Dictionary type id by name. */
  dictType: (type: string) => number;
}

/** Adds the lookup helpers to the plain ids (which are JSON, so a cached database can carry them). */
export function withLookups(ids: FixtureIds): Fixture {
  const get = (map: Record<string, number>, key: string) => {
    const id = map[key];
    if (id === undefined) throw new Error(`the fixture has no ${key}`);
    return id;
  };
  return {
    ...ids,
    dict: (type, code) => get(ids.entries, `${type}:${code}`),
    dictType: (type) => get(ids.types, type),
  };
}

type Db = Pick<Database, 'query'>;

async function seedDictionaries(db: Db): Promise<{ entries: Record<string, number>; types: Record<string, number> }> {
  const extra: Record<string, Array<{ code: number; gname: string; charCode?: string }>> = {
    COUNTRY: [
      { code: 398, gname: 'Kazakhstan', charCode: 'KZ' },
      { code: 826, gname: 'United Kingdom', charCode: 'GB' },
    ],
    LANGUAGE: [{ code: 1, gname: 'English', charCode: 'en' }],
  };
  const types: Record<string, number> = {};
  const entries: Record<string, number> = {};
  const typeValues: string[] = [];
  const typeParams: unknown[] = [];
  for (const t of DICTIONARY_TYPES) {
    types[t.name] = t.code;
    typeValues.push(`($${typeParams.push(t.code)}, $${typeParams.push(t.code)}, $${typeParams.push(t.gname)})`);
  }
  await db.query(`INSERT INTO base_dictionary_types (id, code, gname) VALUES ${typeValues.join(', ')}`, typeParams);
  const pinned = new Set<number>(
    DICTIONARY_TYPES.flatMap((t) => t.entries.map((e) => ('id' in e ? (e.id as number) : 0)).filter(Boolean)),
  );
  let next = 100;
  const values: string[] = [];
  const params: unknown[] = [];
  for (const t of DICTIONARY_TYPES) {
    const list = [...t.entries, ...(extra[t.name] ?? [])] as Array<{
      code: number;
      gname: string;
      charCode?: string;
      id?: number;
    }>;
    list.forEach((e, i) => {
      let id = e.id;
      if (!id) {
        while (pinned.has(next)) next++;
        id = next++;
      }
      entries[`${t.name}:${e.code}`] = id;
      values.push(
        `($${params.push(id)}, $${params.push(t.code)}, $${params.push(e.code)}, $${params.push(e.gname)}, $${params.push(e.charCode ?? null)}, $${params.push(i + 1)})`,
      );
    });
  }
  await db.query(
    `INSERT INTO base_dictionaries (id, type_id, code, gname, char_code, orderliness) VALUES ${values.join(', ')}`,
    params,
  );
  await db.query(
    `SELECT setval(pg_get_serial_sequence('base_dictionaries', 'id'), (SELECT max(id) FROM base_dictionaries))`,
  );
  await db.query(
    `SELECT setval(pg_get_serial_sequence('base_dictionary_types', 'id'), (SELECT max(id) FROM base_dictionary_types))`,
  );
  return { entries, types };
}

/** Loads the fixture into a migrated, empty database. */
export async function loadFixture(db: Db): Promise<FixtureIds> {
  const { entries, types } = await seedDictionaries(db);
  const { dict } = withLookups({ entries, types } as FixtureIds);
  const usd = await insertRow(db, 'currencies', { code: 'USD', gname: 'US dollar' });
  const kzt = await insertRow(db, 'currencies', { code: 'KZT', gname: 'Tenge' });
  const almaty = await insertRow(db, 'offices', {
    gfirmName: 'Bureau Almaty',
    physicalCity: 'Almaty',
    physicalCountry: dict('COUNTRY', 398),
    currency: kzt,
    status: dict('OFFICE_STATUS', 1),
  });
  const london = await insertRow(db, 'offices', {
    gfirmName: 'Bureau London',
    physicalCity: 'London',
    physicalCountry: dict('COUNTRY', 826),
    currency: usd,
    status: dict('OFFICE_STATUS', 1),
  });
  const firm = await insertRow(db, 'departments', {
    gname: 'Bureau',
    type: dict('DEPARTMENT_TYPE', 2),
    status: dict('DEPARTMENT_STATUS', 1),
    top: true,
    businessTeam: false,
  });
  const sector = await insertRow(db, 'departments', {
    gname: 'Energy',
    type: dict('DEPARTMENT_TYPE', 7),
    status: dict('DEPARTMENT_STATUS', 1),
    parent: firm,
    officeId: almaty,
    top: false,
    businessTeam: false,
  });
  const sector2 = await insertRow(db, 'departments', {
    gname: 'Banking',
    type: dict('DEPARTMENT_TYPE', 7),
    status: dict('DEPARTMENT_STATUS', 2),
    parent: firm,
    officeId: london,
    top: false,
    businessTeam: true,
  });
  const anna = await insertRow(db, 'employees', {
    gfirstName: 'Anna',
    glastName: 'Abenova',
    office: almaty,
    status: dict('EMPLOYEE_STATUS', 1),
    firstEmail: 'anna@bureau.test',
    birthDate: '1990-05-17',
  });
  const boris = await insertRow(db, 'employees', {
    gfirstName: 'Boris',
    glastName: 'Baker',
    office: london,
    status: dict('EMPLOYEE_STATUS', 1),
    firstEmail: 'boris@bureau.test',
  });
  const carl = await insertRow(db, 'employees', {
    gfirstName: 'Carl',
    glastName: 'Chen',
    office: london,
    status: dict('EMPLOYEE_STATUS', 3),
  });
  const annaSector = await insertRow(db, 'positions', {
    employee: anna,
    department: sector,
    office: almaty,
    level: 22,
    dateGte: '2024-01-01',
    main: true,
    virtual: false,
  });
  const acme = await insertRow(db, 'clients', {
    gname: 'Acme LLP',
    country: dict('COUNTRY', 398),
    sector,
    underSanctions: false,
    vatEnabled: true,
    vatPercent: '0.12',
    businessForm: dict('BUSINESS_FORM', 1),
    iinBin: '123456789012',
  });
  const globex = await insertRow(db, 'clients', {
    gname: 'Globex Corporation',
    country: dict('COUNTRY', 826),
    sector: sector2,
    underSanctions: true,
    sanctionComments: 'listed',
    vatEnabled: false,
    vatPercent: '0',
  });
  const initech = await insertRow(db, 'clients', {
    gname: 'Initech',
    country: dict('COUNTRY', 398),
    underSanctions: false,
    vatEnabled: false,
    vatPercent: '0',
  });
  const wile = await insertRow(db, 'contacts', {
    client: acme,
    gname: 'Wile Coyote',
    firstEmail: 'wile@acme.test',
    stage: dict('CONTACT_STAGE', 1),
    emailSubscribed: false,
  });
  const hank = await insertRow(db, 'contacts', {
    client: globex,
    gname: 'Hank Scorpio',
    emailSubscribed: true,
    language: dict('LANGUAGE', 1),
  });
  const acmeDeal = await insertRow(db, 'leads', {
    date: '2026-10-01',
    dealStage: dict('DEAL_STAGE', 1),
    contact: wile,
    businessRelationshipManager: anna,
    leadSource: dict('LEAD_SOURCE', 1),
    description: 'Acme pipeline review',
    notifyTimeInterval: 0,
  });
  // an idea by anna with boris's vote (votes are written by the vote action only)
  const idea = await insertRow(db, 'ideas', { idea: 'Paperless onboarding', date: '2026-11-02', author: anna });
  await insertRow(db, 'ideaVotes', { idea, employee: boris });
  const admin = await createTestUser(db, { username: 'admin', password: 'admin', roles: [{ name: 'ADMIN' }] });
  const billing = await createTestUser(db, {
    username: 'billing',
    password: 'billing',
    employeeId: boris,
    roles: [{ name: 'BILL', privileges: [{ module: 'client', view: true, create: true, update: true, delete: true }] }],
  });
  const view = { view: true, create: false, update: false, delete: false };
  const member = await createTestUser(db, {
    username: 'member',
    password: 'member',
    employeeId: anna,
    roles: [
      {
        name: 'MEMBER',
        privileges: ['department', 'team', 'position', 'office'].map((module) => ({ module, ...view })),
      },
    ],
  });
  const noaccess = await createTestUser(db, {
    username: 'noaccess',
    password: 'noaccess',
    roles: [{ name: 'NO_ACCESS' }],
  });
  return {
    entries,
    types,
    currencies: { usd, kzt },
    offices: { almaty, london },
    departments: { firm, sector, sector2 },
    employees: { anna, boris, carl },
    positions: { annaSector },
    clients: { acme, globex, initech },
    contacts: { wile, hank },
    leads: { acmeDeal },
    users: { admin, billing, member, noaccess },
  };
}
