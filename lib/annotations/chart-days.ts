/**
 * The days whose annotations a view's charts draw: the view's own, and on an Overview that projects its month or
 * quarter (lib/forecast/period-of-view.ts) on to the period's last day, since the forecast's chart runs there — a
 * campaign planned for the month's last day stands on the projection, in the page, its share link and its PDF.
 */
import { forecastDaysOf } from "../forecast/period-of-view";
import { daysAt, filtersOf, scopeParams, type ShareScope } from "../share/scope";

export function annotationDaysOf(report: string, scope: ShareScope, now: Date): { from: string; to: string } {
  const days = daysAt(scope, now);
  if (report !== "overview") return days;
  const forecast = forecastDaysOf(filtersOf(scopeParams(scope, now), now, scope).range);
  return forecast && forecast.to > days.to ? { from: days.from, to: forecast.to } : days;
}
