"use client";

/**
 * The payback chart: from the code's first cost, by UTC day, the running sum of its costs against the running sum of the
 * commission of the invitees who signed up from that day on, each since their sign-up (≈ USDT). Days after the last whole
 * day synced carry no commission point (not synced, never 0). A code without a cost has no payback to chart. The page
 * (AnnotationsOfCode) narrows its annotations to the code: the code's notes and those tied to nothing, of its days.
 */
import { ComparedPeriodsChart, type ComparedRow } from "@/components/reports/compare-chart";
import type { PaybackPoint } from "@/lib/campaign-costs/returns-types";
import { CAMPAIGN_METRICS as M } from "@/lib/metrics/campaign-costs";

const SERIES = [
  { key: "now", label: `${M.commissionSinceSignup.label}, running sum`, color: "#0f9f6e" },
  { key: "before", label: `${M.campaignCost.label}, running sum`, color: "#dc2626", dashed: true },
] as const;

export function PaybackChart({ points, through }: { points: readonly PaybackPoint[]; through: string | null }) {
  if (points.length === 0) return <p className="px-4 py-2 text-sm text-slate-600 dark:text-slate-400">No payback to chart yet: enter a cost for this code, and its payback starts on the cost&apos;s day.</p>;
  const rows: ComparedRow[] = points.map((p) => ({
    label: p.day,
    bucket: p.day,
    previousBucket: p.day,
    now: p.commission,
    before: p.cost,
    state: through !== null && p.day <= through ? "covered" : "uncovered",
    previousState: "covered",
  }));
  return (
    <>
      <p className="px-4 text-xs text-slate-600 dark:text-slate-400">
        From the first cost&apos;s day ({points[0]!.day}): what the code cost, against what the invitees who signed up with it since then
        have earned you. It has paid for itself where the commission line is above the cost line.
      </p>
      <ComparedPeriodsChart title="Payback: cumulative commission against cumulative cost" rows={rows} series={SERIES} unit="≈ USDT" sameDates ownDays />
    </>
  );
}
