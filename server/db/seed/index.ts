import type { Database } from '../database';
import { storedSchemas, users } from '../../../schemas/index';
import { seedReference } from './reference';
import { seedOffices } from './offices';
import { seedDepartments } from './departments';
import { seedPeople } from './employees';
import { seedAuth } from './auth';
import { emptyCrmCounts, seedClientBatch, syncCrmSequences, type CrmContext } from './crm';
import { makeRng } from './random';
import { quote, storedTables, type Tx } from './sql';

export { DEMO_ACCOUNTS, type DemoAccount } from './roles';
export { REFERENCE_DATE } from './random';

/** Clients of the default demo data set. */
export const DEFAULT_CLIENTS = 300;
/** Clients generated and inserted at a time (bounds memory at any scale). */
const BATCH_CLIENTS = 1_000;
/** Clients per transaction: larger scales commit in several transactions. */
const TX_CLIENTS = 10_000;

export interface SeedOptions {
  /** Number of clients, with about 10 contacts each (benchmarks); default 300 clients with 1-6 contacts. */
  scale?: number;
  /** Progress messages (the CLI prints them). */
  log?: (message: string) => void;
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
    const offices = await seedOffices(tx, makeRng(101), ref);
    const deps = await seedDepartments(tx, makeRng(202), ref, offices);
    const people = await seedPeople(tx, makeRng(303), ref, offices, deps);
    const auth = await seedAuth(tx, makeRng(404), people.demo, people.emails);
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

/** Whether the users table (`app_users`) has no row: a fresh database. */
export async function isEmpty(db: Pick<Database, 'query'>): Promise<boolean> {
  const rows = await db.query<{ found: boolean }>(`SELECT EXISTS (SELECT 1 FROM ${quote(users.table)}) AS found`);
  return rows[0]?.found !== true;
}

/**
 * Seeds the default demo data when the users table is empty (server start, `SEED_ON_START`).
 * @returns whether it seeded
 */
export async function seedIfEmpty(db: Database, options: SeedOptions = {}): Promise<boolean> {
  if (!(await isEmpty(db))) return false;
  await seed(db, options);
  return true;
}

/** Empties every table the schemas own (entity and join tables) and restarts their ids (`seed --reset`). */
export async function resetData(db: Database): Promise<void> {
  await db.query(`TRUNCATE ${storedTables(storedSchemas()).map(quote).join(', ')} RESTART IDENTITY CASCADE`);
}
