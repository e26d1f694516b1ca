/**
 * What a saved view shows, in words: its period as the page names it ("Last 7 days (2026-11-21 – 2026-11-27)": a
 * preset moves on with the days, so its name comes first), the shared filters as the share links say them
 * (describeScope), and the report's own filters from its query ("status dormant"). Paging and order are left out: they
 * choose what is seen first, not what is shown.
 */
import { parseReportFilters } from "../reports/filters";
import type { ReportName } from "../reports/names";
import { describeScope } from "../reports/scope-label";
import { knownParams } from "./query-check";

const NOT_SAID = new Set(["range", "from", "to", "page", "pageSize", "sort", "dir"]);
const SHARED = new Set(["coin", "product", "source", "uid", "sub", "interval", "tz", "compare"]);

export function savedViewScopeWords(report: ReportName, query: string, now: Date): string {
  const params = new URLSearchParams(query);
  const filters = parseReportFilters(params, now);
  const { from, to, label, state } = filters.range;
  const days = from === to ? from : `${from} – ${to}`;
  const period = state.range === "custom" ? days : `${label} (${days})`;
  const shared = describeScope({ ...filters, from, to }, { report }).split(" · ").slice(1);
  const known = knownParams(report);
  const own = [...params].filter(([name, value]) => value !== "" && known.has(name) && !NOT_SAID.has(name) && !SHARED.has(name)).map(([name, value]) => `${name} ${value}`);
  return [period, ...own, ...shared].join(" · ");
}
