/**
 * `npm run seed -- [--scale N] [--reset]`: seeds the demo data set into the configured database
 * (DATABASE_URL, else the embedded PGlite under DATA_DIR, locked: it refuses while a server holds
 * the directory). Without `--reset` it refuses a database that has any data; `--reset` empties
 * every schema table first. With `NODE_ENV=production` it refuses unless `SEED=demo` is set (the
 * demo accounts' password is their user name). Prints the row counts and the seconds taken.
 */
import { parseArgs } from 'node:util';
import { loadConfig } from '../../config';
import { migrate } from '../migrate';
import { openDatabase } from '../open';
import { DEMO_ACCOUNTS, isEmpty, resetData, seed } from './index';

const { values } = parseArgs({ options: { scale: { type: 'string' }, reset: { type: 'boolean', default: false } } });
const scale = values.scale === undefined ? undefined : Number(values.scale);
if (scale !== undefined && (!Number.isInteger(scale) || scale < 0)) {
  console.error(`--scale must be a whole number of clients, got "${values.scale}"`);
  process.exit(2);
}

const config = loadConfig();
if (process.env.NODE_ENV === 'production' && config.seed !== 'demo') {
  console.error(
    'NODE_ENV=production: the demo data (accounts with password = user name) is seeded only with SEED=demo.',
  );
  process.exit(2);
}
const open = await openDatabase(config, 'seed').catch((e: unknown) => {
  console.error((e as Error).message);
  process.exit(1);
});
const db = open.db;
try {
  await migrate(db);
  if (values.reset) {
    await resetData(db);
    console.log('reset: every schema table emptied');
  } else if (!(await isEmpty(db))) {
    console.error('The database already has data. Run with --reset to replace it: npm run seed -- --reset');
    process.exitCode = 1;
  }
  if (process.exitCode !== 1) {
    console.log(
      `seeding ${config.databaseUrl ? 'PostgreSQL' : `PGlite in ${config.dataDir}`}${scale === undefined ? '' : ` at scale ${scale}`}...`,
    );
    const result = await seed(db, { scale, log: (m) => console.log(`  ${m}`) });
    for (const [table, count] of Object.entries(result.counts))
      console.log(`${table.padEnd(24)} ${String(count).padStart(9)}`);
    console.log(`seeded in ${result.seconds} s`);
    console.log('demo accounts (password = username):');
    for (const a of DEMO_ACCOUNTS) console.log(`  ${a.username.padEnd(10)} ${a.role.padEnd(16)} ${a.can}`);
  }
} finally {
  await open.close();
}
