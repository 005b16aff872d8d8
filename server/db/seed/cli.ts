/**
 * `npm run seed -- [--scale N] [--times N] [--invoices N] [--reset]`: seeds the demo data set into the configured database
 * (DATABASE_URL, else the embedded PGlite under DATA_DIR, locked: it refuses while a server holds
 * the directory). Without `--reset` it refuses a database that has any data; `--reset` empties
 * every schema table first. With `NODE_ENV=production` it refuses unless `SEED=demo` is set (the
 * demo accounts' password is their user name). Prints the row counts and the seconds taken.
 *
 * `--scale N`: N clients with about 10 contacts each (default 300 clients with 1-6 contacts).
 * `--times N`: N time entries over the year, plus 4% as many tasks (default 60,000); the matters
 * follow (one per 150 entries), so `--times 1000000` gives about 6,700 matters. Both are
 * independent: `npm run seed -- --reset --times 1000000` is the time benchmark's data set.
 * `--invoices N`: at least N invoices; invoices of the five years before the seeded year of
 * billing fill up to N (`--invoices 100000` is the invoice benchmark's data set).
 */
import { parseArgs } from 'node:util';
import { loadConfig } from '../../config';
import { storageOf } from '../../files/config';
import { migrate } from '../migrate';
import { openDatabase } from '../open';
import { DEMO_ACCOUNTS, isEmpty, resetData, seed } from './index';

const { values } = parseArgs({
  options: {
    scale: { type: 'string' },
    times: { type: 'string' },
    invoices: { type: 'string' },
    reset: { type: 'boolean', default: false },
  },
});
const wholeNumber = (name: string, what: string, raw: string | undefined): number | undefined => {
  const n = raw === undefined ? undefined : Number(raw);
  if (n !== undefined && (!Number.isInteger(n) || n < 0)) {
    console.error(`--${name} must be a whole number of ${what}, got "${raw}"`);
    process.exit(2);
  }
  return n;
};
const scale = wholeNumber('scale', 'clients', values.scale);
const times = wholeNumber('times', 'time entries', values.times);
const invoices = wholeNumber('invoices', 'invoices', values.invoices);

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
      `seeding ${config.databaseUrl ? 'PostgreSQL' : `PGlite in ${config.dataDir}`}${scale === undefined ? '' : ` at scale ${scale}`}${times === undefined ? '' : ` with ${times} time entries`}...`,
    );
    const files = config.files ? await storageOf(config.files) : undefined;
    const result = await seed(db, { scale, times, invoices, files, log: (m) => console.log(`  ${m}`) });
    for (const [table, count] of Object.entries(result.counts))
      console.log(`${table.padEnd(24)} ${String(count).padStart(9)}`);
    console.log(`seeded in ${result.seconds} s`);
    console.log('demo accounts (password = username):');
    for (const a of DEMO_ACCOUNTS) console.log(`  ${a.username.padEnd(10)} ${a.role.padEnd(16)} ${a.can}`);
  }
} finally {
  await open.close();
}
