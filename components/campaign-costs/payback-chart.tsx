"use client";

/**
 * The payback chart: by UTC day, the running sum of the code's costs against the running sum of its invitees' commission
 * since sign-up (≈ USDT). Days after the last whole day synced carry no commission point (not synced, never 0).
 */
import { ComparedPeriodsChart, type ComparedRow } from "@/components/reports/compare-chart";
import type { PaybackPoint } from "@/lib/campaign-costs/returns-types";
import { CAMPAIGN_METRICS as M } from "@/lib/metrics/campaign-costs";

const SERIES = [
  { key: "now", label: `${M.commissionSinceSignup.label}, running sum`, color: "#0f9f6e" },
  { key: "before", label: `${M.campaignCost.label}, running sum`, color: "#dc2626", dashed: true },
] as const;

export function PaybackChart({ points, through }: { points: readonly PaybackPoint[]; through: string | null }) {
  if (points.length === 0) return <p className="px-4 py-2 text-sm text-slate-600 dark:text-slate-400">Nothing to chart yet: no sign-up and no cost.</p>;
  const rows: ComparedRow[] = points.map((p) => ({
    label: p.day,
    bucket: p.day,
    previousBucket: p.day,
    now: p.commission,
    before: p.cost,
    state: through !== null && p.day <= through ? "covered" : "uncovered",
    previousState: "covered",
  }));
  return <ComparedPeriodsChart title="Payback: cumulative commission against cumulative cost" rows={rows} series={SERIES} unit="≈ USDT" />;
}
