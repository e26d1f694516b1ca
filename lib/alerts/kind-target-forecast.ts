/**
 * The planning alert (issue #28): a month's or quarter's projected figure (lib/forecast) falls short of its target or
 * tier threshold (lib/targets) by more than a share. Judged on the period in progress (UTC), from the whole days so
 * far; one firing per target per day at most (the forecast's day is the data), the rule's cooldown on top.
 */
import "server-only";
import Decimal from "decimal.js";
import { overviewForecast } from "../forecast/overview";
import { metric } from "../metrics/definitions";
import { parseReportFilters } from "../reports/filters";
import { stretchInWords } from "../reports/period-words";
import { progressOf, targetsFor } from "../targets/progress";
import { listTargets } from "../targets/store";
import { isForecastMetric, periodKey, type Target } from "../targets/types";
import { forecastAmount, forecastNumber, type ForecastMetric } from "../forecast/types";
import type { AlertCandidate, Evaluator } from "./types";

export const evaluateTargetForecast: Evaluator<"target-forecast"> = async ({ db, connectionId, params, now }) => {
  const filters = parseReportFilters(new URLSearchParams(`range=${params.period === "month" ? "mtd" : "qtd"}`), now);
  const [forecast, all] = await Promise.all([overviewForecast(db, connectionId, filters), listTargets(db, connectionId)]);
  if (!forecast) return { candidates: [], notes: [] };
  // The forecast's figures only: a target on a figure it does not project (net deposits …) has no projection to miss.
  const watched = targetsFor(all, forecast.period, periodKey(forecast.from, forecast.period))
    .filter((t): t is Target & { metric: ForecastMetric } => isForecastMetric(t.metric))
    .filter((t) => params.figure === "any" || t.metric === params.figure);
  if (watched.length === 0) return { candidates: [], notes: [`No target or tier threshold is set for this ${forecast.period} on the figure watched.`] };
  const candidates: AlertCandidate[] = [];
  const notes: string[] = [];
  for (const t of watched) {
    const f = forecast.figures[t.metric];
    const label = metric(t.metric).label;
    if (f.value === null || f.low === null || f.high === null) {
      notes.push(`${label}: not projected (${f.unavailable ?? "no projection"}).`);
      continue;
    }
    const p = progressOf(t.value, f);
    const short = new Decimal(t.value).minus(f.value).div(t.value).times(100);
    if (p.standing === "reached" || short.lte(params.percent)) continue;
    const goal = t.kind === "tier" ? `the tier ${t.name}'s threshold` : "the target";
    candidates.push({
      conditionKey: `target-forecast:${t.id}`,
      subject: forecast.today,
      sentence: `${label} of ${stretchInWords({ from: forecast.from, to: forecast.to })} is projected at ≈ ${forecastAmount(t.metric, f.value)} (range ${forecastNumber(t.metric, f.low)} – ${forecastAmount(t.metric, f.high)}), ${short.toFixed(1)} % short of ${goal}, ${forecastAmount(t.metric, t.value)} (an estimate from the whole days so far, made on ${forecast.today}).`,
      figures: { target: t.value, projected: f.value, low: f.low, high: f.high, soFar: f.soFar ?? "", shortPercent: short.toFixed(2) },
      links: [{ label: `Overview, ${forecast.period} to date`, href: `/?range=${params.period === "month" ? "mtd" : "qtd"}` }],
    });
  }
  return { candidates, notes };
};
