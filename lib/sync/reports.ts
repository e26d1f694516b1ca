/**
 * The reports the warehouse sync keeps: one per endpoint and product type,
 * each with its window rule (from the endpoints table), its request
 * parameters and its upsert on the natural key (counting rows added vs
 * changed: a re-read of an unchanged row writes nothing).
 */
import { getTableColumns, sql, type SQL } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import type { Db } from "../db/client";
import { commissionItems, invitedUsers, subAffiliateDaily, tradeAssetDaily } from "../db/schema";
import { ENDPOINTS } from "../weex/endpoints";
import type { ItemOf, PagedEndpointId } from "../weex/paging";
import type { RangeRule } from "../weex/time-range";

export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

export interface RowCounts {
  added: number;
  changed: number;
}

export type ReportEndpoint = "getAffiliateCommission" | "querySubChannelTransactions" | "getAffiliateUIDs" | "getChannelUserTradeAndAsset";

export interface ReportDef<Id extends ReportEndpoint & PagedEndpointId = ReportEndpoint> {
  /** sync_state.report */
  key: string;
  endpoint: Id;
  /** Extra request parameters (product type). */
  params: Record<string, unknown>;
  /** Longest window asked for. */
  rule: RangeRule;
  /** Re-read the whole history when due (rows whose fields change long after their window, e.g. milestones). */
  fullRefresh?: boolean;
  /** Days read back at least, whatever SYNC_HISTORY_DAYS says (the invitee directory lists everyone). */
  minHistoryDays?: number;
  /** The instant a row is dated at, checked against the window asked for before anything is stored (page-checks.ts). */
  timeOf?(item: ItemOf<Id>): number;
  upsert(tx: Tx, connectionId: string, items: ItemOf<Id>[], window: { startTime: number; endTime: number }): Promise<RowCounts>;
}

const ONE_DAY: RangeRule = { kind: "days", days: 1 };

/** Window rule of an endpoint: its stated range, else the range public docs mention. */
function ruleOf(id: ReportEndpoint): RangeRule {
  const endpoint = ENDPOINTS[id] as { range?: RangeRule; advisoryRange?: RangeRule };
  return endpoint.range ?? endpoint.advisoryRange ?? { kind: "days", days: 90 };
}

const isoDay = (ms: number): string => new Date(ms).toISOString().slice(0, 10);

/**
 * INSERT … ON CONFLICT (natural key) DO UPDATE only when a value differs;
 * `xmax = 0` tells a fresh row from an updated one (PostgreSQL and PGlite).
 */
async function upsertRows<T extends PgTable>(tx: Tx, table: T, rows: Array<T["$inferInsert"]>, key: PgColumn[], values: string[]): Promise<RowCounts> {
  if (rows.length === 0) return { added: 0, changed: 0 };
  const columns = getTableColumns(table) as Record<string, PgColumn>;
  const set: Record<string, SQL> = { updatedAt: sql`now()` };
  const mine: SQL[] = [];
  const theirs: SQL[] = [];
  for (const name of values) {
    const column = columns[name];
    if (!column) throw new Error(`upsert: no column ${name}`);
    set[name] = sql.raw(`excluded."${column.name}"`);
    mine.push(sql`${column}`);
    theirs.push(sql.raw(`excluded."${column.name}"`));
  }
  const result = await tx
    .insert(table)
    .values(rows as never)
    .onConflictDoUpdate({ target: key, set: set as never, setWhere: sql`(${sql.join(mine, sql`, `)}) is distinct from (${sql.join(theirs, sql`, `)})` })
    .returning({ inserted: sql<boolean>`(xmax = 0)` });
  const added = result.filter((r) => r.inserted).length;
  return { added, changed: result.length - added };
}

/** Last one wins: one statement may not touch a key twice. */
function dedupe<T>(rows: T[], keyOf: (row: T) => string): T[] {
  const byKey = new Map<string, T>();
  for (const row of rows) byKey.set(keyOf(row), row);
  return [...byKey.values()];
}

function commissionReport(productType: "SPOT" | "FUTURES"): ReportDef<"getAffiliateCommission"> {
  return {
    key: `getAffiliateCommission:${productType}`,
    endpoint: "getAffiliateCommission",
    params: { productType },
    rule: ruleOf("getAffiliateCommission"),
    timeOf: (i) => i.date,
    upsert(tx, connectionId, items) {
      const rows = dedupe(
        items.map((i) => ({
          connectionId,
          uid: i.uid,
          day: new Date(i.date),
          coin: i.coin,
          productType: i.productType,
          symbol: i.symbol,
          sourceType: i.sourceType,
          fee: i.fee,
          commission: i.commission,
          rate: i.rate,
          takerAmount: i.takerAmount,
          makerAmount: i.makerAmount,
        })),
        (r) => [r.uid, r.day.getTime(), r.coin, r.productType, r.symbol].join("|"),
      );
      const t = commissionItems;
      return upsertRows(tx, t, rows, [t.connectionId, t.uid, t.day, t.coin, t.productType, t.symbol], ["sourceType", "fee", "commission", "rate", "takerAmount", "makerAmount"]);
    },
  };
}

function subAffiliateReport(productType: "SPOT" | "FUTURES"): ReportDef<"querySubChannelTransactions"> {
  return {
    key: `querySubChannelTransactions:${productType}`,
    endpoint: "querySubChannelTransactions",
    params: { productType },
    // No range in the contract: 90-day windows anyway, so recent days come first.
    rule: ruleOf("querySubChannelTransactions"),
    timeOf: (r) => Date.parse(`${r.date}T00:00:00Z`),
    upsert(tx, connectionId, items) {
      const rows = dedupe(
        items.map((r) => ({
          connectionId,
          subAffiliateUid: r.subAffiliateUid,
          productType: r.productType,
          day: r.date,
          tradingVolume: r.tradingVolume,
          netTradingFee: r.netTradingFee,
          paidCommission: r.paidCommission,
        })),
        (r) => [r.subAffiliateUid, r.productType, r.day].join("|"),
      );
      const t = subAffiliateDaily;
      return upsertRows(tx, t, rows, [t.connectionId, t.subAffiliateUid, t.productType, t.day], ["tradingVolume", "netTradingFee", "paidCommission"]);
    },
  };
}

const invitedUsersReport: ReportDef<"getAffiliateUIDs"> = {
  key: "getAffiliateUIDs",
  endpoint: "getAffiliateUIDs",
  params: {},
  rule: ruleOf("getAffiliateUIDs"),
  fullRefresh: true,
  // Every invitee, back as far as the exchange reaches (365 days in public docs), whatever the history window of
  // the money reports: the invitee directory lists everyone, and the whole list is a few pages.
  minHistoryDays: 365,
  timeOf: (u) => u.registerTime,
  upsert(tx, connectionId, items) {
    const ms = (v: number | null) => (v === null ? null : new Date(v));
    const rows = dedupe(
      items.map((u) => ({
        connectionId,
        uid: u.uid,
        registerTime: new Date(u.registerTime),
        kycResult: u.kycResult,
        inviteCode: u.inviteCode,
        firstDeposit: ms(u.firstDeposit),
        lastDeposit: ms(u.lastDeposit),
        firstTrade: ms(u.firstTrade),
        lastTrade: ms(u.lastTrade),
      })),
      (r) => r.uid,
    );
    const t = invitedUsers;
    return upsertRows(tx, t, rows, [t.connectionId, t.uid], ["registerTime", "kycResult", "inviteCode", "firstDeposit", "lastDeposit", "firstTrade", "lastTrade"]);
  },
};

/** Totals over the range asked: read one UTC day per window and stored per day (see trade_asset_daily). */
const tradeAssetReport: ReportDef<"getChannelUserTradeAndAsset"> = {
  key: "getChannelUserTradeAndAsset",
  endpoint: "getChannelUserTradeAndAsset",
  params: {},
  rule: ONE_DAY,
  upsert(tx, connectionId, items, window) {
    const day = isoDay(window.startTime);
    const rows = dedupe(
      items.map((r) => ({
        connectionId,
        uid: r.uid,
        day,
        depositAmount: r.depositAmount,
        withdrawalAmount: r.withdrawalAmount,
        spotTradingAmount: r.spotTradingAmount,
        futuresTradingAmount: r.futuresTradingAmount,
        commission: r.commission,
      })),
      (r) => r.uid,
    );
    const t = tradeAssetDaily;
    return upsertRows(tx, t, rows, [t.connectionId, t.uid, t.day], ["depositAmount", "withdrawalAmount", "spotTradingAmount", "futuresTradingAmount", "commission"]);
  },
};

/** Every report, in the order a run visits them. */
export const REPORTS: readonly ReportDef[] = [
  commissionReport("SPOT"),
  commissionReport("FUTURES"),
  subAffiliateReport("SPOT"),
  subAffiliateReport("FUTURES"),
  invitedUsersReport,
  tradeAssetReport,
] as unknown as readonly ReportDef[];

export const REPORT_KEYS = REPORTS.map((r) => r.key);
