import { MIGRATIONS_DIR } from '../server/db/migrate';
import { generateMigrationFiles } from '../server/db/generate';

/**
 * `npm run db:generate [-- --name ideas]`: writes the next migration into `server/db/migrations`
 * for the tables derived from the registry (server/db/generate.ts), or says there is nothing to
 * migrate.
 */
const at = process.argv.indexOf('--name');
const name = at > 0 ? process.argv[at + 1] : undefined;
const file = await generateMigrationFiles(MIGRATIONS_DIR, name);
console.log(
  file ? `migration written: server/db/migrations/${file}` : 'nothing to migrate: the tables match the last migration',
);
