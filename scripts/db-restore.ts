/**
 * `npm run db:restore -- FILE [--data-dir DIR | --database-url URL] [--file-dir DIR]`: restores a
 * backup of `npm run db:backup` into a new database - a PGlite one into an empty data directory
 * (default DATA_DIR), a PostgreSQL one into an empty PostgreSQL database (default DATABASE_URL) -
 * and its uploaded files into an empty file directory (default FILE_DIR, else `<data dir>/files`),
 * reads every table and every stored file back, and prints the rows restored per table and the
 * files read back. Exits 1, naming every file missing or different, when a file is not as its row
 * says.
 */
import { parseArgs } from 'node:util';
import { loadConfig } from '../server/config';
import { restoreDatabase } from '../server/db/backup';
import { loadFileConfig } from '../server/files/config';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { 'data-dir': { type: 'string' }, 'database-url': { type: 'string' }, 'file-dir': { type: 'string' } },
});
if (positionals.length !== 1) {
  console.error('usage: npm run db:restore -- FILE [--data-dir DIR | --database-url URL] [--file-dir DIR]');
  process.exit(2);
}
const config = loadConfig();
const database =
  values['data-dir'] || values['database-url']
    ? { dataDir: values['data-dir'], databaseUrl: values['database-url'] }
    : { dataDir: config.dataDir, databaseUrl: config.databaseUrl };
// the file storage as the server would configure it over the target data directory
const files = loadFileConfig(
  { ...process.env, FILE_DIR: values['file-dir'] ?? process.env.FILE_DIR },
  database.dataDir ?? config.dataDir,
);
const target = { ...database, files };
try {
  const report = await restoreDatabase(positionals[0]!, target);
  for (const [table, n] of Object.entries(report.counts)) console.log(`${table.padEnd(40)} ${String(n).padStart(9)}`);
  console.log(
    `stored files read back: ${report.files} (${report.bytes} bytes), each of the size and SHA-256 its row says`,
  );
  if (report.notice) console.error(report.notice);
  console.log(
    `restored ${positionals[0]} into ${target.databaseUrl ? 'PostgreSQL' : `${target.dataDir}`}` +
      (files.storage === 'local' ? `, files in ${files.dir}` : ''),
  );
} catch (e) {
  console.error((e as Error).message);
  process.exit(1);
}
