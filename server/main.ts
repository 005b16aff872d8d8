import { buildApp } from './app';
import { loadConfig } from './config';
import { connect } from './db/connect';
import { migrate } from './db/migrate';
import { DEMO_ACCOUNTS, seedIfEmpty } from './db/seed/index';

/**
 * Starts the server: config from the environment, database (PGlite in `./.data/pg` or
 * `DATABASE_URL`), migrations, demo seed on an empty database, then listen. SIGINT/SIGTERM close
 * the app and the database (PGlite must be closed to flush, PITFALLS).
 */
async function main(): Promise<void> {
  const config = loadConfig(process.env);
  const db = await connect(config);
  const applied = await migrate(db);
  if (applied.length > 0) console.log(`migrations applied: ${applied.join(', ')}`);
  if (config.seedOnStart && (await seedIfEmpty(db))) console.log('demo data seeded');
  const app = await buildApp({ db, config, logger: { level: process.env.LOG_LEVEL ?? 'info' } });
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    console.log(`${signal}: shutting down`);
    try {
      await app.close();
    } finally {
      await db.close();
      process.exit(0);
    }
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  await app.listen({ port: config.port, host: config.host });
  console.log(`\nBureau is running at ${config.publicUrl}`);
  console.log(`Database: ${config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${config.dataDir}/pg`}`);
  console.log('Demo accounts (password = username):');
  for (const a of DEMO_ACCOUNTS) console.log(`  ${a.username.padEnd(10)} ${a.role.padEnd(16)} ${a.can}`);
  console.log('');
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
