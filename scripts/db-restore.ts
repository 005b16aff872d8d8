/**
 * `npm run db:restore -- FILE [--data-dir DIR | --database-url URL]`: restores a backup of
 * `npm run db:backup` into a new database - a PGlite tarball into an empty data directory
 * (default DATA_DIR), a pg_dump archive into an empty PostgreSQL database (default DATABASE_URL) -
 * reads every table back and prints the rows restored per table.
 */
import { parseArgs } from 'node:util';
import { loadConfig } from '../server/config';
import { restoreDatabase } from '../server/db/backup';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { 'data-dir': { type: 'string' }, 'database-url': { type: 'string' } },
});
if (positionals.length !== 1) {
  console.error('usage: npm run db:restore -- FILE [--data-dir DIR | --database-url URL]');
  process.exit(2);
}
const config = loadConfig();
const target =
  values['data-dir'] || values['database-url']
    ? { dataDir: values['data-dir'], databaseUrl: values['database-url'] }
    : { dataDir: config.dataDir, databaseUrl: config.databaseUrl };
try {
  const counts = await restoreDatabase(positionals[0]!, target);
  for (const [table, n] of Object.entries(counts)) console.log(`${table.padEnd(40)} ${String(n).padStart(9)}`);
  console.log(`restored ${positionals[0]} into ${target.databaseUrl ? 'PostgreSQL' : `${target.dataDir}`}`);
} catch (e) {
  console.error((e as Error).message);
  process.exit(1);
}
