/**
 * `npm run db:backup [-- --out FILE]`: backs up the configured database (DATABASE_URL: pg_dump
 * custom format; else the embedded PGlite under DATA_DIR: a tarball of its files, refused while a
 * server holds the directory) and, with the local file storage, every uploaded file, in one tar
 * (server/db/backup.ts). With S3 the bucket is backed up with the provider's tools. Default file:
 * `backups/bureau-<UTC time>.tar`. Exit status: 0 done; 2 written without some stored files
 * (missing or changed: each named, and listed in the backup); 1 failed, nothing written.
 */
import { parseArgs } from 'node:util';
import { loadConfig } from '../server/config';
import { backupDatabase, BackupIncompleteError } from '../server/db/backup';

const { values } = parseArgs({ options: { out: { type: 'string' } } });
try {
  const { file, bytes, manifest } = await backupDatabase(loadConfig(), values.out);
  console.log(`backup written: ${file} (${(bytes / 1024 / 1024).toFixed(1)} MB)`);
  if (manifest.storage.kind === 'local')
    console.log(`uploaded files in it: ${manifest.files} (${manifest.bytes} bytes) from ${manifest.storage.name}`);
  else
    console.error(
      `uploaded files NOT in it: ${manifest.files} (${manifest.bytes} bytes) are in ${manifest.storage.name}; back up the bucket with your provider's tools`,
    );
} catch (e) {
  console.error((e as Error).message);
  process.exit(e instanceof BackupIncompleteError ? 2 : 1);
}
