/**
 * `npm run seed -- [--scale N] [--reset]`: seeds the configured database (DATABASE_URL, else the
 * embedded PGlite under DATA_DIR - stop the server first, PGlite allows one process per directory).
 * Without `--reset` it refuses a database that already has users; `--reset` empties every
 * schema table first. Prints the row counts and the seconds taken.
 */
import { parseArgs } from 'node:util';
import { loadConfig } from '../../config';
import { connect } from '../connect';
import { migrate } from '../migrate';
import { DEMO_ACCOUNTS, isEmpty, resetData, seed } from './index';

const { values } = parseArgs({ options: { scale: { type: 'string' }, reset: { type: 'boolean', default: false } } });
const scale = values.scale === undefined ? undefined : Number(values.scale);
if (scale !== undefined && (!Number.isInteger(scale) || scale < 0)) {
  console.error(`--scale must be a whole number of clients, got "${values.scale}"`);
  process.exit(2);
}

const config = loadConfig();
const db = await connect(config);
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
  await db.close();
}
