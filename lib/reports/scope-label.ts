/**
 * A report scope in words, for headers of shared pages, printouts, PDFs and
 * downloaded charts: "2026-10-24 – 2026-11-22 · USDT · Futures · Sub-agents · UTC".
 * Pure: the server (share links) and the browser (app pages) both use it.
 */
import { PRODUCT_LABELS, SOURCE_LABELS, type ReportFilters } from "./filters";
import type { ReportName } from "./names";
import { COMPARE_IN_WORDS, DEFAULT_COMPARE, type CompareChoice } from "./periods";
import { scopeZoneWords } from "./zone-words";

export type ScopeFields = Pick<ReportFilters, "coin" | "product" | "source" | "uid" | "sub" | "interval" | "tz"> & { from: string; to: string; compare?: CompareChoice | undefined };

/** `report`: on the Sub-affiliate report `uid` names the sub-affiliate (a partner: never masked), elsewhere an invitee. */
export function describeScope(scope: ScopeFields, options: { maskUid?: (uid: string) => string; report?: ReportName } = {}): string {
  const parts = [scope.from === scope.to ? scope.from : `${scope.from} – ${scope.to}`];
  if (scope.coin) parts.push(scope.coin);
  if (scope.product) parts.push(PRODUCT_LABELS[scope.product]);
  if (scope.source) parts.push(SOURCE_LABELS[scope.source]);
  if (scope.uid && options.report === "sub-affiliate") parts.push(`sub-affiliate ${scope.uid}`);
  else if (scope.uid) parts.push(`invitee ${options.maskUid ? options.maskUid(scope.uid) : scope.uid}`);
  if (scope.sub) parts.push(`sub-affiliate ${scope.sub}`);
  if (scope.interval !== "day") parts.push(`per ${scope.interval}`);
  parts.push(scopeZoneWords(scope.tz));
  // The comparison, where it is not the default (previous period): a shared view or printout says what it compares with.
  if (scope.compare && scope.compare !== DEFAULT_COMPARE) parts.push(`compared with ${COMPARE_IN_WORDS[scope.compare]}`);
  return parts.join(" · ");
}
