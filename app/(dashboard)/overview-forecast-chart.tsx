"use client";

/**
 * The forecast's chart: one projected figure at a time (chosen with the buttons above it), cumulative over the month
 * or quarter — the whole days so far, the projection dashed to the period's end in its range, and the period's targets
 * and tier thresholds on that figure as goal lines. Goals are the team's: never on a share link.
 */
import { useState } from "react";
import { ForecastPathChart, type ForecastGoal } from "@/components/reports/forecast-path-chart";
import { useTargets } from "@/components/targets/use-targets";
import { FORECAST_METRICS, FORECAST_UNITS, type ForecastMetric, type OverviewForecast } from "@/lib/forecast/types";
import { metric } from "@/lib/metrics/definitions";
import { targetsFor } from "@/lib/targets/progress";
import { periodKey, type Target } from "@/lib/targets/types";
import { targetName } from "./overview-targets";
import { cn } from "@/components/ui/cn";

/** A goal line's words: whose it is and its value in the figure's unit ("Target: 1,000.00 ≈ USDT", "Tier VIP 2: 40 people"). */
const goalLabel = (t: Target, shown: string, unit: string) => `${targetName(t)}: ${shown} ${unit}`;

export function ForecastChart({
  forecast,
  shared,
  shown,
}: {
  forecast: OverviewForecast;
  shared: boolean;
  shown: (key: ForecastMetric, v: string | null) => string;
}) {
  const [chosen, choose] = useState<ForecastMetric>("commissionAllCoins");
  const targets = useTargets(!shared);
  const figure = forecast.figures[chosen];
  const goals: ForecastGoal[] = shared
    ? []
    : targetsFor(targets.data?.targets ?? [], forecast.period, periodKey(forecast.from, forecast.period))
        .filter((t) => t.metric === chosen)
        .map((t) => ({ id: t.id, label: goalLabel(t, shown(chosen, t.value), FORECAST_UNITS[chosen]), value: Number(t.value) }));
  const label = metric(chosen).label;
  return (
    <div className="mt-4 space-y-2">
      <div role="group" aria-label="Figure on the forecast chart" className="flex flex-wrap gap-1.5 print:hidden">
        {FORECAST_METRICS.map((key) => (
          <button
            key={key}
            type="button"
            aria-pressed={key === chosen}
            onClick={() => choose(key)}
            className={cn(
              "rounded-md border px-2 py-1 text-xs font-medium",
              key === chosen
                ? "border-brand-600 bg-brand-50 text-brand-800 dark:border-brand-400 dark:bg-brand-950 dark:text-brand-200"
                : "border-slate-300 text-slate-700 hover:bg-slate-100 dark:border-slate-700 dark:text-slate-300 dark:hover:bg-slate-800",
            )}
          >
            {metric(key).label}
          </button>
        ))}
      </div>
      {figure.path && figure.path.length > 0 ? (
        <ForecastPathChart
          title={`${label}, cumulative: so far and projected to ${forecast.to}`}
          path={figure.path}
          goals={goals}
          unit={FORECAST_UNITS[chosen]}
          shown={(v) => shown(chosen, v)}
        />
      ) : (
        <p className="text-xs text-slate-600 dark:text-slate-400">
          {figure.unavailable !== null ? `${label}: not projected — ${figure.unavailable}.` : `${label}: no day-by-day projection in this view.`}
        </p>
      )}
    </div>
  );
}
