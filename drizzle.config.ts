import { defineConfig } from 'drizzle-kit';

// Migrations are generated from src/server/db/schema.ts and committed; the same SQL runs on
// the embedded database (PGlite) and on PostgreSQL.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/server/db/schema.ts',
  out: './src/server/db/migrations',
});
