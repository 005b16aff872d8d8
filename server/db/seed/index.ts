import type { Database } from '../database';
// the seed writes through the service, whose hooks and bodies live in the areas' rooms
import '../../areas';
import { hashPassword } from '../../auth/passwords';
import { roles, storedSchemas, times, users } from '../../../schemas/index';
import { seedReference } from './reference';
import { seedCurrencyRates } from './currencyRates';
import { seedOffices } from './offices';
import { seedOfficeFinance } from './officeFinance';
import { seedDocumentTemplates } from './documentTemplates';
import { seedDepartments } from './departments';
import { seedPeople } from './employees';
import { seedAuth, seedRoles } from './auth';
import { emptyCrmCounts, seedClientBatch, syncCrmSequences, type CrmContext } from './crm';
import { seedLeads } from './leads';
import { makeFastRng, makeRng } from './random';
import { loadStaff } from './staff';
import { seedTitles, TITLES } from './titles';
import { seedPeopleHistory } from './people';
import { seedEngagements } from './engagements';
import { seedWork } from './work';
import { seedBudgets } from './budgets';
import { seedCatalogs } from './catalogs';
import type { FileStorage } from '../../files/storage';
import { seedWebsite } from './website';
import { seedBilling, seedInvoiceArchive } from './billing';
import { seedCashbox } from './cashbox';
import { bulkLoad, columnOf, insertJoin, quote, storedTables, type Tx } from './sql';

export { DEMO_ACCOUNTS, type DemoAccount } from './roles';
export { REFERENCE_DATE } from './random';

/** Clients of the default demo data set. */
export const DEFAULT_CLIENTS = 300;
/** Time entries of the default demo data set (a year of work of the firm); tasks come on top. */
export const DEFAULT_TIMES = 60_000;
/** Time entries per matter on average: the number of matters follows the number of entries. */
const TIMES_PER_MATTER = 150;
/** Clients generated and inserted at a time (bounds memory at any scale). */
const BATCH_CLIENTS = 1_000;
/** Clients per transaction: larger scales commit in several transactions. */
const TX_CLIENTS = 10_000;

export interface SeedOptions {
  /** Number of clients, with about 10 contacts each (benchmarks); default 300 clients with 1-6 contacts. */
  scale?: number;
  /**
   * Time entries (work type 1) over the year before the reference date, plus 4% as many tasks;
   * default {@link DEFAULT_TIMES}. Matters follow (one per 150 entries, at least 20), projects
   * (one per 2.5 matters); the people stay the firm's 120, so more entries mean busier lawyers.
   */
  times?: number;
  /**
   * At least this many invoices (benchmarks): when the seeded year of billing gives fewer,
   * invoices of the five years before it fill up to the number (`seedInvoiceArchive`).
   */
  invoices?: number;
  /** Progress messages (the CLI prints them). */
  log?: (message: string) => void;
  /** Where the demo's shared materials keep their bytes; without it only their folders are seeded. */
  files?: FileStorage;
}

export interface SeedResult {
  /** Rows inserted, by table kind. */
  counts: Record<string, number>;
  seconds: number;
}

/**
 * Inserts the demo data set into an empty, migrated database: dictionaries (type id = code, pinned
 * entry ids 22/66/67), ISO countries and currencies, offices, departments, employees and positions,
 * roles with privileges and the demo users (roles.ts DEMO_ACCOUNTS), clients with contacts and
 * comments. Deterministic: fixed seeds and the reference date 2026-11-01. Everything up to 10,000
 * clients is one transaction; larger scales commit every 10,000 clients.
 *
 * @example await seed(db, { scale: 10_000 }) // 10,000 clients, about 100,000 contacts
 */
export async function seed(db: Database, options: SeedOptions = {}): Promise<SeedResult> {
  const started = performance.now();
  const log = options.log ?? (() => undefined);
  const totalClients = Math.max(0, Math.floor(options.scale ?? DEFAULT_CLIENTS));
  const crm = emptyCrmCounts();
  const counts: Record<string, number> = {};
  let ctx: CrmContext | undefined;

  const clientsUpTo = async (tx: Tx, limit: number) => {
    while (crm.clients < limit) {
      await seedClientBatch(tx, ctx!, crm, Math.min(BATCH_CLIENTS, limit - crm.clients));
      if (crm.clients % TX_CLIENTS === 0 || crm.clients === totalClients)
        log(`clients ${crm.clients}/${totalClients}, contacts ${crm.contacts}`);
    }
  };

  await db.transaction(async (tx) => {
    const ref = await seedReference(tx);
    Object.assign(counts, ref.counts);
    counts.currencyRates = await seedCurrencyRates(tx, ref);
    const offices = await seedOffices(tx, makeRng(101), ref);
    const deps = await seedDepartments(tx, makeRng(202), ref, offices);
    const people = await seedPeople(tx, makeRng(303), ref, offices, deps);
    const auth = await seedAuth(tx, makeRng(404), people.demo, people.emails);
    Object.assign(counts, await seedOfficeFinance(tx, makeRng(909), ref, offices));
    Object.assign(
      counts,
      { offices: offices.length, departments: deps.count, employees: people.employees, positions: people.positions },
      auth,
    );
    log(
      `reference, organisation and auth: ${Object.entries(counts)
        .map(([k, v]) => `${k} ${v}`)
        .join(', ')}`,
    );
    ctx = {
      rng: makeRng(505),
      ref,
      deps,
      managers: people.managers,
      contactsPerClient: options.scale === undefined ? [1, 6] : [6, 15],
      usedNames: new Set(),
    };
    await clientsUpTo(tx, Math.min(totalClients, TX_CLIENTS));
    if (totalClients <= TX_CLIENTS) await syncCrmSequences(tx);
    const staff = await loadStaff(tx, deps);
    const rateTitles = await seedTitles(tx);
    counts.titles = TITLES.length;
    Object.assign(counts, await seedPeopleHistory(tx, makeRng(909), ctx.ref, staff, ctx.deps));
    const seniors = [...new Set(staff.lawyers.filter((p) => p.level >= 3 && p.to === Infinity).map((p) => p.employee))];
    const leadList = await seedLeads(tx, makeRng(606), ref, seniors);
    counts.leads = leadList.length;
    const totalTimes = Math.max(0, Math.floor(options.times ?? DEFAULT_TIMES));
    const engagements = await seedEngagements(tx, makeRng(707), ref, staff, {
      matterCount: Math.max(20, Math.round(totalTimes / TIMES_PER_MATTER)),
      clientIds: Math.min(totalClients, TX_CLIENTS),
      rateTitles,
      demo: people.demo,
    });
    Object.assign(counts, engagements.counts);
    Object.assign(counts, await seedBudgets(tx, ref, people.demo.billing));
    Object.assign(counts, await seedCatalogs(tx, ref, options.files));
    Object.assign(counts, await seedDocumentTemplates(tx, ref, options.files));
    Object.assign(counts, await seedWebsite(tx, ref));
    log(`leads ${counts.leads}, projects ${counts.projects ?? 0}, matters ${counts.matters ?? 0}`);
    const usernames = new Map(Object.entries(people.demo).map(([name, employee]) => [employee, name]));
    const positionOf = new Map(staff.lawyers.filter((p) => p.to === Infinity).map((p) => [p.employee, p]));
    const work = await bulkLoad(tx, times.table, () =>
      seedWork(tx, makeFastRng(808), ref, {
        total: totalTimes,
        matters: engagements.matters,
        projects: engagements.projects,
        leads: leadList,
        positionOf,
        usernames,
        log,
      }),
    );
    Object.assign(counts, work);
    Object.assign(counts, await seedBilling(tx, ref, makeRng(1010), people.demo.billing));
    const archive = Math.floor(options.invoices ?? 0) - counts.invoices!;
    if (archive > 0) {
      const added = await seedInvoiceArchive(tx, ref, makeFastRng(1111), archive, people.demo.billing);
      counts.invoices! += added.invoices!;
      counts.paymentHistories! += added.paymentHistories!;
      log(`invoices ${counts.invoices} (${added.invoices} of the five years before the seeded one)`);
    }
    // the last complete months' cashbox, calculated and closed (the report, rankings, dashboards)
    const cashboxStarted = performance.now();
    Object.assign(counts, await seedCashbox(tx));
    log(`cashbox ${counts.cashboxPeriods} versions closed in ${Math.round(performance.now() - cashboxStarted)} ms`);
  });
  while (crm.clients < totalClients) {
    await db.transaction(async (tx) => {
      await clientsUpTo(tx, Math.min(totalClients, crm.clients + TX_CLIENTS));
      if (crm.clients === totalClients) await syncCrmSequences(tx);
    });
  }
  Object.assign(counts, crm);
  return { counts, seconds: Math.round((performance.now() - started) / 10) / 100 };
}

/**
 * Whether the database holds no application data: no row in any table the schemas own (entity
 * and join tables). Deleting every user leaves the dictionaries and roles, so it is not empty.
 */
export async function isEmpty(db: Pick<Database, 'query'>): Promise<boolean> {
  const probes = storedTables(storedSchemas()).map((t) => `SELECT 1 FROM ${quote(t)}`);
  const rows = await db.query<{ found: boolean }>(`SELECT EXISTS (${probes.join(' UNION ALL ')}) AS found`);
  return rows[0]?.found !== true;
}

/**
 * Seeds the demo data set when the database is empty (see {@link isEmpty}).
 * @returns whether it seeded
 */
export async function seedIfEmpty(db: Database, options: SeedOptions = {}): Promise<boolean> {
  if (!(await isEmpty(db))) return false;
  await seed(db, options);
  return true;
}

/**
 * Seeds only the reference data a production database needs: dictionary types and entries,
 * countries, languages, currencies, and the roles with their privileges. No organisation, no
 * people, no accounts.
 * @returns row counts by table kind
 */
export async function seedReferenceData(db: Database): Promise<Record<string, number>> {
  return db.transaction(async (tx) => {
    const ref = await seedReference(tx);
    const { roles, privileges } = await seedRoles(tx);
    return { ...ref.counts, roles, privileges };
  });
}

/** Whether the users table (`app_users`) has any row. */
export async function hasUsers(db: Pick<Database, 'query'>): Promise<boolean> {
  const rows = await db.query<{ found: boolean }>(`SELECT EXISTS (SELECT 1 FROM ${quote(users.table)}) AS found`);
  return rows[0]?.found === true;
}

/**
 * Creates the first administrator (role `ADMIN`) with a bcrypt hash of `password` (cost 12,
 * computed off the event loop), unless the database already has a user.
 *
 * @returns whether the user was created
 * @throws Error when the ADMIN role is missing (reference data not seeded) or the username or
 *   password break the users schema's rules (username up to 120 characters, password 4 to 128)
 */
export async function createFirstAdmin(db: Database, username: string, password: string): Promise<boolean> {
  const name = username.trim();
  if (!name || name.length > 120) throw new Error('ADMIN_USERNAME must have 1 to 120 characters');
  if (password.length < 4 || password.length > 128) throw new Error('ADMIN_PASSWORD must have 4 to 128 characters');
  const hashed = await hashPassword(password, 12);
  return db.transaction(async (tx) => {
    // serialises concurrent first starts of several instances on one PostgreSQL
    await tx.query('SELECT pg_advisory_xact_lock(8150515)');
    if (await hasUsers(tx)) return false;
    const [role] = await tx.query<{ id: number }>(
      `SELECT id FROM ${quote(roles.table)} WHERE ${quote(columnOf(roles, 'name'))} = 'ADMIN'`,
    );
    if (!role) throw new Error('the ADMIN role is missing: the reference data is not seeded');
    const now = new Date().toISOString();
    const [user] = await tx.query<{ id: number }>(
      `INSERT INTO ${quote(users.table)} (${[
        'username',
        'password',
        'enabled',
        'createdDate',
        'lastModifiedDate',
        'createdBy',
        'lastModifiedBy',
      ]
        .map((f) => quote(columnOf(users, f)))
        .join(', ')}) VALUES ($1, $2, true, $3, $3, 'setup', 'setup') RETURNING id`,
      [name, hashed, now],
    );
    await insertJoin(tx, users, 'roles', [[user!.id, role.id]]);
    return true;
  });
}

/** Empties every table the schemas own (entity and join tables) and restarts their ids (`seed --reset`). */
export async function resetData(db: Database): Promise<void> {
  await db.query(`TRUNCATE ${storedTables(storedSchemas()).map(quote).join(', ')} RESTART IDENTITY CASCADE`);
}
