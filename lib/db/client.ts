import "server-only";
import { existsSync, mkdirSync } from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import type { SQL } from "drizzle-orm";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzleNodePg } from "drizzle-orm/node-postgres";
import { migrate as migrateNodePg } from "drizzle-orm/node-postgres/migrator";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { Pool, type ClientBase } from "pg";
import { dataDir as defaultDataDir } from "@/lib/config/mode";
import { copyTemplateTo, memoryFromTemplate, pgliteTemplate } from "./pglite-template";
import * as schema from "./schema";

/**
 * The database as the app sees it, whichever driver serves it: drizzle's
 * PostgreSQL database over this schema. PGlite and node-postgres both satisfy it.
 */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export type DbDriver = "pglite" | "postgres";

/**
 * Rows of a raw SQL query on either driver (`db.execute` is typed per driver;
 * both answer `{ rows }`). Use drizzle's query builder where it fits; this is
 * for report SQL it can't express. Build `query` with drizzle's `sql` tag so
 * values are bound, never concatenated.
 */
export async function queryRows<T extends Record<string, unknown>>(db: Pick<Db, "execute">, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

export interface DbHandle {
  db: Db;
  driver: DbDriver;
  /** Ends the pool or closes PGlite. */
  close(): Promise<void>;
}

export interface CreateDbOptions {
  /** `postgres://` or `postgresql://` URL: node-postgres. Unset: PGlite. */
  url?: string;
  /** PGlite only: a folder (created when missing), or "memory" for a throwaway in-memory database. */
  dataDir?: string;
  /** Apply the migrations in lib/db/migrations (default true). */
  migrate?: boolean;
}

/** The committed SQL migrations (drizzle-kit output). `next start` runs from the project root. */
export const MIGRATIONS_FOLDER = path.join(process.cwd(), "lib", "db", "migrations");
const MIGRATIONS = { migrationsFolder: MIGRATIONS_FOLDER };
/** Advisory lock key so several instances starting together migrate one at a time. */
const MIGRATION_LOCK_KEY = 0x7265_6264; // "rebd"

function isPostgresUrl(url: string): boolean {
  return /^postgres(ql)?:\/\//i.test(url);
}

/**
 * Session settings of the app's PostgreSQL connections. work_mem: the reports'
 * per-invitee hash aggregates over a year hold tens of thousands of numeric
 * sums, which spilled to disk at the server default (4 MB, 8 MB for hashes) and
 * took twice as long. Sent as a SET on each new connection (before its
 * first query) rather than as the startup `options` parameter, which connection
 * poolers such as PgBouncer refuse. A URL that sets its own `options` keeps them.
 */
export const POSTGRES_SESSION_SETTINGS = "set work_mem = '32MB'";

function urlSetsOptions(url: string): boolean {
  try {
    return new URL(url).searchParams.has("options");
  } catch {
    return false;
  }
}

async function openPostgres(url: string, migrate: boolean): Promise<DbHandle> {
  // onConnect is awaited before the pool hands the connection out: a SET fired from the "connect" event raced the
  // first query (pg 8 queues it with a deprecation warning; pg 9 will refuse it).
  const applySettings = async (client: ClientBase): Promise<void> => {
    await client.query(POSTGRES_SESSION_SETTINGS).catch((error: unknown) => {
      console.error("[db] could not apply session settings:", error instanceof Error ? error.message : String(error));
    });
  };
  const pool = new Pool({ connectionString: url, max: 10, ...(urlSetsOptions(url) ? {} : { onConnect: applySettings }) });
  pool.on("error", (error) => console.error("[db] idle PostgreSQL client error:", error.message));
  try {
    if (migrate) {
      const client = await pool.connect();
      try {
        await client.query("select pg_advisory_lock($1)", [MIGRATION_LOCK_KEY]);
        try {
          await migrateNodePg(drizzleNodePg({ client, schema }), MIGRATIONS);
        } finally {
          await client.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK_KEY]);
        }
      } finally {
        client.release();
      }
    }
  } catch (error) {
    await pool.end().catch(() => {});
    throw error;
  }
  const db: Db = drizzleNodePg({ client: pool, schema });
  return { db, driver: "postgres", close: () => pool.end() };
}

async function openPglite(dir: string, migrate: boolean): Promise<DbHandle> {
  // Only a database that is to be migrated starts from the template: tests of migrations start from nothing.
  const template = migrate ? pgliteTemplate() : null;
  if (dir === "memory") return pgliteHandle(template ? memoryFromTemplate(template) : new PGlite(), migrate);
  const folder = path.resolve(dir);
  mkdirSync(path.dirname(folder), { recursive: true });
  if (template && !existsSync(/*turbopackIgnore: true*/ path.join(folder, "PG_VERSION"))) copyTemplateTo(template, folder);
  // Creating a new cluster (initdb inside WebAssembly) grows PGlite's memory to ~900 MB, and a
  // WebAssembly memory never shrinks; the same database reopened needs about half of that
  // (bench:memory). So a database created now is closed once it is set up and opened again.
  const created = !existsSync(/*turbopackIgnore: true*/ path.join(folder, "PG_VERSION"));
  if (!created) return pgliteHandle(new PGlite(folder), migrate);
  const first = await pgliteHandle(new PGlite(folder), migrate);
  await first.close();
  return pgliteHandle(new PGlite(folder), false);
}

/** The PGlite databases: one connection, statements answered one after another. */
const serialDatabases = new WeakSet<Db>();

/**
 * Does the database answer several statements at once? A PostgreSQL pool does
 * (on as many cores as the server has); PGlite answers one after another. A
 * report with two jobs over the same rows may do them in one statement where
 * statements queue (less work in all) and in two where they run side by side
 * (each shorter, so the answer comes sooner).
 */
export function answersStatementsInParallel(db: Db): boolean {
  return !serialDatabases.has(db);
}

async function pgliteHandle(client: PGlite, migrate: boolean): Promise<DbHandle> {
  try {
    await client.waitReady;
    const pglite = drizzlePglite({ client, schema });
    if (migrate) await migratePglite(pglite, MIGRATIONS);
    const db: Db = pglite;
    serialDatabases.add(db);
    return { db, driver: "pglite", close: () => client.close() };
  } catch (error) {
    await client.close().catch(() => {});
    throw error;
  }
}

/**
 * Opens a database (tests use this directly; the app uses getDb). With `url`, a
 * node-postgres pool; otherwise PGlite at `dataDir` (default `${DATA_DIR}/pglite`).
 */
export async function createDb(options: CreateDbOptions = {}): Promise<DbHandle> {
  const { url, migrate = true } = options;
  if (url) {
    if (!isPostgresUrl(url)) {
      throw new Error("DATABASE_URL must be a postgres:// or postgresql:// URL (unset it to use the embedded PGlite)");
    }
    return openPostgres(url, migrate);
  }
  return openPglite(options.dataDir ?? path.join(defaultDataDir(), "pglite"), migrate);
}

// One database per process, kept on globalThis so Next's dev reloads and its
// separate route bundles share it (one PGlite may only be opened once).
const GLOBAL_KEY = Symbol.for("rebate-desk.db");
type GlobalWithDb = typeof globalThis & { [GLOBAL_KEY]?: Promise<DbHandle> };
const holder = globalThis as GlobalWithDb;

function openFromEnv(): Promise<DbHandle> {
  const url = process.env.DATABASE_URL?.trim() || undefined;
  return createDb({ url }).then((handle) => {
    console.log(`[db] ${handle.driver === "postgres" ? "PostgreSQL (DATABASE_URL)" : `PGlite at ${path.join(defaultDataDir(), "pglite")}`}: migrated`);
    return handle;
  });
}

/**
 * The app's database: opened and migrated on first use, then shared. Users are
 * seeded once at server start (lib/startup.ts → seedAppDatabase), not here.
 * A failed first open is not cached, so the next call tries again.
 */
export function getDb(): Promise<Db> {
  return getDbHandle().then((handle) => handle.db);
}

/** The app's database with its driver (getDb's, opened the same way). */
export function getDbHandle(): Promise<DbHandle> {
  let pending = holder[GLOBAL_KEY];
  if (!pending) {
    pending = openFromEnv();
    holder[GLOBAL_KEY] = pending;
    pending.catch(() => {
      if (holder[GLOBAL_KEY] === pending) delete holder[GLOBAL_KEY];
    });
  }
  return pending;
}

/** Closes the shared database (tests, shutdown). The next getDb opens it again. */
export async function closeDb(): Promise<void> {
  const pending = holder[GLOBAL_KEY];
  delete holder[GLOBAL_KEY];
  if (!pending) return;
  const handle = await pending.catch(() => null);
  await handle?.close();
}
