import { defineConfig } from 'drizzle-kit';

/** drizzle-kit reads the tables derived from the schemas and writes SQL migrations (`npm run db:generate`). */
export default defineConfig({
  dialect: 'postgresql',
  schema: './server/db/tables.ts',
  out: './server/db/migrations',
});
