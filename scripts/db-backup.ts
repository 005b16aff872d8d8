/**
 * `npm run db:backup [-- --out FILE]`: backs up the configured database (DATABASE_URL: pg_dump
 * custom format; else the embedded PGlite under DATA_DIR: a tarball of its files, refused while a
 * server holds the directory). Default file: `backups/bureau-<UTC time>.dump|.tar.gz`.
 */
import { parseArgs } from 'node:util';
import { loadConfig } from '../server/config';
import { backupDatabase } from '../server/db/backup';

const { values } = parseArgs({ options: { out: { type: 'string' } } });
try {
  const { file, bytes } = await backupDatabase(loadConfig(), values.out);
  console.log(`backup written: ${file} (${(bytes / 1024 / 1024).toFixed(1)} MB)`);
} catch (e) {
  console.error((e as Error).message);
  process.exit(1);
}
