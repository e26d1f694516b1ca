// Column helpers shared by lib/db/schema.ts and lib/db/schema-rollups.ts (their own module, so
// neither schema file imports the other: the rollups are re-exported by schema.ts).
import { sql } from "drizzle-orm";
import { check, numeric } from "drizzle-orm/pg-core";

/** An exact decimal amount (PostgreSQL numeric), never null. */
export const money = (name: string) => numeric(name).notNull();

/**
 * A check that every amount column of a table holds a number: PostgreSQL's numeric also stores NaN and ±Infinity,
 * and one of them in a row poisons every sum the row's rollups hold. The sync refuses them first (the interface's
 * decimal grammar, lib/weex/schema/response-fields.ts); this is the road nothing else may take.
 */
export const finiteAmounts = (table: string, columns: readonly string[]) =>
  check(`${table}_amounts_finite`, sql.raw(columns.map((c) => `${c} not in ('NaN', 'Infinity', '-Infinity')`).join(" and ")));
