/**
 * The Overview's forecast for a month- or quarter-to-date view: the daily series of each projected figure over the
 * period so far and the four weeks before today, read from the warehouse's day rollups, held days only, then
 * projectPeriod. A day is held when every source the Overview reads holds it whole (lib/reports/coverage.ts) and no
 * window of it was found incomplete; a held day without rows is a real 0. The commission's day is also not held when
 * one of its coins' closes is not (it would be "not valued" on the Overview's card).
 */
import "server-only";
import { sql } from "drizzle-orm";
import { bucketRows } from "../reports/sql";
import { heldDays, isoDay } from "../reports/coverage";
import { incompleteSpans, inIncomplete } from "../reports/coverage-incomplete";
import { sourceSpansFor } from "../reports/coverage-sources";
import { dailyConditions } from "../reports/sql";
import type { ReportFilters } from "../reports/filters";
import type { Db } from "../db/client";
import { valuedSeries } from "../prices/period-values";
import { exactSum } from "../decimal/exact";
import { FORECAST_METHOD, FORECAST_WEEKS, projectPeriod } from "./project";
import { forecastPresetOf, periodEnd } from "./period-of-view";
import { FORECAST_METRICS, FORECAST_PERIODS, type ForecastFigure, type ForecastMetric, type OverviewForecast } from "./types";

const DAY_MS = 86_400_000;
const dayMs = (day: string) => Date.parse(`${day}T00:00:00Z`);

/** Each metric's value per UTC day with rows, in [start, end] (ms); a day whose commission is not valued maps to null. */
async function dailyValues(db: Db, connectionId: string, start: number, end: number): Promise<Record<ForecastMetric, Map<string, string | null>>> {
  const where = dailyConditions(connectionId, start, end);
  const [valued, volume, traders] = await Promise.all([
    valuedSeries(db, connectionId, { table: sql`commission_day`, where }, sql`day`),
    bucketRows<{ v: string }>(db, sql`select day as b, sum(taker_amount + maker_amount)::text as v from commission_day where ${where} group by 1`),
    bucketRows<{ v: string }>(
      db,
      sql`select (first_trade at time zone 'UTC')::date as b, count(*)::text as v from invited_users
          where connection_id = ${connectionId} and first_trade >= ${new Date(start).toISOString()}::timestamptz
            and first_trade <= ${new Date(end).toISOString()}::timestamptz group by 1`,
    ),
  ]);
  const commission = new Map<string, string | null>();
  const parts = new Map<string, Array<string | null>>();
  for (const r of valued) parts.set(r.bucket, [...(parts.get(r.bucket) ?? []), r.commission]);
  for (const [day, list] of parts) commission.set(day, list.some((v) => v === null) ? null : exactSum(list as string[]));
  return {
    commissionAllCoins: commission,
    volumeAllCoins: new Map(volume.map((r) => [r.bucket, r.v])),
    newTraders: new Map(traders.map((r) => [r.bucket, r.v])),
  };
}

const unavailable = (reason: string): ForecastFigure => ({ value: null, low: null, high: null, soFar: null, daysDone: 0, daysLeft: 0, unavailable: reason });

/** The forecast of a month- or quarter-to-date Overview view (period-of-view.ts); null for any other range. */
export async function overviewForecast(db: Db, connectionId: string, f: ReportFilters): Promise<OverviewForecast | null> {
  const preset = forecastPresetOf(f.range);
  if (preset === null) return null;
  const period = FORECAST_PERIODS[preset];
  const from = f.range.from;
  const to = periodEnd(from, period);
  const today = isoDay(f.range.endTime);
  const seriesFrom = Math.min(dayMs(from), dayMs(today) - FORECAST_WEEKS * 7 * DAY_MS);
  const lastWhole = dayMs(today) - DAY_MS;
  const [spans, daily] = await Promise.all([sourceSpansFor(db, connectionId, "overview", f), dailyValues(db, connectionId, seriesFrom, dayMs(today) - 1)]);
  const held = heldDays(spans);
  const incomplete = incompleteSpans(spans);
  const figures = {} as Record<ForecastMetric, ForecastFigure>;
  for (const key of FORECAST_METRICS) {
    const values = new Map<string, string>();
    for (let t = seriesFrom; held && t <= lastWhole; t += DAY_MS) {
      const day = isoDay(t);
      if (t < held.first || t > held.last || inIncomplete(incomplete, day)) continue;
      const v = daily[key].get(day);
      if (v === null) continue; // a day's close not held: the day's commission is not valued
      values.set(day, v ?? "0");
    }
    const p = projectPeriod({ from, to, today, values });
    figures[key] = p.available
      ? { value: p.value, low: p.low, high: p.high, soFar: p.soFar, daysDone: p.daysDone, daysLeft: p.daysLeft, unavailable: null, path: p.path }
      : unavailable(p.reason);
  }
  return { period, from, to, today, method: FORECAST_METHOD, figures };
}
