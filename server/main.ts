import { buildApp } from './app';
import { loadConfig } from './config';
import { DEMO_ACCOUNTS } from './db/seed/index';
import { startDatabase } from './db/start';

/**
 * Starts the server: config from the environment; the database (PGlite in `<DATA_DIR>/pg`, locked
 * for this process, or `DATABASE_URL`) opened, migrated, checked and seeded when empty
 * (db/start.ts); then listen. SIGINT/SIGTERM close the app and the database (PGlite must be
 * closed to flush) and release the lock. A start that fails prints one message naming
 * what is wrong and exits with status 1.
 */
async function main(): Promise<void> {
  const config = loadConfig(process.env);
  const database = await startDatabase(config, (line) => console.log(line));
  const { db, report } = database;
  const app = await buildApp({ db, config, logger: { level: process.env.LOG_LEVEL ?? 'info' } });
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    console.log(`${signal}: shutting down`);
    try {
      await app.close();
    } finally {
      await database.close();
      process.exit(0);
    }
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  await app.listen({ port: config.port, host: config.host });
  console.log(`\nBureau is running at ${config.publicUrl}`);
  console.log(`Runtime: Node.js ${process.version} (${process.execPath})`);
  console.log(`Database: ${database.where}`);
  if (config.seed === 'demo') {
    console.log('Demo accounts (password = username):');
    for (const a of DEMO_ACCOUNTS) console.log(`  ${a.username.padEnd(10)} ${a.role.padEnd(16)} ${a.can}`);
  }
  if (report.noUsers) {
    console.log(
      'No user can sign in yet: restart with ADMIN_USERNAME and ADMIN_PASSWORD set to create the first administrator.',
    );
  }
  console.log('');
}

main().catch((e: unknown) => {
  // the known start failures carry a complete message; anything else keeps its stack
  const known = e instanceof Error && ['DataDirLockedError', 'DataDirError', 'DatabaseCheckError'].includes(e.name);
  console.error(known ? `Bureau cannot start: ${e.message}` : e);
  process.exit(1);
});
