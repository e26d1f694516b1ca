/**
 * A target's or tier threshold's change in words, as the Targets page names them ("New traders — Nov 2026",
 * "Trading volume, all coins — Tier VIP 2: every month") with the value exact and grouped in its figure's unit. Pure.
 */
import { formatDecimal } from "@/lib/format/decimal";
import { metric } from "@/lib/metrics/definitions";
import { periodKeyInWords, TARGET_METRICS, TARGET_UNITS, type Target, type TargetMetric } from "@/lib/targets/types";
import type { FieldChange } from "./types";

/** What target_changes keeps of a target before and after a change (the value as exact text). */
export type TargetFields = Pick<Target, "kind" | "name" | "metric" | "period" | "starts" | "value">;

const isMetric = (m: string): m is TargetMetric => (TARGET_METRICS as readonly string[]).includes(m);

/** "1,000 ≈ USDT", "40 people", "1 person": every digit the value was set with, grouped. */
function valueWords(key: string, value: string): string {
  const unit = isMetric(key) ? TARGET_UNITS[key] : "";
  const shown = formatDecimal(value);
  if (unit === "people") return `${shown} ${value === "1" ? "person" : "people"}`;
  return unit ? `${shown} ${unit}` : shown;
}

/** "New traders — Nov 2026 “stretch” · 40 people"; "Trading volume, all coins — Tier VIP 2: every month · 1,000,000 USDT". */
export function targetWords(t: TargetFields): string {
  const label = isMetric(t.metric) ? metric(t.metric).label : t.metric;
  const what = t.kind === "tier" ? `Tier ${t.name ?? ""}: every ${t.period}` : `${periodKeyInWords(t.starts ?? "")}${t.name ? ` “${t.name}”` : ""}`;
  return `${label} — ${what} · ${valueWords(t.metric, t.value)}`;
}

/**
 * An edit's changed fields (only the value and the name can change), named as the Targets form names them: a tier's
 * name is its "Tier name", a target's its "Note"; a value's sides grouped as targetWords writes them.
 */
export function targetFieldChanges(before: TargetFields | null, after: TargetFields | null): FieldChange[] {
  if (!before || !after) return [];
  const changes: FieldChange[] = [];
  if (before.value !== after.value) changes.push({ field: "Value", from: formatDecimal(before.value), to: formatDecimal(after.value) });
  if ((before.name ?? "") !== (after.name ?? "")) changes.push({ field: after.kind === "tier" ? "Tier name" : "Note", from: before.name, to: after.name });
  return changes;
}
