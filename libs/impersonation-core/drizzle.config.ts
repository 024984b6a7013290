import { defineConfig } from 'drizzle-kit';

// The schema the SQL migrations in libs/impersonation-core/drizzle are written against. Migrations are
// hand-written SQL with a `meta/_journal.json` entry (docs/architecture.md); this config is for
// drizzle-kit's checks (`npx drizzle-kit check --config libs/impersonation-core/drizzle.config.ts`).
export default defineConfig({
  dialect: 'postgresql',
  schema: [
    './libs/impersonation-core/src/lib/postgres/schema.ts',
    './libs/impersonation-core/src/lib/postgres/consent-schema.ts',
    './libs/impersonation-core/src/lib/postgres/checkpoint-schema.ts',
  ],
  out: './libs/impersonation-core/drizzle',
  strict: true,
  verbose: true,
});
