/**
 * Table upkeep that PostgreSQL's autovacuum does on a server and PGlite does
 * not: PGlite runs one backend and no background workers. Without it the
 * planner never learns a table's size (a rollup filled by a migration or a
 * backfill is planned as if it held a handful of rows, choosing nested loops
 * over a year of data), and the dead row versions every rollup upsert leaves
 * are never reclaimed, so scans slow down as syncs restate days. After sync
 * runs that wrote enough rows — or any rows, once the last upkeep is an hour
 * old — this runs VACUUM (ANALYZE) on the warehouse tables. On PostgreSQL it
 * does nothing: autovacuum is there.
 */
import "server-only";
import { sql } from "drizzle-orm";
import type { DbHandle } from "./client";

/** Every table a sync writes, directly or through the rollup triggers. */
export const WAREHOUSE_TABLES = [
  "commission_items",
  "commission_day",
  "commission_day_symbol",
  "commission_day_rate",
  "commission_uid_monthly",
  "commission_uid_coin_monthly",
  "commission_uid_day",
  "invited_users",
  "sub_affiliate_daily",
  "trade_asset_daily",
  "trade_asset_uid_monthly",
  "trade_asset_day",
  "retention_cells",
  "sync_state",
] as const;

export interface UpkeepPolicy {
  /** Rows written since the last upkeep that make the next one due. */
  rows: number;
  /** Age of the last upkeep after which any written row makes the next one due. */
  maxAgeMs: number;
}

export const DEFAULT_UPKEEP: UpkeepPolicy = { rows: 5_000, maxAgeMs: 3_600_000 };

export class WarehouseUpkeep {
  private pendingRows = 0;
  private lastAt = Number.NEGATIVE_INFINITY;
  private running: Promise<void> | null = null;

  constructor(
    private readonly handle: Pick<DbHandle, "db" | "driver">,
    private readonly policy: UpkeepPolicy = DEFAULT_UPKEEP,
    private readonly now: () => number = Date.now,
  ) {}

  /** Counts rows a sync wrote and runs the upkeep when due. True when it ran. */
  async afterWrites(rows: number): Promise<boolean> {
    if (this.handle.driver !== "pglite" || rows < 0) return false;
    this.pendingRows += rows;
    if (this.pendingRows === 0 || this.running) return false;
    const due = this.pendingRows >= this.policy.rows || this.now() - this.lastAt >= this.policy.maxAgeMs;
    if (!due) return false;
    this.pendingRows = 0;
    this.lastAt = this.now();
    // VACUUM cannot run in a transaction block; on PGlite each statement outside one is its own.
    this.running = this.handle.db.execute(sql.raw(`vacuum (analyze) ${WAREHOUSE_TABLES.join(", ")}`)).then(() => undefined);
    try {
      await this.running;
      return true;
    } finally {
      this.running = null;
    }
  }
}

const KEY = Symbol.for("rebate-desk.upkeep");

/** The process's upkeep for the app's database (one PGlite per process). */
export function upkeepFor(handle: Pick<DbHandle, "db" | "driver">): WarehouseUpkeep {
  const g = globalThis as { [KEY]?: { handle: Pick<DbHandle, "db" | "driver">; upkeep: WarehouseUpkeep } };
  if (g[KEY]?.handle !== handle) g[KEY] = { handle, upkeep: new WarehouseUpkeep(handle) };
  return g[KEY].upkeep;
}
