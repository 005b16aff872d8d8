import type { ServerConfig } from '../config';
import { storageOf } from '../files/config';
import { checkDatabase, type CheckResult } from './check';
import { migrate } from './migrate';
import { openDatabase, type OpenDatabase } from './open';
import { applyReferenceData } from './seed/apply';
import { createFirstAdmin, hasUsers, isEmpty, seed, seedReferenceData } from './seed/index';

/** What {@link startDatabase} did. */
export interface StartReport {
  migrations: string[];
  check: CheckResult;
  /** `demo` = demo data set seeded, `reference` = reference data only, absent = database had data. */
  seeded?: 'demo' | 'reference';
  /** Reference rows this start added because the database lacked them (seed/apply.ts), by kind. */
  referenceAdded: Record<string, number>;
  /** Whether the first administrator was created from `config.admin`. */
  adminCreated: boolean;
  /** Whether the database has no user at all after the start (nobody can sign in). */
  noUsers: boolean;
}

/**
 * Opens the database for the server (locked and checked, open.ts), applies the migrations, reads
 * every table back (check.ts) and, on an empty database only (seed/index.ts `isEmpty`), seeds it:
 * the demo data set with `config.seed = 'demo'`, otherwise the reference data alone. Every start
 * then inserts the reference rows the database lacks (seed/apply.ts: new dictionary entries, roles,
 * grants), never changing existing ones. On a database without users, `config.admin` becomes the
 * first administrator.
 *
 * @param log progress lines (the server prints them)
 * @throws DataDirLockedError, DataDirError or DatabaseCheckError naming the directory, file or
 *   table at fault; the database is closed and the lock released before it throws
 */
export async function startDatabase(
  config: Pick<ServerConfig, 'databaseUrl' | 'dataDir' | 'seed' | 'admin' | 'files'>,
  log: (line: string) => void = () => undefined,
): Promise<OpenDatabase & { report: StartReport }> {
  const open = await openDatabase(config, 'server');
  try {
    const migrations = await migrate(open.db).catch((e: unknown) => {
      throw new Error(`Migrating the database (${open.where}) failed: ${(e as Error).message}`);
    });
    if (migrations.length > 0) log(`migrations applied: ${migrations.join(', ')}`);
    const check = await checkDatabase(open.db, open.where);
    log(`database check: ${check.tables} tables, ${check.pages} pages read in ${check.ms} ms`);
    let seeded: StartReport['seeded'];
    if (await isEmpty(open.db)) {
      if (config.seed === 'demo') {
        // the demo's shared materials store their bytes where uploads go
        const result = await seed(open.db, { files: config.files ? await storageOf(config.files) : undefined });
        seeded = 'demo';
        log(`empty database: demo data seeded in ${result.seconds} s (SEED=demo)`);
      } else {
        await seedReferenceData(open.db);
        seeded = 'reference';
        log(
          'empty database: reference data seeded (dictionaries, countries, currencies, roles); no demo data (SEED=none)',
        );
      }
    }
    const added = await applyReferenceData(open.db);
    const referenceAdded = Object.fromEntries(Object.entries(added).filter(([, n]) => n > 0));
    if (Object.keys(referenceAdded).length > 0)
      log(
        `reference data added: ${Object.entries(referenceAdded)
          .map(([k, n]) => `${k} ${n}`)
          .join(', ')}`,
      );
    let adminCreated = false;
    if (config.admin) {
      adminCreated = await createFirstAdmin(open.db, config.admin.username, config.admin.password);
      log(
        adminCreated
          ? `administrator "${config.admin.username.trim()}" created from ADMIN_USERNAME/ADMIN_PASSWORD`
          : 'ADMIN_USERNAME/ADMIN_PASSWORD ignored: the database already has users',
      );
    }
    const noUsers = !(await hasUsers(open.db));
    return { ...open, report: { migrations, check, seeded, referenceAdded, adminCreated, noUsers } };
  } catch (e) {
    await open.close().catch(() => undefined);
    throw e;
  }
}
