/**
 * Words for the sync's report ids (sync_state.report, `GET /api/sync`): the
 * Overview's sync table shows these to a manager instead of the exchange's
 * endpoint names. Browser-safe (no server imports).
 */
import type { SyncWindow } from "./windows";

const REPORT_LABELS: Readonly<Record<string, string>> = {
  "getAffiliateCommission:SPOT": "Commissions (spot)",
  "getAffiliateCommission:FUTURES": "Commissions (futures)",
  "querySubChannelTransactions:SPOT": "Sub-affiliates (spot)",
  "querySubChannelTransactions:FUTURES": "Sub-affiliates (futures)",
  getAffiliateUIDs: "Invited users",
  getChannelUserTradeAndAsset: "Trade & assets",
};

/** The label of a report id; an id this build does not know shows as itself rather than vanishing. */
export function syncReportLabel(report: string): string {
  return REPORT_LABELS[report] ?? report;
}

/** What a sync window's phase means to a reader. */
export const SYNC_PHASE_LABELS: Readonly<Record<SyncWindow["phase"], string>> = {
  recent: "Recent days",
  history: "History",
  repair: "Re-reading days that did not add up",
};

/** The request weight in words, for a tooltip: the exchange limits how much weight an account may use per minute. */
export function requestWeightText(weight: number): string {
  return `Uses ${weight} of the exchange's request weight so far`;
}
