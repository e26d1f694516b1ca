/**
 * "Make an alert" from a saved view: the Alerts page's rule form opened and
 * prefilled with what the view fixes — a sub-affiliate's page with a
 * sub-affiliate-change rule on that uid; any other view with a period-change
 * rule on its coin (commission) or on volume (Trade & assets), over its bucket
 * size. Only existing kinds and fields (lib/alerts/kinds.ts); the person
 * chooses the rest and saves. Browser-safe.
 */
import { parseReportFilters } from "../reports/filters";
import type { SavedView } from "./types";

/** The fields the Alerts page reads from its address to open a prefilled new rule (the rule form's draft names). */
const PREFILL_FIELDS = ["name", "kind", "metric", "period", "coin", "sub"] as const;
const MARK = "newRule";

export function alertPrefillHref(view: Pick<SavedView, "name" | "report" | "query">, now: Date = new Date()): string {
  const filters = parseReportFilters(new URLSearchParams(view.query), now);
  const draft: Record<string, string> = { [MARK]: "1", name: view.name.slice(0, 120), period: filters.interval };
  if (view.report === "sub-affiliate" && filters.uid) Object.assign(draft, { kind: "sub-affiliate-change", metric: "paidCommission", sub: filters.uid });
  else if (view.report === "trade-assets") Object.assign(draft, { kind: "period-change", metric: "volume" });
  else Object.assign(draft, { kind: "period-change", metric: "commission", ...(filters.coin ? { coin: filters.coin } : {}) });
  return `/alerts?${new URLSearchParams(draft).toString()}`;
}

/** The prefilled fields the Alerts page's address carries, or null when it asks for no new rule. */
export function alertPrefillOf(search: { get(name: string): string | null }): Record<string, string> | null {
  if (search.get(MARK) !== "1") return null;
  const draft: Record<string, string> = {};
  for (const field of PREFILL_FIELDS) {
    const value = search.get(field);
    if (value !== null) draft[field] = value.slice(0, 120);
  }
  return draft;
}
