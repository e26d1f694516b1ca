/**
 * A seeded warehouse for the alert tests: a sandbox world loaded as the sync
 * stores it, every report's sync_state saying it holds 100 days up to NOW, and
 * an analyst who owns the rules. Planting helpers write rows the way the sync
 * does (upserts on the natural key, so the rollup triggers follow).
 */
import { sql } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { syncState, users } from "@/lib/db/schema";
import { createAffiliateWorld } from "@/lib/sandbox/data/affiliate";
import { REPORTS } from "@/lib/sync/reports";
import { fullReadRow } from "@/lib/sync/state";
import type { SessionUser } from "@/lib/auth/session-user";
import { loadCommissions, loadInvitees, loadSubAffiliates, loadTradeAssetDays } from "./warehouse";

export const DAY = 86_400_000;
export const NOW = Date.UTC(2026, 10, 20, 15, 0, 0);
export const CONNECTION = "c1";
export const world = createAffiliateWorld({ seed: 41, invitees: 300, days: 120, subAffiliates: 4, restate: false }, NOW);
export const analyst: SessionUser = { id: "u_analyst", email: "analyst@example.com", name: "Ana", role: "analyst" };
export const admin: SessionUser = { id: "u_admin", email: "admin@example.com", name: "Ad", role: "admin" };

export async function seedAlertWorld(db: Db): Promise<void> {
  await loadCommissions(db, CONNECTION, world, NOW);
  await loadInvitees(db, CONNECTION, world, NOW);
  await loadSubAffiliates(db, CONNECTION, world, NOW);
  await loadTradeAssetDays(db, CONNECTION, world, NOW, 60);
  const coveredFrom = Math.floor(NOW / DAY) * DAY - 100 * DAY;
  const keys = [...REPORTS.map((r) => r.key), fullReadRow("getAffiliateUIDs")];
  await db.insert(syncState).values(keys.map((report) => ({ connectionId: CONNECTION, report, coveredFrom, coveredTo: NOW, backfillDone: true })));
  for (const u of [analyst, admin]) await db.insert(users).values({ id: u.id, email: u.email, name: u.name, role: u.role, passwordHash: "x" });
}

/** One invitee's trade-and-asset day, upserted as the sync writes it. */
export async function plantTradeAssetDay(db: Db, uid: string, day: string, deposit: string, withdrawal = "0"): Promise<void> {
  await db.execute(sql`insert into trade_asset_daily (connection_id, uid, day, deposit_amount, withdrawal_amount, spot_trading_amount, futures_trading_amount, commission)
    values (${CONNECTION}, ${uid}, ${day}::date, ${deposit}::numeric, ${withdrawal}::numeric, 0, 0, 0)
    on conflict (connection_id, uid, day) do update set deposit_amount = excluded.deposit_amount, withdrawal_amount = excluded.withdrawal_amount, updated_at = now()`);
}
