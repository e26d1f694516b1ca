/** What the sync found out about the exchange's K-lines for a connection (lib/sync/prices/source.ts). */
import "server-only";
import { and, eq, like } from "drizzle-orm";
import type { Db } from "../db/client";
import { syncState } from "../db/schema";
import { NOT_AVAILABLE, PRICES_REPORT } from "../sync/prices/store";

export interface PricesAvailability {
  /** "unknown" until the sync has asked; "not-available" when the exchange does not serve K-lines. */
  endpoint: "available" | "not-available" | "unknown";
  /** Pairs the exchange does not list or that failed in the last run, with the sync's words. */
  pairErrors: Array<{ symbol: string; error: string }>;
  /** When the sync last read K-lines without an endpoint failure (ms); null before. */
  lastSyncAt: number | null;
}

export async function pricesAvailability(db: Db, connectionId: string): Promise<PricesAvailability> {
  const rows = await db
    .select({ report: syncState.report, lastError: syncState.lastError, lastSuccessAt: syncState.lastSuccessAt })
    .from(syncState)
    .where(and(eq(syncState.connectionId, connectionId), like(syncState.report, `${PRICES_REPORT}%`)));
  const main = rows.find((r) => r.report === PRICES_REPORT);
  const endpoint = !main ? "unknown" : main.lastError?.startsWith(NOT_AVAILABLE) ? "not-available" : "available";
  const pairErrors = rows
    .filter((r) => r.report !== PRICES_REPORT && r.lastError)
    .map((r) => ({ symbol: r.report.split(":")[1] ?? r.report, error: r.lastError as string }));
  return { endpoint, pairErrors, lastSyncAt: main?.lastSuccessAt?.getTime() ?? null };
}

/** Where the prices of an answer come from, in the contract's words (lib/prices/contract.ts `source`). */
export function pricesSource(availability: Pick<PricesAvailability, "endpoint">): "synced" | "not-yet" | "not-available" {
  return availability.endpoint === "available" ? "synced" : availability.endpoint === "unknown" ? "not-yet" : "not-available";
}
