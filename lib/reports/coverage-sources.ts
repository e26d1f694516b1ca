/**
 * Which sync reports feed which analytics report, and the coverage of a view
 * from their sync_state rows (lib/reports/coverage.ts holds the rule). A
 * report this table does not name (a new one) is judged by every sync report:
 * it may read any of them, and a coverage too strict beats zeros that lie.
 */
import "server-only";
import type { Db } from "../db/client";
import { REPORTS } from "../sync/reports";
import { syncReportLabel } from "../sync/report-labels";
import { fullReadRow, loadStates } from "../sync/state";
import { coverageOf, type Coverage, type SourceSpan } from "./coverage";
import type { ProductType, ReportFilters } from "./filters";
import type { ReportName } from "./names";

const INVITED_USERS = "getAffiliateUIDs";
/** Invitees' milestones (KYC, first and last deposit and trade): as fresh as the last full read of invited users. */
const MILESTONES = fullReadRow(INVITED_USERS);
const TRADE_ASSETS = "getChannelUserTradeAndAsset";
const commissions = (product?: ProductType) => (product ? [`getAffiliateCommission:${product}`] : ["getAffiliateCommission:SPOT", "getAffiliateCommission:FUTURES"]);
const subAffiliates = (product?: ProductType) => (product ? [`querySubChannelTransactions:${product}`] : ["querySubChannelTransactions:SPOT", "querySubChannelTransactions:FUTURES"]);

/** The sync reports (sync_state keys) each analytics report reads, for a view's filters. */
const SOURCES: Partial<Record<ReportName, (f: ReportFilters) => string[]>> = {
  // Commission, fee, volume and active traders; new invitees (registrations only); net deposits.
  overview: () => [...commissions(), INVITED_USERS, TRADE_ASSETS],
  commissions: (f) => commissions(f.product),
  "sub-affiliates": (f) => subAffiliates(f.product),
  "sub-affiliate": (f) => subAffiliates(f.product),
  // Sign-ups and milestones per code from invited users; their commission and volume from the commission rollups.
  "invite-codes": () => [INVITED_USERS, MILESTONES, ...commissions()],
  // Cohorts and milestones from invited users; retention from the invitees' commission.
  invitees: () => [INVITED_USERS, MILESTONES, ...commissions()],
  "trade-assets": () => [TRADE_ASSETS],
  // One invitee: its commission items, its trade-and-asset days, and its profile and milestones.
  invitee: () => [...commissions(), TRADE_ASSETS, INVITED_USERS, MILESTONES],
};

export function sourcesOf(name: string, filters: ReportFilters): string[] {
  const of = SOURCES[name as ReportName];
  return of ? of(filters) : [...REPORTS.map((r) => r.key), MILESTONES];
}

/** The coverage of a report view for a connection, from its sources' sync_state rows. */
export async function coverageFor(db: Db, connectionId: string, name: string, filters: ReportFilters): Promise<Coverage> {
  const sources = await sourceSpansFor(db, connectionId, name, filters);
  return coverageOf({ range: filters.range, interval: filters.interval, tz: filters.tz, sources });
}

/** What the sync holds of each source a report view reads (one read of sync_state; coverageOf judges any range with it). */
export async function sourceSpansFor(db: Db, connectionId: string, name: string, filters: ReportFilters): Promise<SourceSpan[]> {
  const states = await loadStates(db, connectionId);
  return sourcesOf(name, filters).map((key) => {
    if (key === MILESTONES) {
      // Rows synced before full reads were recorded: the invited users' own "as of" until the next full read.
      const asOf = states.get(key)?.coveredTo ?? states.get(INVITED_USERS)?.coveredTo ?? null;
      return { key, label: "Invitee milestones", coveredFrom: null, coveredTo: asOf, backfillDone: true, asOfOnly: true };
    }
    const row = states.get(key);
    return { key, label: syncReportLabel(key), coveredFrom: row?.coveredFrom ?? null, coveredTo: row?.coveredTo ?? null, backfillDone: row?.backfillDone ?? false };
  });
}
