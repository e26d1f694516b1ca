// Column helpers shared by lib/db/schema.ts and lib/db/schema-rollups.ts (their own module, so
// neither schema file imports the other: the rollups are re-exported by schema.ts).
import { numeric } from "drizzle-orm/pg-core";

/** An exact decimal amount (PostgreSQL numeric), never null. */
export const money = (name: string) => numeric(name).notNull();
