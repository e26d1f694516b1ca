/**
 * The Overview digest's month-end forecast in words (issue #28): one line per projected figure — "≈ X projected
 * (low – high)" — and, where the team set one, its target or tier threshold and where it stands ("target 700: on
 * track"). Made at the run's instant for the month in progress (UTC), whatever the digest's own period, so a daily
 * digest says every morning where the month is heading. Pure: the content (content.ts) reads the forecast and targets.
 */
import { FORECAST_METRICS, forecastAmount as amount, forecastNumber as number, type OverviewForecast } from "../forecast/types";
import { metric } from "../metrics/definitions";
import { stretchInWords } from "../reports/period-words";
import { progressOf, STANDING_WORDS, targetsFor } from "../targets/progress";
import { periodKey, type Target } from "../targets/types";


export function forecastLines(forecast: OverviewForecast, targets: readonly Target[]): string[] {
  const mine = targetsFor(targets, forecast.period, periodKey(forecast.from, forecast.period));
  const out = [`${forecast.period === "month" ? "Month" : "Quarter"}-end forecast for ${stretchInWords({ from: forecast.from, to: forecast.to })}, an estimate: ${forecast.method}`];
  for (const key of FORECAST_METRICS) {
    const f = forecast.figures[key];
    const projected = f.value === null || f.low === null || f.high === null ? `not projected (${f.unavailable ?? "no projection"})` : `≈ ${amount(key, f.value)} projected (${number(key, f.low)} – ${amount(key, f.high)})`;
    const goals = mine
      .filter((t) => t.metric === key)
      .map((t) => `${t.kind === "tier" ? `tier ${t.name}` : "target"} ${amount(key, t.value)}: ${STANDING_WORDS[progressOf(t.value, f).standing]}`);
    out.push(`${metric(key).label}: ${projected}${goals.length > 0 ? `; ${goals.join("; ")}` : ""}`);
  }
  return out;
}
