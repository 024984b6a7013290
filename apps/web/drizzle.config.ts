import { defineConfig } from 'drizzle-kit';

// Generates the SQL migrations in apps/web/drizzle from the schema (`npx drizzle-kit generate
// --config apps/web/drizzle.config.ts`); the app applies them itself at start.
export default defineConfig({
  dialect: 'postgresql',
  schema: './apps/web/src/server/db/schema.ts',
  out: './apps/web/drizzle',
  strict: true,
  verbose: true,
});
