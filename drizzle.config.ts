import { defineConfig } from "drizzle-kit";

// `npm run db:generate` writes SQL migrations for lib/db/schema.ts into
// lib/db/migrations (committed). The app applies them itself at start, on the
// embedded PGlite or on PostgreSQL (DATABASE_URL); no database is needed here.
export default defineConfig({
  dialect: "postgresql",
  schema: "./lib/db/schema.ts",
  out: "./lib/db/migrations",
  strict: true,
  verbose: true,
});
