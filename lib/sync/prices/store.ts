/** The warehouse side of the daily-close sync: which coins need prices, coverage rows, and upserts. */
import { and, eq, ne, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { commissionItems, priceCloses, syncState, type PriceBasis } from "../../db/schema";
import type { Coverage, CloseRow } from "./plan";

/** USDT amounts need no price; every other coin is valued against its USDT pair. */
export const QUOTE_COIN = "USDT";
export const pairOf = (coin: string): string => `${coin}${QUOTE_COIN}`;

/** sync_state keys: one per (symbol, basis), and one for the endpoint itself ("not available"). */
export const PRICES_REPORT = "prices";
export const pricesReportKey = (symbol: string, basis: PriceBasis): string => `${PRICES_REPORT}:${symbol}:${basis}`;
/** The prefix of lastError when the exchange has no K-lines (or no pair): readers tell it from a passing failure. */
export const NOT_AVAILABLE = "not available";

/** Every non-USDT coin of the commission rows, with its first day (the history the closes must reach). */
export async function coinsToPrice(db: Db, connectionId: string): Promise<Array<{ coin: string; firstDay: number }>> {
  const rows = await db
    .select({ coin: commissionItems.coin, first: sql<Date | string>`min(${commissionItems.day})` })
    .from(commissionItems)
    .where(and(eq(commissionItems.connectionId, connectionId), ne(commissionItems.coin, QUOTE_COIN)))
    .groupBy(commissionItems.coin)
    .orderBy(commissionItems.coin);
  return rows.map((r) => ({ coin: r.coin, firstDay: new Date(r.first).getTime() }));
}

export async function loadCoverage(db: Db, connectionId: string, report: string): Promise<Coverage> {
  const [row] = await db.select().from(syncState).where(and(eq(syncState.connectionId, connectionId), eq(syncState.report, report))).limit(1);
  return { coveredFrom: row?.coveredFrom ?? null, coveredTo: row?.coveredTo ?? null };
}

const isoDay = (ms: number): string => new Date(ms).toISOString().slice(0, 10);

/** A request's closes and the coverage they bring, in one transaction (a crash loses or duplicates nothing). */
export async function commitCloses(db: Db, key: { connectionId: string; symbol: string; basis: PriceBasis; report: string }, rows: CloseRow[], coverage: Coverage, backfillDone: boolean): Promise<{ added: number; changed: number }> {
  return db.transaction(async (tx) => {
    let added = 0;
    let changed = 0;
    if (rows.length > 0) {
      const values = rows.map((r) => ({ connectionId: key.connectionId, symbol: key.symbol, basis: key.basis, day: isoDay(r.day), close: r.close, priceTime: r.priceTime, final: r.final }));
      const t = priceCloses;
      const result = await tx
        .insert(t)
        .values(values)
        .onConflictDoUpdate({
          target: [t.connectionId, t.symbol, t.day, t.basis],
          set: { close: sql`excluded.close`, priceTime: sql`excluded.price_time`, final: sql`excluded.final`, updatedAt: sql`now()` },
          setWhere: sql`(${t.close}, ${t.final}) is distinct from (excluded.close, excluded.final)`,
        })
        // xmax = 0: a fresh row, not an update (PostgreSQL and PGlite).
        .returning({ inserted: sql<boolean>`(xmax = 0)` });
      added = result.filter((r) => r.inserted).length;
      changed = result.length - added;
    }
    const state = { coveredFrom: coverage.coveredFrom, coveredTo: coverage.coveredTo, backfillDone, lastError: null, rowsAdded: sql`${syncState.rowsAdded} + ${added}`, rowsChanged: sql`${syncState.rowsChanged} + ${changed}`, updatedAt: sql`now()` };
    await tx
      .insert(syncState)
      .values({ connectionId: key.connectionId, report: key.report, coveredFrom: coverage.coveredFrom, coveredTo: coverage.coveredTo, backfillDone, rowsAdded: added, rowsChanged: changed })
      .onConflictDoUpdate({ target: [syncState.connectionId, syncState.report], set: state });
    return { added, changed };
  });
}

/** A (symbol, basis) or the whole source ended its run: its success, or its error (coverage kept). */
export async function recordOutcome(db: Db, connectionId: string, report: string, error: string | null, at: Date): Promise<void> {
  const set = error === null ? { lastSuccessAt: at, lastError: null } : { lastErrorAt: at, lastError: error };
  await db
    .insert(syncState)
    .values({ connectionId, report, ...set })
    .onConflictDoUpdate({ target: [syncState.connectionId, syncState.report], set: { ...set, updatedAt: sql`now()` } });
}
